/** Upgrade: supported API versions and versions, fully rolled out, node by node; one file per subject. */
import { crdVersionChecks } from './crdVersions';
import { csiChecks } from './csiSidecars';
import { deprecatedApiChecks } from './deprecatedApis';
import { devicePluginChecks } from './devicePlugins';
import { draChecks } from './draApiLevels';
import { imagePinningChecks } from './imagePinning';
import { rolloutChecks } from './rollout';
import { versionSkewChecks } from './versionSkew';

export const upgradeChecks = [
  ...deprecatedApiChecks,
  ...crdVersionChecks,
  ...rolloutChecks,
  ...imagePinningChecks,
  ...versionSkewChecks,
  ...csiChecks,
  ...draChecks,
  ...devicePluginChecks,
];
