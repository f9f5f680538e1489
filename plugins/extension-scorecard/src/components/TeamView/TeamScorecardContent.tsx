import { useState } from 'react';
import { Flex, Grid, Switch, Text } from '@backstage/ui';
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
import { formatDate } from '../../format/time';
import { ChildTeam, useChildTeams } from '../../hooks/useChildTeams';
import { useComponentPage } from '../../hooks/useComponentPage';
import {
  TEAM_DETAIL_LIMIT,
  useOrphans,
  useTeamScorecard,
  useTeamTrend,
} from '../../hooks/useTeamScorecard';
import { HiddenComponentsNote } from '../shared/HiddenComponentsNote';
import { LevelTrendChart } from '../shared/LevelTrendChart';
import { ComponentTable } from '../PlatformPage/ComponentTable';
import { LevelDistributionChart } from '../PlatformPage/LevelDistributionChart';
import {
  ComponentTableState,
  EMPTY_FILTERS,
  toComponentQuery,
} from '../PlatformPage/tableState';
import { ClaimableOrphansList } from './ClaimableOrphansList';
import { CampaignItemsCard } from '../Campaigns';
import { DeadlinesTable } from './DeadlinesTable';
import { MissingResponsibilitiesList } from './MissingResponsibilitiesList';
import {
  claimableOrphans,
  comingDeadlines,
  missingResponsibilities,
} from './teamFindings';

const TeamExtensionsTable = (props: { owners: string[] }) => {
  const [state, setState] = useState<ComponentTableState>({
    filters: { ...EMPTY_FILTERS, owner: props.owners },
    sort: 'level',
    order: 'asc',
    page: 0,
    pageSize: 25,
  });
  const page = useComponentPage(toComponentQuery(state));
  return (
    <InfoCard
      title="Extensions and what blocks the next level"
      subheader={
        props.owners.length > 1
          ? 'The Owner column says which team owns each one'
          : undefined
      }
    >
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

const TeamTrend = (props: { owners: string[]; rolledUp: boolean }) => {
  const trend = useTeamTrend(props.owners);
  return (
    <InfoCard
      title="Trend"
      subheader={
        props.rolledUp
          ? 'Levels and average score per snapshot, child teams included'
          : 'Levels and average score per snapshot'
      }
    >
      {trend.error && <ResponseErrorPanel error={trend.error} />}
      {!trend.error && !trend.value && <Progress />}
      {trend.value && (
        <LevelTrendChart
          title="Levels of the team over time"
          points={trend.value.map(point => ({
            label: formatDate(point.takenAt),
            levels: point.levels,
            averageScore: point.averageScore,
          }))}
          empty="No snapshot has counted this team's extensions yet."
        />
      )}
    </InfoCard>
  );
};

/** "Include child teams": whether a parent group's view rolls up its child teams. */
const ChildTeamsToggle = (props: {
  childTeams: ChildTeam[];
  included: boolean;
  onChange: (include: boolean) => void;
}) => (
  <Flex direction="column" gap="1" mb="4">
    <Switch
      label={`Include child teams (${props.childTeams.length})`}
      isSelected={props.included}
      onChange={props.onChange}
    />
    <Text as="p" variant="body-small" color="secondary">
      {props.included
        ? `Extensions owned by this group and by ${props.childTeams
            .map(t => t.title)
            .join(', ')}.`
        : 'Only extensions this group owns directly.'}
    </Text>
  </Flex>
);

/**
 * The team's scorecard for an ownership review (Group entity pages). With child teams,
 * a toggle rolls them up; it starts on when the group owns nothing itself.
 */
export const TeamScorecard = (props: {
  owner: string;
  childTeams?: ChildTeam[];
}) => {
  const { owner } = props;
  const childTeams = props.childTeams ?? [];
  const [include, setInclude] = useState<boolean | undefined>(undefined);
  const team = useTeamScorecard(
    owner,
    childTeams.map(t => t.ref),
    include,
  );
  // Orphans have no owner, so only those allowed to read orphans see them.
  const orphansPermission = usePermission({
    permission: extensionScorecardOrphansReadPermission,
  });
  const orphans = useOrphans(orphansPermission.allowed);

  if (team.error) return <ResponseErrorPanel error={team.error} />;
  if (!team.value) return <Progress />;
  const {
    summary,
    details,
    expiringWaivers,
    components,
    owners,
    includeChildren,
    hiddenByVisibility,
  } = team.value;
  const toggle =
    childTeams.length > 0 ? (
      <ChildTeamsToggle
        childTeams={childTeams}
        included={includeChildren}
        onChange={setInclude}
      />
    ) : null;
  if (!summary || summary.components === 0) {
    return (
      <>
        {toggle}
        <EmptyState
          missing="data"
          title={
            includeChildren
              ? 'Neither this group nor its child teams own an extension component'
              : 'This team owns no extension component'
          }
          description={
            childTeams.length > 0 && !includeChildren
              ? 'Include child teams to see the extensions they own. Components whose spec.owner is this group appear here after the next collection.'
              : 'Components whose spec.owner is this group appear here after the next collection.'
          }
        />
        <HiddenComponentsNote count={hiddenByVisibility} from="this view" />
      </>
    );
  }

  const claimable = claimableOrphans(orphans.value ?? [], {
    kinds: summary.byKind.map(k => k.kind),
    names: components.items.map(c => c.name),
  });

  return (
    <>
      {toggle}
      <Grid.Root columns="12" gap="6">
        <Grid.Item colSpan={{ initial: '12', md: '5' }}>
          <InfoCard title="Readiness levels">
            <Text as="p" style={{ marginBottom: 'var(--bui-space-4)' }}>
              {summary.components} extensions · average score{' '}
              {Math.round(summary.averageScore)} · {summary.hardGates} with a
              hard gate · {summary.failing} with a failing check
            </Text>
            <HiddenComponentsNote count={hiddenByVisibility} />
            <LevelDistributionChart levels={summary.levels} height={140} />
          </InfoCard>
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '7' }}>
          <DeadlinesTable
            deadlines={comingDeadlines(details, expiringWaivers)}
          />
        </Grid.Item>
        <Grid.Item colSpan="12">
          <CampaignItemsCard
            title="Open campaign items"
            subheader={`What the team's extensions${
              includeChildren && childTeams.length > 0
                ? " (child teams' included)"
                : ''
            } must still do for open campaigns, soonest deadline first`}
            query={{
              team: owner,
              childTeams: includeChildren,
              status: ['open'],
            }}
            show="both"
            empty="Nothing open: no open campaign asks anything of this team's extensions."
          />
        </Grid.Item>
        <Grid.Item colSpan="12">
          <TeamExtensionsTable key={owners.join(',')} owners={owners} />
        </Grid.Item>
        <Grid.Item colSpan="12">
          <TeamTrend owners={owners} rolledUp={owners.length > 1} />
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '6' }}>
          <MissingResponsibilitiesList
            items={missingResponsibilities(details)}
          />
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
              Responsibilities and deadlines are read from the{' '}
              {TEAM_DETAIL_LIMIT} lowest-level of {components.total} extensions.
            </Text>
          </Grid.Item>
        )}
      </Grid.Root>
    </>
  );
};

/**
 * The "Extension scorecard" tab of a Group's entity page; a parent group can roll up
 * its child teams. @public
 */
export const EntityTeamScorecardContent = () => {
  const { entity } = useEntity();
  const childTeams = useChildTeams(entity);
  if (childTeams.error) return <ResponseErrorPanel error={childTeams.error} />;
  if (!childTeams.value) return <Progress />;
  return (
    <TeamScorecard
      owner={stringifyEntityRef(entity)}
      childTeams={childTeams.value}
    />
  );
};
