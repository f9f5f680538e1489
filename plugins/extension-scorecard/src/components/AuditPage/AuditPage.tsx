import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import MenuItem from '@material-ui/core/MenuItem';
import TextField from '@material-ui/core/TextField';
import Typography from '@material-ui/core/Typography';
import { useSearchParams } from 'react-router-dom';
import {
  ContentHeader,
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import {
  AuditReport,
  EXTENSION_KIND_INFO,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { formatDateTime } from '../../format/time';
import {
  useAuditQuarters,
  useAuditReport,
  useQuarterTrend,
} from '../../hooks/useAudit';
import { LevelDistributionChart } from '../PlatformPage/LevelDistributionChart';
import { AuditDownloads } from './AuditDownloads';
import { AuditGroupTable, teamKey } from './AuditGroupTable';
import {
  CriticalFailsTable,
  EvidenceFreshnessTable,
  OrphansTable,
  RetirementsDueTable,
  WaiverUsageTable,
} from './AuditListTables';
import { ChangesSincePrevious } from './ChangesSincePrevious';
import { QuarterTrendChart } from './QuarterTrendChart';

const kindKey = (key: string | null) =>
  key ? EXTENSION_KIND_INFO[key as ExtensionKind]?.title ?? key : '—';

const ReportBody = (props: { report: AuditReport }) => {
  const { report } = props;
  return (
    <Grid container spacing={3}>
      <Grid item xs={12} md={5}>
        <InfoCard
          title={`Levels at the end of ${report.quarter}`}
          subheader={`${
            report.totals.components
          } components, average score ${Math.round(
            report.totals.averageScore,
          )}`}
        >
          <LevelDistributionChart levels={report.totals.levels} />
        </InfoCard>
      </Grid>
      <Grid item xs={12} md={7}>
        <ChangesSincePrevious report={report} />
      </Grid>
      <Grid item xs={12}>
        <AuditGroupTable
          title="By team"
          keyLabel="Team"
          groups={report.byTeam}
          formatKey={teamKey}
        />
      </Grid>
      <Grid item xs={12}>
        <AuditGroupTable
          title="By kind"
          keyLabel="Kind"
          groups={report.byKind}
          formatKey={kindKey}
        />
      </Grid>
      <Grid item xs={12}>
        <CriticalFailsTable rows={report.criticalFails} />
      </Grid>
      <Grid item xs={12} md={6}>
        <OrphansTable rows={report.orphans} />
      </Grid>
      <Grid item xs={12} md={6}>
        <RetirementsDueTable rows={report.retirementsDue} />
      </Grid>
      <Grid item xs={12} md={6}>
        <WaiverUsageTable title="Waivers used" rows={report.waiversUsed} />
      </Grid>
      <Grid item xs={12} md={6}>
        <WaiverUsageTable
          title="Waivers expired"
          rows={report.waiversExpired}
        />
      </Grid>
      <Grid item xs={12}>
        <EvidenceFreshnessTable rows={report.evidenceFreshness} />
      </Grid>
    </Grid>
  );
};

/**
 * The quarterly audit: pick a quarter, see its levels, the trend across quarters, what
 * changed, and the lists an auditor asks for; download the CSV or JSON.
 */
export const AuditPage = () => {
  const [params, setParams] = useSearchParams();
  const quarters = useAuditQuarters();
  const selected = params.get('quarter') ?? quarters.value?.[0]?.quarter;
  const report = useAuditReport(selected);
  const trend = useQuarterTrend(quarters.value);

  if (quarters.error) return <ResponseErrorPanel error={quarters.error} />;
  if (!quarters.value) return <Progress />;
  if (quarters.value.length === 0) {
    return (
      <EmptyState
        missing="data"
        title="No quarter to audit yet"
        description="A quarter appears once a snapshot has been taken in it."
      />
    );
  }

  return (
    <>
      <ContentHeader title="Quarterly audit">
        <Box display="flex" alignItems="center" gridGap={16} flexWrap="wrap">
          <TextField
            id="audit-quarter"
            select
            label="Quarter"
            size="small"
            variant="outlined"
            value={selected ?? ''}
            onChange={e =>
              setParams({ quarter: e.target.value }, { replace: true })
            }
            style={{ minWidth: 160 }}
          >
            {quarters.value.map(q => (
              <MenuItem key={q.quarter} value={q.quarter}>
                {q.quarter}
                {q.complete ? '' : ' (in progress)'}
              </MenuItem>
            ))}
          </TextField>
          {selected && <AuditDownloads quarter={selected} />}
        </Box>
      </ContentHeader>
      <Box mb={3}>
        <InfoCard title="Trend across quarters">
          {trend.error && <ResponseErrorPanel error={trend.error} />}
          {!trend.error && !trend.value && <Progress />}
          {trend.value && <QuarterTrendChart points={trend.value} />}
        </InfoCard>
      </Box>
      {report.error && <ResponseErrorPanel error={report.error} />}
      {!report.error && !report.value && <Progress />}
      {report.value && (
        <>
          <Typography variant="caption" color="textSecondary" paragraph>
            {report.value.complete
              ? `Quarter-end snapshot #${report.value.snapshot.id}`
              : `Quarter in progress: newest snapshot #${report.value.snapshot.id}`}{' '}
            ({formatDateTime(report.value.snapshot.takenAt)}); report generated{' '}
            {formatDateTime(report.value.generatedAt)}.
          </Typography>
          <ReportBody report={report.value} />
        </>
      )}
    </>
  );
};
