import { createPermission } from '@backstage/plugin-permission-common';

/**
 * The resource type of the permissions that act on one extension component
 * (a scorecard row: `component:default/cert-manager`, or an orphan's id). Its rules
 * (owner, kind, cluster) are registered by the backend plugin, so a policy can
 * answer with a conditional decision such as "members of the owning team".
 * @public
 */
export const EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE =
  'extension-scorecard-component';

/** Read scorecards, snapshots, reports and the audit trail (of what the catalog lets one see). @public */
export const extensionScorecardReadPermission = createPermission({
  name: 'extension-scorecard.read',
  attributes: { action: 'read' },
});

/** Submit experiment evidence for a component. @public */
export const extensionScorecardEvidenceCreatePermission = createPermission({
  name: 'extension-scorecard.evidence.create',
  attributes: { action: 'create' },
  resourceType: EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
});

/** Request a waiver on a component (and revoke one's own request). @public */
export const extensionScorecardWaiverRequestPermission = createPermission({
  name: 'extension-scorecard.waiver.request',
  attributes: { action: 'create' },
  resourceType: EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
});

/**
 * Approve, reject or revoke a waiver on a component. Whatever the policy says, the
 * requester and members of the owning team (child groups included) never approve.
 * @public
 */
export const extensionScorecardWaiverApprovePermission = createPermission({
  name: 'extension-scorecard.waiver.approve',
  attributes: { action: 'update' },
  resourceType: EXTENSION_SCORECARD_COMPONENT_RESOURCE_TYPE,
});

/** Trigger a collection run (of every cluster, one cluster or one component). @public */
export const extensionScorecardRefreshPermission = createPermission({
  name: 'extension-scorecard.refresh',
  attributes: { action: 'update' },
});

/** Download the quarter's audit export (CSV or JSON) of every component one may see. @public */
export const extensionScorecardAuditExportPermission = createPermission({
  name: 'extension-scorecard.audit.export',
  attributes: { action: 'read' },
});

/**
 * See orphans: extension objects found in clusters that no catalog entity claims
 * (they have no owner, so catalog permissions cannot decide who sees them).
 * @public
 */
export const extensionScorecardOrphansReadPermission = createPermission({
  name: 'extension-scorecard.orphans.read',
  attributes: { action: 'read' },
});

/**
 * Create, change and close campaigns (drives across teams with a deadline). Every
 * reader sees them.
 * @public
 */
export const extensionScorecardCampaignManagePermission = createPermission({
  name: 'extension-scorecard.campaign.manage',
  attributes: { action: 'update' },
});

/** @public */
export const extensionScorecardPermissions = [
  extensionScorecardReadPermission,
  extensionScorecardEvidenceCreatePermission,
  extensionScorecardWaiverRequestPermission,
  extensionScorecardWaiverApprovePermission,
  extensionScorecardRefreshPermission,
  extensionScorecardAuditExportPermission,
  extensionScorecardOrphansReadPermission,
  extensionScorecardCampaignManagePermission,
];
