import { useEffect } from 'react';
import { Button } from '@backstage/ui';
import {
  EmptyState,
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { ComponentPageState } from '../../hooks/useComponentPage';
import { useCheckCatalogue, useOwners } from '../../hooks/usePlatformOverview';
import { useSavedFilters } from '../../hooks/useSavedFilters';
import { ComponentFilters } from './ComponentFilters';
import { StartCampaignFromFilters } from '../Campaigns/StartCampaignFromFilters';
import { ComponentTable } from './ComponentTable';
import { SavedFilters } from './SavedFilters';
import { useOwnerTitles } from './useOwnerTitles';
import {
  ComponentFilters as Filters,
  ComponentTableState,
  EMPTY_FILTERS,
  activeFilterCount,
} from './tableState';

/**
 * The component table with its filters; everything is filtered and paged on the
 * server. The page itself is fetched by the caller (`useComponentPage`), so the
 * platform page can ask for it at the same time as the snapshot.
 */
export const ComponentTablePanel = (props: {
  state: ComponentTableState;
  page: ComponentPageState;
  clusters: string[];
  reloadKey: number;
  onChange: (state: ComponentTableState) => void;
  onFiltersChange: (filters: Partial<Filters>) => void;
}) => {
  const { state, page, clusters, reloadKey, onChange, onFiltersChange } = props;
  const owners = useOwners(reloadKey);
  const ownerTitles = useOwnerTitles(owners.value ?? []);
  const checks = useCheckCatalogue();
  const savedFilters = useSavedFilters(reloadKey);
  const filtered = activeFilterCount(state.filters) > 0;

  // A page past the end (an old link, or fewer matches since): go to the last one.
  const total = page.value?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / state.pageSize) - 1);
  useEffect(() => {
    if (!page.loading && page.value && total > 0 && state.page > lastPage) {
      onChange({ ...state, page: lastPage });
    }
  }, [page.loading, page.value, total, lastPage, state, onChange]);

  let body;
  if (page.error) {
    body = <ResponseErrorPanel error={page.error} />;
  } else if (!page.value) {
    body = <Progress />;
  } else if (page.value.total === 0) {
    body = (
      <EmptyState
        missing={filtered ? 'data' : 'content'}
        title={
          filtered
            ? 'No component matches these filters'
            : 'The snapshot has no extension components'
        }
        description={
          filtered
            ? 'Widen or clear the filters to see more components.'
            : 'No extension was found in the clusters or the catalog. Check the cluster configuration and the catalog descriptors.'
        }
        action={
          filtered ? (
            <Button
              variant="primary"
              onPress={() => onFiltersChange(EMPTY_FILTERS)}
            >
              Clear filters
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ComponentTable
        page={page.value}
        state={state}
        loading={page.loading}
        onChange={onChange}
        checks={checks.value}
      />
    );
  }

  return (
    <InfoCard
      title="Components"
      action={
        <StartCampaignFromFilters
          filters={state.filters}
          savedFilters={savedFilters.value}
        />
      }
      subheader={
        page.value
          ? `${page.value.total} matching component${
              page.value.total === 1 ? '' : 's'
            }`
          : undefined
      }
    >
      <SavedFilters
        filters={state.filters}
        saved={savedFilters}
        onApply={onFiltersChange}
      />
      <ComponentFilters
        filters={state.filters}
        owners={owners.value ?? []}
        ownerTitles={ownerTitles}
        clusters={clusters}
        checks={checks.value ?? []}
        onChange={onFiltersChange}
      />
      {body}
    </InfoCard>
  );
};
