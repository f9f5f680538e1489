import { useCallback, useState } from 'react';
import { Box, Grid } from '@backstage/ui';
import {
  ContentHeader,
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import {
  Dimension,
  ExtensionKind,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useComponentPage } from '../../hooks/useComponentPage';
import { useComponentTableState } from '../../hooks/useComponentTableState';
import {
  useClusters,
  useHeatmap,
  useLatestSnapshot,
} from '../../hooks/usePlatformOverview';
import { ComponentTablePanel } from './ComponentTablePanel';
import { Heatmap } from './Heatmap';
import { KindCounts } from './KindCounts';
import { LevelDistributionChart } from './LevelDistributionChart';
import { RefreshControl } from './RefreshControl';
import { SnapshotStatus } from './SnapshotStatus';
import { toComponentQuery } from './tableState';
import { UpgradeReadinessPanel } from '../UpgradeReadiness';
import { PlatformCampaignsCard } from '../Campaigns';

/**
 * The platform page: the fleet at a glance (counts, levels, heat map) above the
 * component table, with a refresh button and the freshness of the data.
 */
export const PlatformPage = () => {
  const [reloadKey, setReloadKey] = useState(0);
  const reload = useCallback(() => setReloadKey(key => key + 1), []);
  const snapshot = useLatestSnapshot(reloadKey);
  const clusters = useClusters(reloadKey);
  const heatmap = useHeatmap(reloadKey);
  const { state, update, setFilters } = useComponentTableState();
  // asked for together with the snapshot, not after it: the table is what people wait for
  const page = useComponentPage(toComponentQuery(state), reloadKey);

  const header = (
    <ContentHeader title="Platform">
      <RefreshControl onFinished={reload} />
    </ContentHeader>
  );

  if (snapshot.error) {
    return (
      <>
        {header}
        <ResponseErrorPanel error={snapshot.error} />
      </>
    );
  }
  if (snapshot.loading && snapshot.value === undefined) {
    return (
      <>
        {header}
        <Progress />
      </>
    );
  }
  if (!snapshot.value) {
    return (
      <>
        {header}
        <EmptyState
          missing="data"
          title="No snapshot yet"
          description="The scorecard has not collected the clusters yet. It does so on its schedule; anyone allowed to can start a collection with Refresh now."
        />
      </>
    );
  }

  const selectedCell =
    state.filters.kind.length === 1 &&
    state.filters.warningDimension.length === 1
      ? {
          kind: state.filters.kind[0],
          dimension: state.filters.warningDimension[0],
        }
      : undefined;
  const selectCell = (kind: ExtensionKind, dimension: Dimension) =>
    setFilters({ kind: [kind], warningDimension: [dimension] });

  return (
    <>
      {header}
      <Box mb="4">
        <SnapshotStatus snapshot={snapshot.value} clusters={clusters.value} />
      </Box>
      <Grid.Root columns="12" gap="6">
        <Grid.Item colSpan={{ initial: '12', md: '7' }}>
          <InfoCard title="Extensions by path">
            {heatmap.error && <ResponseErrorPanel error={heatmap.error} />}
            {!heatmap.error && !heatmap.value && <Progress />}
            {heatmap.value && (
              <KindCounts
                kinds={heatmap.value.kinds}
                onSelectKind={kind => setFilters({ kind: [kind] })}
              />
            )}
          </InfoCard>
        </Grid.Item>
        <Grid.Item colSpan={{ initial: '12', md: '5' }}>
          <InfoCard
            title="Readiness levels"
            subheader="Every component of the snapshot, orphans included"
          >
            <LevelDistributionChart levels={snapshot.value.levels} />
          </InfoCard>
        </Grid.Item>
        <Grid.Item colSpan="12">
          <UpgradeReadinessPanel reloadKey={reloadKey} />
        </Grid.Item>
        <Grid.Item colSpan="12">
          <PlatformCampaignsCard reloadKey={reloadKey} />
        </Grid.Item>
        <Grid.Item colSpan="12">
          <InfoCard
            title="Kind × dimension"
            subheader="How many components of each kind have their worst result in the dimension: fail, else warn, else unknown, else pass. Hover or focus a cell for the breakdown; choose it to list the components that warn or fail there."
          >
            {heatmap.error && <ResponseErrorPanel error={heatmap.error} />}
            {!heatmap.error && !heatmap.value && <Progress />}
            {heatmap.value && heatmap.value.kinds.length === 0 && (
              <EmptyState missing="data" title="Nothing to map yet" />
            )}
            {heatmap.value && heatmap.value.kinds.length > 0 && (
              <Heatmap
                heatmap={heatmap.value}
                selected={selectedCell}
                onSelect={selectCell}
              />
            )}
          </InfoCard>
        </Grid.Item>
        <Grid.Item colSpan="12">
          <ComponentTablePanel
            state={state}
            page={page}
            clusters={snapshot.value.clusters}
            reloadKey={reloadKey}
            onChange={update}
            onFiltersChange={setFilters}
          />
        </Grid.Item>
      </Grid.Root>
    </>
  );
};
