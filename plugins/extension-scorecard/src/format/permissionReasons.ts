/**
 * Why a control is disabled or missing: the demo policy's decisions in words, shown
 * beside the control (a refusal never leaves a button silently greyed out).
 */
export const REFUSED = {
  waiverRequest: 'Only members of the owning team may request waivers',
  waiverApprove: 'Approvers outside the owning team approve waivers',
  ownWaiver:
    'You requested this waiver: another approver outside the owning team decides it',
  evidenceCreate:
    'Only members of the owning team may submit experiment evidence',
  auditExport: 'Only platform admins may download the audit export',
  refresh: 'Only platform admins may refresh',
  campaignManage: 'Only platform admins may start, change or close campaigns',
  orphansRead:
    'Only platform admins see orphans (extensions in the clusters that no catalog entity owns)',
} as const;
