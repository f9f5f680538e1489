export { CampaignsTab } from './CampaignsTab';
export { CampaignPage } from './CampaignPage';
export { CampaignItemsCard } from './CampaignItemsCard';
export { PlatformCampaignsCard } from './PlatformCampaignsCard';
export { AuditCampaignsCard } from './AuditCampaignsCard';
