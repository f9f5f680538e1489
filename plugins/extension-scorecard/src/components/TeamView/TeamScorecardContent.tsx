import { useState } from 'react';
import { Grid, Text } from '@backstage/ui';
import {
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { useEntity } from '@backstage/plugin-catalog-react';
import { usePermission } from '@backstage/plugin-permission-react';
import { extensionScorecardOrphansReadPermission } from '@extension-scorecard/plugin-extension-scorecard-common';
import { REFUSED } from '../../format/permissionReasons';
import { useComponentPage } from '../../hooks/useComponentPage';
import {
  TEAM_DETAIL_LIMIT,
  useOrphans,
  useTeamScorecard,
} from '../../hooks/useTeamScorecard';
import { ComponentTable } from '../PlatformPage/ComponentTable';
import { LevelDistributionChart } from '../PlatformPage/LevelDistributionChart';
import {
  ComponentTableState,
  EMPTY_FILTERS,
  toComponentQuery,
} from '../PlatformPage/tableState';
import { ClaimableOrphansList } from './ClaimableOrphansList';
import { DeadlinesTable } from './DeadlinesTable';
import { MissingResponsibilitiesList } from './MissingResponsibilitiesList';
import {
  claimableOrphans,
  comingDeadlines,
  missingResponsibilities,
} from './teamFindings';

const TeamExtensionsTable = (props: { owner: string }) => {
  const [state, setState] = useState<ComponentTableState>({
    filters: { ...EMPTY_FILTERS, owner: [props.owner] },
    sort: 'level',
    order: 'asc',
    page: 0,
    pageSize: 25,
  });
  const page = useComponentPage(toComponentQuery(state));
  return (
    <InfoCard title="Extensions and what blocks the next level">
      {page.error && <ResponseErrorPanel error={page.error} />}
      {!page.error && !page.value && <Progress />}
      {page.value && (
        <ComponentTable
          page={page.value}
          state={state}
          loading={page.loading}
          onChange={setState}
          allBlockers
        />
      )}
    </InfoCard>
  );
};

/** The team's scorecard for an ownership review (Group entity pages). */
export const TeamScorecard = (props: { owner: string }) => {
  const { owner } = props;
  const team = useTeamScorecard(owner);
  // Orphans have no owner, so only those allowed to read orphans see them.
  const orphansPermission = usePermission({
    permission: extensionScorecardOrphansReadPermission,
  });
  const orphans = useOrphans(orphansPermission.allowed);

  if (team.error) return <ResponseErrorPanel error={team.error} />;
  if (!team.value) return <Progress />;
  const { summary, details, expiringWaivers, components } = team.value;
  if (!summary || summary.components === 0) {
    return (
      <EmptyState
        missing="data"
        title="This team owns no extension component"
        description="Components whose spec.owner is this group appear here after the next collection."
      />
    );
  }

  const claimable = claimableOrphans(orphans.value ?? [], {
    kinds: summary.byKind.map(k => k.kind),
    names: components.items.map(c => c.name),
  });

  return (
    <Grid.Root columns="12" gap="6">
      <Grid.Item colSpan={{ initial: '12', md: '5' }}>
        <InfoCard title="Readiness levels">
          <Text as="p" style={{ marginBottom: 'var(--bui-space-4)' }}>
            {summary.components} extensions · average score{' '}
            {Math.round(summary.averageScore)} · {summary.hardGates} with a hard
            gate · {summary.failing} with a failing check
          </Text>
          <LevelDistributionChart levels={summary.levels} height={140} />
        </InfoCard>
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', md: '7' }}>
        <DeadlinesTable deadlines={comingDeadlines(details, expiringWaivers)} />
      </Grid.Item>
      <Grid.Item colSpan="12">
        <TeamExtensionsTable owner={owner} />
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', md: '6' }}>
        <MissingResponsibilitiesList items={missingResponsibilities(details)} />
      </Grid.Item>
      <Grid.Item colSpan={{ initial: '12', md: '6' }}>
        {orphans.error ? (
          <ResponseErrorPanel error={orphans.error} />
        ) : (
          <ClaimableOrphansList
            orphans={claimable}
            refusal={
              orphansPermission.loading || orphansPermission.allowed
                ? undefined
                : REFUSED.orphansRead
            }
          />
        )}
      </Grid.Item>
      {components.total > TEAM_DETAIL_LIMIT && (
        <Grid.Item colSpan="12">
          <Text variant="body-small" color="secondary">
            Responsibilities and deadlines are read from the {TEAM_DETAIL_LIMIT}{' '}
            lowest-level of {components.total} extensions.
          </Text>
        </Grid.Item>
      )}
    </Grid.Root>
  );
};

/** The "Extension scorecard" tab of a Group's entity page. @public */
export const EntityTeamScorecardContent = () => {
  const { entity } = useEntity();
  return <TeamScorecard owner={stringifyEntityRef(entity)} />;
};
