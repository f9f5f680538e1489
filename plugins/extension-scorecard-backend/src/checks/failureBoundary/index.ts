/** Failure-boundary checks, one file per kind family. */
import { admissionPolicyChecks } from './admissionPolicies';
import { aggregatedApiChecks } from './aggregatedApis';
import { crdChecks } from './crds';
import { nodeExtensionChecks } from './nodeExtensions';
import { schedulerChecks } from './schedulers';
import { webhookChecks } from './webhooks';

export const failureBoundaryChecks = [
  ...webhookChecks,
  ...admissionPolicyChecks,
  ...aggregatedApiChecks,
  ...crdChecks,
  ...schedulerChecks,
  ...nodeExtensionChecks,
];
