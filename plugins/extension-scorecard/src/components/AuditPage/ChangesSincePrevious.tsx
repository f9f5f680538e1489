import { Box, Grid, Text } from '@backstage/ui';
import { InfoCard } from '@backstage/core-components';
import {
  AuditReport,
  ComponentRef,
  LevelChange,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { shortRef } from '../../format/refs';
import { LevelChip } from '../StatusDisplay';
import { ListItem } from '../shared';

const ChangeList = (props: { title: string; changes: LevelChange[] }) => (
  <Box>
    <Text as="h3" weight="bold">
      {props.title} ({props.changes.length})
    </Text>
    {props.changes.length === 0 ? (
      <Text as="p" color="secondary">
        none
      </Text>
    ) : (
      <Box as="ul" m="0" pl="4">
        {props.changes.map(change => (
          <ListItem key={change.componentId}>
            <strong>{change.name}</strong> ({shortRef(change.owner) || 'orphan'}
            ): <LevelChip level={change.from} /> →{' '}
            <LevelChip level={change.to} />, score{' '}
            {Math.round(change.scoreFrom)} → {Math.round(change.scoreTo)}
          </ListItem>
        ))}
      </Box>
    )}
  </Box>
);

const RefList = (props: { title: string; refs: ComponentRef[] }) => (
  <Box>
    <Text as="h3" weight="bold">
      {props.title} ({props.refs.length})
    </Text>
    <Text as="p" color={props.refs.length ? 'primary' : 'secondary'}>
      {props.refs.length === 0
        ? 'none'
        : props.refs.map(r => r.name).join(', ')}
    </Text>
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
      <Grid.Root columns="12" gap="4">
        <Grid.Item colSpan={{ initial: '12', md: '6' }}>
          <ChangeList title="Better" changes={changes.improved} />
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '6' }}>
          <ChangeList title="Worse" changes={changes.regressed} />
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '6' }}>
          <RefList title="New" refs={changes.added} />
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '6' }}>
          <RefList title="Gone" refs={changes.removed} />
        </Grid.Item>
      </Grid.Root>
    </InfoCard>
  );
};
