import { useState } from 'react';
import { Box, Flex, Grid, Select, Text } from '@backstage/ui';
import { useSearchParams } from 'react-router-dom';
import {
  ContentHeader,
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import {
  AuditQuarter,
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
import { HiddenComponentsNote } from '../shared/HiddenComponentsNote';
import { LevelTrendChart } from '../shared/LevelTrendChart';
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
import { AuditCampaignsCard } from '../Campaigns';
import { QuarterTrendChart } from './QuarterTrendChart';

const kindKey = (key: string | null) =>
  key ? EXTENSION_KIND_INFO[key as ExtensionKind]?.title ?? key : '—';

/** One kind's levels and average score at the end of each quarter. */
const KindTrend = (props: {
  quarters: AuditQuarter[];
  kinds: ExtensionKind[];
}) => {
  const [picked, setPicked] = useState<ExtensionKind | undefined>();
  const kind = picked && props.kinds.includes(picked) ? picked : props.kinds[0];
  const trend = useQuarterTrend(kind ? props.quarters : undefined, kind);
  if (!kind) return null;
  return (
    <InfoCard
      title="Trend by kind"
      subheader="Levels and average score of one kind at the end of each quarter"
    >
      <Box mb="3">
        <Select
          id="audit-trend-kind"
          label="Kind"
          size="small"
          options={props.kinds.map(k => ({ value: k, label: kindKey(k) }))}
          value={kind}
          onChange={value => {
            if (value !== null) setPicked(String(value) as ExtensionKind);
          }}
          style={{ maxWidth: 280 }}
        />
      </Box>
      {trend.error && <ResponseErrorPanel error={trend.error} />}
      {!trend.error && !trend.value && <Progress />}
      {trend.value && (
        <LevelTrendChart
          title={`Levels of ${kindKey(kind)} by quarter`}
          points={trend.value.map(point => ({
            label: point.complete ? point.quarter : `${point.quarter} (so far)`,
            levels: point.levels,
            averageScore: point.averageScore,
          }))}
          empty="No quarter has a snapshot of this kind yet."
        />
      )}
    </InfoCard>
  );
};

/**
 * The quarterly audit: pick a quarter, see its levels, the trend across quarters, what
 * changed, and the lists an auditor asks for; download the CSV or JSON.
 */
const ReportBody = (props: {
  report: AuditReport;
  quarters: AuditQuarter[];
}) => {
  const { report } = props;
  return (
    <Grid.Root columns="12" gap="6">
      {report.hiddenByVisibility > 0 && (
        <Grid.Item colSpan="12">
          <HiddenComponentsNote
            count={report.hiddenByVisibility}
            from="this report (its totals, tables and lists)"
          />
        </Grid.Item>
      )}
      <Grid.Item colSpan={{ initial: '12', md: '5' }}>
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
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', md: '7' }}>
        <ChangesSincePrevious report={report} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <AuditCampaignsCard
          quarter={report.quarter}
          campaigns={report.campaigns}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <AuditGroupTable
          title="By team"
          keyLabel="Team"
          groups={report.byTeam}
          formatKey={teamKey}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <AuditGroupTable
          title="By kind"
          keyLabel="Kind"
          groups={report.byKind}
          formatKey={kindKey}
          showOrphans
          keyWraps
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <KindTrend
          quarters={props.quarters}
          kinds={report.byKind.flatMap(g =>
            g.key ? [g.key as ExtensionKind] : [],
          )}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <CriticalFailsTable rows={report.criticalFails} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <OrphansTable
          rows={report.orphans}
          hiddenByVisibility={report.hiddenByVisibility}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <RetirementsDueTable rows={report.retirementsDue} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <WaiverUsageTable title="Waivers used" rows={report.waiversUsed} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <WaiverUsageTable
          title="Waivers expired"
          rows={report.waiversExpired}
        />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <EvidenceFreshnessTable rows={report.evidenceFreshness} />
      </Grid.Item>
    </Grid.Root>
  );
};

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
        <Flex align="end" gap="4" style={{ flexWrap: 'wrap' }}>
          <Select
            id="audit-quarter"
            label="Quarter"
            size="small"
            options={quarters.value.map(q => ({
              value: q.quarter,
              label: `${q.quarter}${q.complete ? '' : ' (in progress)'}`,
            }))}
            value={selected ?? null}
            onChange={value => {
              if (value !== null)
                setParams({ quarter: String(value) }, { replace: true });
            }}
            style={{ minWidth: 180 }}
          />
          {selected && <AuditDownloads quarter={selected} />}
        </Flex>
      </ContentHeader>
      <Box mb="6">
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
          <Text
            as="p"
            variant="body-small"
            color="secondary"
            style={{ marginBottom: 'var(--bui-space-4)' }}
          >
            {report.value.complete
              ? `Quarter-end snapshot #${report.value.snapshot.id}`
              : `Quarter in progress: newest snapshot #${report.value.snapshot.id}`}{' '}
            ({formatDateTime(report.value.snapshot.takenAt)}); report generated{' '}
            {formatDateTime(report.value.generatedAt)}.
          </Text>
          <ReportBody report={report.value} quarters={quarters.value} />
        </>
      )}
    </>
  );
};
