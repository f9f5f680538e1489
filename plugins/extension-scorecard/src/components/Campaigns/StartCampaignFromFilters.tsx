import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@backstage/ui';
import { useRouteRef } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  extensionScorecardCampaignManagePermission,
  type CampaignInput,
  type SavedFilter,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { campaignRouteRef } from '../../routes';
import { findSavedFilter, scopeRefusal } from '../PlatformPage/savedFilters';
import type { ComponentFilters } from '../PlatformPage/tableState';
import { CampaignFormDialog } from './CampaignFormDialog';

const DAY_MS = 86_400_000;

/** The fields of the filters a campaign's scope has too (owners as teams). */
function scopeFromFilters(filters: ComponentFilters): CampaignInput['scope'] {
  const scope: CampaignInput['scope'] = {};
  if (filters.kind.length) scope.kinds = [...filters.kind];
  if (filters.owner.length) scope.teams = [...filters.owner];
  if (filters.cluster.length) scope.clusters = [...filters.cluster];
  if (filters.lifecycle.length) scope.lifecycles = [...filters.lifecycle];
  return scope;
}

/**
 * A campaign's draft from the component table's filters: the saved filter they are,
 * when a scope may name it (no filter on results), else kinds, owners (as teams),
 * clusters and lifecycles become its scope; a check filter its goal; start today,
 * enforce in 30 days, due in 60 (as suggestions propose).
 */
export function draftFromFilters(
  filters: ComponentFilters,
  options: { savedFilters?: readonly SavedFilter[]; now?: Date } = {},
): Partial<CampaignInput> {
  const now = options.now ?? new Date();
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const day = (n: number) => new Date(today + n * DAY_MS).toISOString();
  const saved = findSavedFilter(options.savedFilters ?? [], filters);
  const scope =
    saved && !scopeRefusal(saved)
      ? { savedFilter: saved.id }
      : scopeFromFilters(filters);
  return {
    goal: filters.checkId ? { checks: [filters.checkId] } : {},
    scope,
    startsAt: day(0),
    ...(filters.checkId ? { enforceFrom: day(30) } : {}),
    deadline: day(60),
  };
}

/**
 * "Start a campaign for these" above the component table, for those who may start
 * one: the form opens with the table's filters (or the saved filter they are) as the
 * scope; the new campaign's page opens once it is started.
 */
export const StartCampaignFromFilters = (props: {
  filters: ComponentFilters;
  /** The saved filters, to name the one in force rather than copy its fields. */
  savedFilters?: readonly SavedFilter[];
}) => {
  const manage = usePermission({
    permission: extensionScorecardCampaignManagePermission,
  });
  // the draft is taken when the form opens (kept while it is open)
  const [draft, setDraft] = useState<Partial<CampaignInput> | undefined>();
  const navigate = useNavigate();
  const campaignLink = useRouteRef(campaignRouteRef);
  if (!manage.allowed) return null;
  return (
    <>
      <Button
        variant="secondary"
        size="small"
        onPress={() =>
          setDraft(
            draftFromFilters(props.filters, {
              savedFilters: props.savedFilters,
            }),
          )
        }
      >
        Start a campaign for these
      </Button>
      <CampaignFormDialog
        open={draft !== undefined}
        initial={draft}
        onClose={() => setDraft(undefined)}
        onSaved={campaign =>
          navigate(
            campaignLink({ campaignId: encodeURIComponent(campaign.id) }),
          )
        }
      />
    </>
  );
};
