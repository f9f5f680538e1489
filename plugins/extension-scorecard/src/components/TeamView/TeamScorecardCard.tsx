import { Flex, Text } from '@backstage/ui';
import {
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import { stringifyEntityRef } from '@backstage/catalog-model';
import { useEntity } from '@backstage/plugin-catalog-react';
import { useChildTeams } from '../../hooks/useChildTeams';
import { useScorecardQuery } from '../../hooks/useScorecardQuery';
import { rootRouteRef } from '../../routes';
import { LevelDistributionChart } from '../PlatformPage/LevelDistributionChart';
import { LevelChip } from '../StatusDisplay';
import { HiddenComponentsNote } from '../shared/HiddenComponentsNote';
import { mergeTeamSummaries } from './teamRollup';

const SHOWN = 3;

/**
 * A Group overview card: the team's levels and its extensions furthest from the next
 * level; a group that owns nothing itself shows its child teams' (`childTeams`).
 */
export const TeamScorecardCard = (props: {
  owner: string;
  childTeams?: string[];
}) => {
  const { owner } = props;
  const childTeams = props.childTeams ?? [];
  const rootLink = useRouteRef(rootRouteRef);
  const data = useScorecardQuery(
    async api => {
      const summaries = await api.getTeamSummaries({
        owner: [owner, ...childTeams],
      });
      const direct = summaries.items.find(s => s.owner === owner);
      const rolledUp = childTeams.length > 0 && !direct?.components;
      const owners = rolledUp ? [owner, ...childTeams] : [owner];
      const lowest = await api.listComponents({
        owner: owners,
        sort: 'level',
        order: 'asc',
        limit: SHOWN,
      });
      return {
        summary: mergeTeamSummaries(
          owner,
          summaries.items.filter(s => s.owner && owners.includes(s.owner)),
        ),
        rolledUp,
        hidden: lowest.hiddenByVisibility ?? 0,
        lowest: lowest.items,
      };
    },
    [owner, childTeams.join(',')],
  );
  const link = rootLink
    ? {
        title: 'Open in the platform scorecard',
        link: `${rootLink()}?owner=${encodeURIComponent(owner)}`,
      }
    : undefined;

  return (
    <InfoCard title="Extension scorecard" deepLink={link}>
      {data.error && <ResponseErrorPanel error={data.error} />}
      {!data.error && !data.value && <Progress />}
      {data.value && !data.value.summary && (
        <>
          <EmptyState missing="data" title="No extension components owned" />
          <HiddenComponentsNote count={data.value.hidden} from="this card" />
        </>
      )}
      {data.value?.summary && (
        <>
          <Text as="p">
            {data.value.summary.components} extensions ·{' '}
            {data.value.summary.hardGates} with a hard gate ·{' '}
            {data.value.summary.failing} failing a check
            {data.value.rolledUp &&
              ` · owned by its ${childTeams.length} child teams`}
          </Text>
          <HiddenComponentsNote count={data.value.hidden} />
          <LevelDistributionChart
            levels={data.value.summary.levels}
            height={120}
          />
          <Text as="p" weight="bold">
            Furthest from the next level
          </Text>
          {data.value.lowest.map(component => (
            <Flex key={component.componentId} align="center" gap="2" mt="1">
              <LevelChip level={component.level} />
              <Text>
                <strong>{component.title ?? component.name}</strong>
                {component.nextLevelBlockers[0]
                  ? ` — ${component.nextLevelBlockers[0]}`
                  : ''}
              </Text>
            </Flex>
          ))}
        </>
      )}
    </InfoCard>
  );
};

/** The card on a Group's overview (rolls up child teams when the group owns nothing). @public */
export const EntityTeamScorecardCard = () => {
  const { entity } = useEntity();
  const childTeams = useChildTeams(entity);
  if (childTeams.error) {
    return (
      <InfoCard title="Extension scorecard">
        <ResponseErrorPanel error={childTeams.error} />
      </InfoCard>
    );
  }
  if (!childTeams.value) return <Progress />;
  return (
    <TeamScorecardCard
      owner={stringifyEntityRef(entity)}
      childTeams={childTeams.value.map(t => t.ref)}
    />
  );
};
