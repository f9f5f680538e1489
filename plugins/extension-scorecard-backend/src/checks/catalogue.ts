/** The built-in check catalogue (CHECKS.md), in dimension order. */
import { availabilityChecks } from './availability';
import type { BuiltinCheck } from './builtinContext';
import { certificateChecks } from './certificates';
import { experimentChecks } from './experiments';
import { failureBoundaryChecks } from './failureBoundary';
import { observabilityChecks } from './observability';
import { ownershipChecks } from './ownership';
import { rbacChecks } from './rbac';
import { retirementChecks } from './retirement';
import { upgradeChecks } from './upgrade';

export const BUILTIN_CHECKS: readonly BuiltinCheck[] = [
  ...ownershipChecks,
  ...failureBoundaryChecks,
  ...availabilityChecks,
  ...certificateChecks,
  ...rbacChecks,
  ...upgradeChecks,
  ...observabilityChecks,
  ...experimentChecks,
  ...retirementChecks,
];
