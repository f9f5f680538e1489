import Box from '@material-ui/core/Box';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';
import { InfoCard } from '@backstage/core-components';
import {
  AuditReport,
  ComponentRef,
  LevelChange,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { LevelChip } from '../StatusDisplay';

const ChangeList = (props: { title: string; changes: LevelChange[] }) => (
  <Box>
    <Typography variant="subtitle2" component="h3">
      {props.title} ({props.changes.length})
    </Typography>
    {props.changes.length === 0 ? (
      <Typography variant="body2" color="textSecondary">
        none
      </Typography>
    ) : (
      <Box component="ul" m={0} pl={2}>
        {props.changes.map(change => (
          <Typography component="li" variant="body2" key={change.componentId}>
            <strong>{change.name}</strong> ({shortRef(change.owner) || 'orphan'}
            ): <LevelChip level={change.from} /> →{' '}
            <LevelChip level={change.to} />, score{' '}
            {Math.round(change.scoreFrom)} → {Math.round(change.scoreTo)}
          </Typography>
        ))}
      </Box>
    )}
  </Box>
);

const RefList = (props: { title: string; refs: ComponentRef[] }) => (
  <Box>
    <Typography variant="subtitle2" component="h3">
      {props.title} ({props.refs.length})
    </Typography>
    <Typography
      variant="body2"
      color={props.refs.length ? 'textPrimary' : 'textSecondary'}
    >
      {props.refs.length === 0
        ? 'none'
        : props.refs.map(r => r.name).join(', ')}
    </Typography>
  </Box>
);

/** Better and worse since the previous quarter's snapshot, plus arrivals and departures. */
export const ChangesSincePrevious = (props: { report: AuditReport }) => {
  const { report } = props;
  const { changes } = report;
  return (
    <InfoCard
      title={`Since ${report.previousQuarter}`}
      subheader={
        report.previousSnapshot
          ? `Compared with snapshot #${report.previousSnapshot.id}`
          : `No snapshot of ${report.previousQuarter} is retained: nothing to compare with`
      }
    >
      <Grid container spacing={2}>
        <Grid item xs={12} md={6}>
          <ChangeList title="Better" changes={changes.improved} />
        </Grid>
        <Grid item xs={12} md={6}>
          <ChangeList title="Worse" changes={changes.regressed} />
        </Grid>
        <Grid item xs={12} md={6}>
          <RefList title="New" refs={changes.added} />
        </Grid>
        <Grid item xs={12} md={6}>
          <RefList title="Gone" refs={changes.removed} />
        </Grid>
      </Grid>
    </InfoCard>
  );
};
