/** One object builder per extension kind. */
import type { ExtensionKind } from '@extension-scorecard/plugin-extension-scorecard-common';
import { buildAdmissionPolicy, buildAdmissionWebhook } from './admission';
import { buildAggregatedApi, buildCrdController } from './apis';
import type { KindBuilder } from './backend';
import { buildDevicePlugin, buildDraDriver } from './devices';
import { buildCni, buildCriRuntime } from './nodeAgents';
import { buildSchedulerPlugin } from './scheduling';
import { buildCsi } from './storage';

export const KIND_BUILDERS: Record<ExtensionKind, KindBuilder> = {
  'admission-webhook': buildAdmissionWebhook,
  'admission-policy': buildAdmissionPolicy,
  'aggregated-api': buildAggregatedApi,
  'crd-controller': buildCrdController,
  'scheduler-plugin': buildSchedulerPlugin,
  'cri-runtime': buildCriRuntime,
  cni: buildCni,
  csi: buildCsi,
  'device-plugin': buildDevicePlugin,
  'dra-driver': buildDraDriver,
};

export type { ComponentBuild, KindBuilder } from './backend';
export { deviceResourceOf, draDriverOf, draVersionFor } from './devices';
export { schedulerNameOf } from './scheduling';
