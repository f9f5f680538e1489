/**
 * The campaigns the evaluation applies: every open campaign with goal checks and an
 * enforcement date, its scope resolved (teams with the groups below them, a saved
 * filter's fields). Campaigns
 * already enforced stay in: they end another campaign's grace for the same check.
 */
import {
  resolveCampaignScope,
  type CampaignAnnouncementRule,
  type SavedFilterLookup,
} from '../scoring';
import type { StoredCampaign } from '../store';

/** A group with every group below it, as the catalog records them. */
export type TeamsBelow = (team: string) => Promise<Iterable<string>>;

export async function announcementRules(
  campaigns: readonly StoredCampaign[],
  teamsBelow: TeamsBelow,
  savedFilter?: SavedFilterLookup,
): Promise<CampaignAnnouncementRule[]> {
  const rules: CampaignAnnouncementRule[] = [];
  for (const campaign of campaigns) {
    if (campaign.state !== 'open' || !campaign.enforceFrom) continue;
    if (!campaign.goal.checks?.length) continue;
    rules.push({
      id: campaign.id,
      title: campaign.title,
      checks: [...campaign.goal.checks].sort(),
      enforceFrom: campaign.enforceFrom,
      scope: await resolveCampaignScope(
        campaign.scope,
        teamsBelow,
        savedFilter,
      ),
    });
  }
  return rules;
}
