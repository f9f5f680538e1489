/**
 * An example backend module for the Extension Scorecard: it registers one extra
 * check (images must come from trusted registries) and one extra kind (a Gateway
 * API controller) through `extensionScorecardChecksExtensionPoint`. Used by
 * extensionPoint.test.ts and shown in the node library's README.
 */
import { createBackendModule } from '@backstage/backend-plugin-api';
import {
  extensionScorecardChecksExtensionPoint,
  type ClusterScopedCheck,
  type ScorecardKind,
} from '@extension-scorecard/plugin-extension-scorecard-node';

function registryOf(image: string): string {
  const first = image.split('/')[0];
  return image.includes('/') &&
    (first.includes('.') || first.includes(':') || first === 'localhost')
    ? first
    : 'docker.io';
}

export const trustedRegistryCheck: ClusterScopedCheck = {
  id: 'example.trusted-registry',
  dimension: 'upgrade',
  kinds: 'all',
  severity: 'medium',
  scope: 'cluster',
  reads: ['deployments', 'daemonsets'],
  title: 'Images come from trusted registries',
  remediation:
    'Mirror the images into a trusted registry and reference them from there.',
  defaults: { allowedRegistries: ['registry.k8s.io'] },
  evaluate(_component, { instance, settings }) {
    const allowed = settings.allowedRegistries as string[];
    const images = [
      ...instance.objects.deployments,
      ...instance.objects.daemonSets,
    ].flatMap(w =>
      (w.spec?.template?.spec?.containers ?? []).map((c: any) =>
        String(c.image),
      ),
    );
    if (!images.length)
      return { status: 'not-applicable', message: 'no workload images' };
    const untrusted = images.filter(i => !allowed.includes(registryOf(i)));
    return untrusted.length
      ? {
          status: 'fail',
          message: `images outside ${allowed.join(', ')}: ${untrusted.join(
            ', ',
          )}`,
          observed: { untrusted },
        }
      : {
          status: 'pass',
          message: `${images.length} image(s) from ${allowed.join(', ')}`,
        };
  },
};

export const gatewayControllerKind: ScorecardKind = {
  id: 'gateway-controller',
  title: 'Gateway API controller',
  pathClass: 'data-plane',
  failureImpact: 'Routes stop being programmed; existing traffic keeps flowing',
  syncPath: false,
  nodeExtension: false,
  experiments: [
    {
      id: 'gateway-controller-down',
      title: 'Controller down while routes change',
      fault: 'stop the controller, then change an HTTPRoute',
      observations: ['trafficKeptFlowing', 'routeConvergedAfterRecovery'],
    },
  ],
};

export const exampleChecksModule = createBackendModule({
  pluginId: 'extension-scorecard',
  moduleId: 'example-checks',
  register(reg) {
    reg.registerInit({
      deps: { scorecard: extensionScorecardChecksExtensionPoint },
      async init({ scorecard }) {
        scorecard.addChecks(trustedRegistryCheck);
        scorecard.addKinds(gatewayControllerKind);
      },
    });
  },
});
