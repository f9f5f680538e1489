/** Scoring: waivers, readiness levels, hard gates and the 0–100 score. */
export { applyWaivers, isWaiverActive } from './waivers';
export {
  assessLevel,
  hardGates,
  resultsBlocking,
  worstByDimension,
  type LevelAssessment,
} from './levels';
export { computeScore } from './score';
export { buildScorecard, type ScorecardFacts } from './scorecard';
export { byComponent, normalizeComponentRef } from './componentRefs';
export {
  summarizeUpgrade,
  type UncountedUpgradeReadiness,
} from './upgradeState';
export {
  announceCampaigns,
  campaignStanding,
  componentSearchText,
  inCampaignScope,
  normalizeOwnerRef,
  resolveCampaignScope,
  resultFiltersOf,
  type CampaignAnnouncementRule,
  type CampaignStanding,
  type CampaignSubject,
  type ResolvedCampaignScope,
  type SavedFilterLookup,
} from './campaigns';
