import { usePermission } from '@backstage/plugin-permission-react';
import {
  extensionScorecardEvidenceCreatePermission,
  extensionScorecardWaiverApprovePermission,
  extensionScorecardWaiverRequestPermission,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** A permission decision as `usePermission` gives it. */
export type PermissionState = ReturnType<typeof usePermission>;

/** What the signed-in user may do on one component, asked with it as the resource. */
export interface ComponentPermissions {
  /** Request a waiver (the policy: members of the owning team). */
  request: PermissionState;
  /** Approve, reject or revoke a waiver (the policy: approvers outside the owning team). */
  approve: PermissionState;
  /** Submit experiment evidence (the policy: members of the owning team). */
  evidence: PermissionState;
}

/**
 * The resource permissions of a component (`component:default/cert-manager`, or an
 * orphan's id). They are conditional (the owning team decides), so they are asked
 * with the component as `resourceRef`: without one, `usePermission` refuses.
 */
export function useComponentPermissions(
  componentId: string,
): ComponentPermissions {
  const request = usePermission({
    permission: extensionScorecardWaiverRequestPermission,
    resourceRef: componentId,
  });
  const approve = usePermission({
    permission: extensionScorecardWaiverApprovePermission,
    resourceRef: componentId,
  });
  const evidence = usePermission({
    permission: extensionScorecardEvidenceCreatePermission,
    resourceRef: componentId,
  });
  return { request, approve, evidence };
}
