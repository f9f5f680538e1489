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
import { useScorecardQuery } from '../../hooks/useScorecardQuery';
import { rootRouteRef } from '../../routes';
import { LevelDistributionChart } from '../PlatformPage/LevelDistributionChart';
import { LevelChip } from '../StatusDisplay';

const SHOWN = 3;

/** A Group overview card: the team's levels and its extensions furthest from the next level. */
export const TeamScorecardCard = (props: { owner: string }) => {
  const { owner } = props;
  const rootLink = useRouteRef(rootRouteRef);
  const data = useScorecardQuery(
    async api => {
      const [summaries, lowest] = await Promise.all([
        api.getTeamSummaries({ owner: [owner] }),
        api.listComponents({
          owner: [owner],
          sort: 'level',
          order: 'asc',
          limit: SHOWN,
        }),
      ]);
      return {
        summary: summaries.items.find(s => s.owner === owner) ?? null,
        lowest: lowest.items,
      };
    },
    [owner],
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
        <EmptyState missing="data" title="No extension components owned" />
      )}
      {data.value?.summary && (
        <>
          <Text as="p">
            {data.value.summary.components} extensions ·{' '}
            {data.value.summary.hardGates} with a hard gate ·{' '}
            {data.value.summary.failing} failing a check
          </Text>
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

/** The card on a Group's overview. @public */
export const EntityTeamScorecardCard = () => {
  const { entity } = useEntity();
  return <TeamScorecardCard owner={stringifyEntityRef(entity)} />;
};
