import {
  createBackendModule,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { startTestBackend } from '@backstage/backend-test-utils';
import type { ScorecardCheck, ScorecardKind } from './checks';
import {
  extensionScorecardChecksExtensionPoint,
  type ExtensionScorecardChecksExtensionPoint,
} from './extensions';

const check: ScorecardCheck = {
  id: 'acme.always-owned',
  dimension: 'ownership',
  kinds: 'all',
  severity: 'low',
  scope: 'component',
  title: 'Owned',
  remediation: 'Own it.',
  evaluate: component => ({
    status: component.catalog ? 'pass' : 'fail',
    message: component.catalog ? 'owned' : 'orphan',
  }),
};

const kind: ScorecardKind = {
  id: 'gateway-controller',
  title: 'Gateway API controller',
  pathClass: 'data-plane',
  failureImpact: 'routes stop being programmed',
  syncPath: false,
  nodeExtension: false,
};

describe('extensionScorecardChecksExtensionPoint', () => {
  it('carries checks and kinds from modules to the plugin that owns the point', async () => {
    const received: { checks: ScorecardCheck[]; kinds: ScorecardKind[] } = {
      checks: [],
      kinds: [],
    };
    const seen: string[] = [];
    const plugin = createBackendPlugin({
      pluginId: 'extension-scorecard',
      register(env) {
        const point: ExtensionScorecardChecksExtensionPoint = {
          addChecks: (...c) => received.checks.push(...c.flat()),
          addKinds: (...k) => received.kinds.push(...k.flat()),
        };
        env.registerExtensionPoint(
          extensionScorecardChecksExtensionPoint,
          point,
        );
        env.registerInit({
          deps: {},
          async init() {
            // modules have registered by the time the plugin initializes
            seen.push(
              ...received.checks.map(c => c.id),
              ...received.kinds.map(k => k.id),
            );
          },
        });
      },
    });
    const module = createBackendModule({
      pluginId: 'extension-scorecard',
      moduleId: 'acme',
      register(reg) {
        reg.registerInit({
          deps: { scorecard: extensionScorecardChecksExtensionPoint },
          async init({ scorecard }) {
            scorecard.addChecks([check]);
            scorecard.addKinds(kind);
          },
        });
      },
    });

    await startTestBackend({ features: [plugin, module] });
    expect(seen).toEqual(['acme.always-owned', 'gateway-controller']);
    expect(
      received.checks[0].evaluate({ catalog: null } as any, {} as any),
    ).toEqual({
      status: 'fail',
      message: 'orphan',
    });
  });
});
