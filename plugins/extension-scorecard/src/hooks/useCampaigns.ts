import type {
  CampaignItemQuery,
  CampaignQuery,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import { useScorecardQuery } from './useScorecardQuery';

/** One page of campaigns, open first. */
export function useCampaigns(query: CampaignQuery, reloadKey = 0) {
  return useScorecardQuery(
    api => api.listCampaigns(query),
    [JSON.stringify(query), reloadKey],
  );
}

/** One campaign with its progress per team, burn-down and trail. */
export function useCampaign(campaignId: string, reloadKey = 0) {
  return useScorecardQuery(
    api => api.getCampaign(campaignId),
    [campaignId, reloadKey],
  );
}

/** What components must do for campaigns (a team's, a component's, a campaign's). */
export function useCampaignItems(query: CampaignItemQuery, reloadKey = 0) {
  return useScorecardQuery(
    api => api.listCampaignItems(query),
    [JSON.stringify(query), reloadKey],
  );
}

/** Prefilled campaigns (asked only when `wanted`: for those who may start one). */
export function useCampaignSuggestions(wanted: boolean, reloadKey = 0) {
  return useScorecardQuery(
    async api => (wanted ? api.listCampaignSuggestions() : []),
    [wanted, reloadKey],
  );
}
