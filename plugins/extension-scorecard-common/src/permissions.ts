import { createPermission } from '@backstage/plugin-permission-common';

/** Read scorecards, snapshots, reports and exports. @public */
export const extensionScorecardReadPermission = createPermission({
  name: 'extension-scorecard.read',
  attributes: { action: 'read' },
});

/** Submit experiment evidence. @public */
export const extensionScorecardEvidenceCreatePermission = createPermission({
  name: 'extension-scorecard.evidence.create',
  attributes: { action: 'create' },
});

/** Request (and revoke one's own) waiver. @public */
export const extensionScorecardWaiverRequestPermission = createPermission({
  name: 'extension-scorecard.waiver.request',
  attributes: { action: 'create' },
});

/** Approve, reject or revoke waivers. @public */
export const extensionScorecardWaiverApprovePermission = createPermission({
  name: 'extension-scorecard.waiver.approve',
  attributes: { action: 'update' },
});

/** Trigger a collection run. @public */
export const extensionScorecardRefreshPermission = createPermission({
  name: 'extension-scorecard.refresh',
  attributes: { action: 'update' },
});

/** @public */
export const extensionScorecardPermissions = [
  extensionScorecardReadPermission,
  extensionScorecardEvidenceCreatePermission,
  extensionScorecardWaiverRequestPermission,
  extensionScorecardWaiverApprovePermission,
  extensionScorecardRefreshPermission,
];
