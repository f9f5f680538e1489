import { Link } from '@backstage/core-components';
import { useRouteRef } from '@backstage/core-plugin-api';
import type { CampaignScope } from '@extension-scorecard/plugin-extension-scorecard-common';
import { useSavedFilters } from '../../hooks/useSavedFilters';
import { rootRouteRef } from '../../routes';
import { savedFilterParams } from '../PlatformPage/savedFilters';
import { savedFilterText, scopeParts, scopeText } from './campaignText';

/**
 * A campaign's scope in words; its saved filter by name, linking to the platform
 * page's table with that filter applied (the id, without a link, while the name is
 * not known).
 */
export const CampaignScopeText = (props: { scope: CampaignScope }) => {
  const { scope } = props;
  const saved = useSavedFilters(0, Boolean(scope.savedFilter));
  const platformLink = useRouteRef(rootRouteRef);
  if (!scope.savedFilter) return <>{scopeText(scope)}</>;
  const filter = saved.value?.find(s => s.id === scope.savedFilter);
  const rest = scopeParts(scope);
  return (
    <>
      {filter ? (
        <Link to={`${platformLink()}?${savedFilterParams(filter)}`}>
          {savedFilterText(filter.name)}
        </Link>
      ) : (
        savedFilterText(scope.savedFilter)
      )}
      {rest.length > 0 && ` · ${rest.join(' · ')}`}
    </>
  );
};
