import { ConfigReader } from '@backstage/config';
import { createServiceFactory } from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { notificationService } from '@backstage/plugin-notifications-node';
import request from 'supertest';
import { buildInventory } from '../inventory/buildInventory';
import { extensionScorecardPlugin } from '../plugin';
import { readChecksConfig } from './config';
import {
  evaluateComponent,
  extensionComponent,
  resultOf,
} from './__testUtils__/components';
import {
  exampleChecksModule,
  gatewayControllerKind,
  trustedRegistryCheck,
} from './__testUtils__/exampleChecksModule';
import { CLUSTER, cniFixture } from './__testUtils__/fixtures';

describe('the checks extension point', () => {
  const features = (checks: Record<string, unknown> = {}) => [
    extensionScorecardPlugin,
    exampleChecksModule,
    mockServices.rootConfig.factory({
      data: { extensionScorecard: { checks } } as any,
    }),
    mockServices.rootSystemMetadata.factory(),
    catalogServiceMock.factory({ entities: [] }),
    actionsRegistryServiceMock.factory(),
    createServiceFactory({
      service: notificationService,
      deps: {},
      factory: () => ({ send: async () => {} }),
    }),
  ];

  it('lets a backend module add a check the plugin serves and configures', async () => {
    const { server } = await startTestBackend({
      features: features({
        'example.trusted-registry': {
          allowedRegistries: ['quay.io'],
          severity: 'high',
        },
      }),
    });
    const response = await request(server)
      .get('/api/extension-scorecard/checks')
      .set('Authorization', mockCredentials.user.header());
    expect(response.status).toBe(200);
    expect(response.body.items).toContainEqual(
      expect.objectContaining({
        id: 'example.trusted-registry',
        dimension: 'upgrade',
        severity: 'high',
        title: 'Images come from trusted registries',
      }),
    );
    expect(response.body.items.map((c: { id: string }) => c.id)).toContain(
      'webhook.timeout',
    );
  });

  it('stops the start on bad settings for the module check', async () => {
    await expect(
      startTestBackend({
        features: features({
          'example.trusted-registry': { allowedRegistry: 'quay.io' },
        }),
      }),
    ).rejects.toThrow(
      /extensionScorecard\.checks\.example\.trusted-registry\.allowedRegistry: unknown setting/,
    );
  });

  it('runs the module check next to the built-in ones, with its settings', () => {
    const config = readChecksConfig(
      new ConfigReader({
        extensionScorecard: {
          checks: {
            'example.trusted-registry': { allowedRegistries: ['quay.io'] },
          },
        },
      }),
      {
        extraChecks: [trustedRegistryCheck],
        extraKinds: [gatewayControllerKind],
      },
    );
    const fx = cniFixture(); // calico from quay.io
    const passing = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
      config,
    });
    expect(
      resultOf(passing, 'example.trusted-registry', CLUSTER),
    ).toMatchObject({
      status: 'pass',
      dimension: 'upgrade',
      severity: 'medium',
      message: '1 image(s) from quay.io',
    });
    fx.objects.daemonSets[0].spec.template.spec.containers[0].image =
      'calico/node:v3.29.1';
    const failing = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
      config,
    });
    expect(
      resultOf(failing, 'example.trusted-registry', CLUSTER),
    ).toMatchObject({
      status: 'fail',
      message: 'images outside quay.io: calico/node:v3.29.1',
    });
    expect(failing.score).toBeLessThan(passing.score);
    fx.cluster.reads.daemonsets = { state: 'forbidden', reason: '403' };
    const blind = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
      config,
    });
    expect(resultOf(blind, 'example.trusted-registry', CLUSTER).status).toBe(
      'unknown',
    );
  });

  it('evaluates components of a module kind with its scenarios', () => {
    const config = readChecksConfig(new ConfigReader({}), {
      extraChecks: [trustedRegistryCheck],
      extraKinds: [gatewayControllerKind],
    });
    const component = extensionComponent('gateway-controller' as any, {
      name: 'envoy-gateway',
      instances: [],
    });
    const scorecard = evaluateComponent(component, [], { config });
    expect(resultOf(scorecard, 'experiments.required', null)).toMatchObject({
      status: 'fail',
      message: 'never ran: gateway-controller-down',
    });
    expect(resultOf(scorecard, 'webhook.timeout', null).status).toBe(
      'not-applicable',
    );
    expect(resultOf(scorecard, 'availability.replicas', null).status).toBe(
      'not-applicable',
    );
  });

  it('lets catalog entities declare a module kind', () => {
    const entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: 'envoy-gateway',
        annotations: { 'backstage.io/kubernetes-id': 'envoy-gateway' },
      },
      spec: {
        type: 'kubernetes-extension',
        owner: 'group:default/team-edge',
        lifecycle: 'production',
        extension: { kind: 'gateway-controller' },
      },
    };
    const declared = buildInventory({
      clusters: [],
      entities: [entity],
      extraKinds: ['gateway-controller'],
    });
    expect(declared.components[0]).toMatchObject({
      name: 'envoy-gateway',
      kind: 'gateway-controller',
    });
    expect(
      declared.components[0].descriptorFindings.filter(
        f => f.path === 'spec.extension.kind',
      ),
    ).toEqual([]);
    const unknown = buildInventory({ clusters: [], entities: [entity] });
    expect(unknown.components[0].descriptorFindings).toContainEqual(
      expect.objectContaining({
        path: 'spec.extension.kind',
        message: expect.stringContaining(
          "'gateway-controller' is not an extension kind",
        ),
      }),
    );
  });

  it('refuses invalid registrations with the check named', () => {
    const load = (check: object) => () =>
      readChecksConfig(new ConfigReader({}), {
        extraChecks: [{ ...trustedRegistryCheck, ...check } as any],
      });
    expect(load({ id: 'NoDots' })).toThrow(
      "Check 'NoDots' registered through the extension point needs an id",
    );
    expect(load({ dimension: 'vibes' })).toThrow(
      "has an unknown dimension 'vibes'",
    );
    expect(load({ kinds: ['gateway-controller'] })).toThrow(
      'applies to unknown kind(s) gateway-controller',
    );
    expect(load({ evaluate: undefined })).toThrow('has no evaluate function');
  });
});
