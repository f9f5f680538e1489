import { caBundle } from './__testUtils__/certificates';
import { evaluateComponent, NOW, resultOf } from './__testUtils__/components';
import { CLUSTER, crd, FIXTURES, type Fixture } from './__testUtils__/fixtures';
import {
  FAILED,
  FORBIDDEN,
  kubeObject,
  NOT_SERVED,
} from './__testUtils__/kube';
import { evaluateInventory } from '../pipeline/evaluate';
import type { ClusterCollection, KubeObject } from '../collect/types';
import type { ScorecardCheck } from './types';
import { BUILTIN_CHECKS } from './catalogue';
import type { BuiltinClusterCheck } from './builtinContext';
import { ClusterIndex, OPTIONAL_RESOURCES } from './clusterIndex';
import { ConfigReader } from '@backstage/config';
import { readChecksConfig, resolveChecks, resolveKinds } from './config';
import { planChecks, runComponent } from './runner';

/** A fixture of a kind each check applies to. */
function fixtureFor(
  check: (typeof BUILTIN_CHECKS)[number],
  bundle: string,
): Fixture {
  const kind = (
    check.kinds === 'all' ? 'admission-webhook' : check.kinds[0]
  ) as keyof typeof FIXTURES;
  return FIXTURES[kind](bundle);
}

const clusterChecks = BUILTIN_CHECKS.filter(
  (c): c is BuiltinClusterCheck => c.scope === 'cluster',
);
const componentChecks = BUILTIN_CHECKS.filter(c => c.scope === 'component');

describe('the runner', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await caBundle(NOW, { subject: 'CN=runner-ca', daysFromNow: 300 });
  });

  it.each(clusterChecks.map(c => [c.id, c] as const))(
    '%s is unknown on a stale cluster',
    (_id, check) => {
      const fx = fixtureFor(check, bundle);
      fx.cluster.stale = {
        reason: 'connect ETIMEDOUT',
        lastSuccessAt: '2026-01-14T10:00:00Z',
      };
      const result = resultOf(
        evaluateComponent(fx.component, [fx.cluster], {
          evidence: fx.evidence,
        }),
        check.id,
        CLUSTER,
      );
      expect(result.status).toBe('unknown');
      expect(result.message).toContain('stale');
      expect(result.message).toContain('connect ETIMEDOUT');
    },
  );

  it.each(clusterChecks.map(c => [c.id, c] as const))(
    '%s is unknown on an unreachable cluster',
    (_id, check) => {
      const fx = fixtureFor(check, bundle);
      fx.cluster.error = 'getaddrinfo ENOTFOUND api.prod-eu.example.com';
      const result = resultOf(
        evaluateComponent(fx.component, [fx.cluster], {
          evidence: fx.evidence,
        }),
        check.id,
        CLUSTER,
      );
      expect(result).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('ENOTFOUND'),
      });
    },
  );

  const readCases = clusterChecks.flatMap(check =>
    (check.reads ?? []).flatMap(key => [
      [check.id, key, 'forbidden', check] as const,
      [check.id, key, 'failed', check] as const,
    ]),
  );
  it.each(readCases)(
    '%s is unknown when reading %s was %s',
    (_id, key, state, check) => {
      const fx = fixtureFor(check, bundle);
      fx.cluster.reads[key] = state === 'forbidden' ? FORBIDDEN : FAILED;
      const result = resultOf(
        evaluateComponent(fx.component, [fx.cluster], {
          evidence: fx.evidence,
        }),
        check.id,
        CLUSTER,
      );
      expect(result.status).toBe('unknown');
      expect(result.message).toContain(key);
      expect(result.message).toContain(
        state === 'forbidden' ? 'forbidden' : 'timeout',
      );
    },
  );

  const notServedCases = clusterChecks.flatMap(check =>
    (check.reads ?? [])
      .filter(k => !OPTIONAL_RESOURCES.has(k))
      .map(key => [check.id, key, check] as const),
  );
  it.each(notServedCases)(
    '%s is unknown when %s is not served',
    (_id, key, check) => {
      const fx = fixtureFor(check, bundle);
      fx.cluster.reads[key] = NOT_SERVED;
      const result = resultOf(
        evaluateComponent(fx.component, [fx.cluster], {
          evidence: fx.evidence,
        }),
        check.id,
        CLUSTER,
      );
      expect(result).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('not served'),
      });
    },
  );

  it.each(
    clusterChecks.filter(c => c.needsVersion).map(c => [c.id, c] as const),
  )('%s is unknown when the server version could not be read', (_id, check) => {
    const fx = fixtureFor(check, bundle);
    fx.cluster.version = null;
    fx.cluster.versionStatus = FORBIDDEN;
    const result = resultOf(
      evaluateComponent(fx.component, [fx.cluster], { evidence: fx.evidence }),
      check.id,
      CLUSTER,
    );
    expect(result).toMatchObject({
      status: 'unknown',
      message: expect.stringContaining('server version'),
    });
  });

  it.each(clusterChecks.map(c => [c.id, c] as const))(
    '%s is unknown when the component has no instance in any cluster',
    (_id, check) => {
      const fx = fixtureFor(check, bundle);
      fx.component.instances = [];
      const result = resultOf(
        evaluateComponent(fx.component, [fx.cluster]),
        check.id,
        null,
      );
      expect(result).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('no instance'),
      });
    },
  );

  it.each(componentChecks.map(c => [c.id, c] as const))(
    '%s is unknown, not pass, when it cannot evaluate its input',
    (_id, check) => {
      const fx = fixtureFor(check, bundle);
      fx.component.catalog = new Proxy(fx.component.catalog!, {
        get(_target, property) {
          throw new Error(`catalog entity is malformed at ${String(property)}`);
        },
      });
      const unreadable = { component: fx.component.id } as any;
      for (const key of [
        'scenario',
        'verdict',
        'startedAt',
        'injectedAt',
        'observations',
        'id',
      ]) {
        Object.defineProperty(unreadable, key, {
          get() {
            throw new Error('evidence record is unreadable');
          },
        });
      }
      const config = readChecksConfig(new ConfigReader({}));
      const { results } = runComponent(
        fx.component,
        {
          now: NOW,
          checks: planChecks(resolveChecks(config)),
          kinds: resolveKinds(config),
          indexes: new Map([[CLUSTER, new ClusterIndex(fx.cluster)]]),
          tables: config.tables,
          freshnessDays: config.freshnessDays,
        },
        [unreadable],
        [],
      );
      const result = results.find(r => r.checkId === check.id)!;
      expect(result.status).toBe('unknown');
      expect(result.message).toMatch(
        /^check .* failed: (catalog entity is malformed|evidence record is unreadable)/,
      );
    },
  );

  it.each(
    BUILTIN_CHECKS.filter(c => c.kinds !== 'all').map(c => [c.id, c] as const),
  )('%s does not apply to kinds outside its list', (_id, check) => {
    const other = (Object.keys(FIXTURES) as Array<keyof typeof FIXTURES>).find(
      k => !(check.kinds as string[]).includes(k),
    )!;
    const fx = FIXTURES[other](bundle);
    const result = resultOf(
      evaluateComponent(fx.component, [fx.cluster], { evidence: fx.evidence }),
      check.id,
      null,
    );
    expect(result).toMatchObject({
      status: 'not-applicable',
      message: expect.stringContaining(`not to ${other}`),
    });
  });

  it('says unknown for an instance whose cluster is not in the collection', () => {
    const fx = FIXTURES['admission-webhook'](bundle);
    const scorecard = evaluateComponent(fx.component, [], {
      evidence: fx.evidence,
    });
    const result = resultOf(scorecard, 'webhook.timeout', CLUSTER);
    expect(result).toMatchObject({
      status: 'unknown',
      message: `cluster ${CLUSTER} is not part of this collection`,
    });
  });

  it('fills metadata from the check and never claims pass without data', () => {
    const fx = FIXTURES['admission-webhook'](bundle);
    fx.cluster.reads.clusterrolebindings = FORBIDDEN;
    const scorecard = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
    });
    const result = resultOf(scorecard, 'rbac.cluster-admin', CLUSTER);
    expect(result).toMatchObject({
      checkId: 'rbac.cluster-admin',
      dimension: 'rbac',
      severity: 'critical',
      status: 'unknown',
      cluster: CLUSTER,
      remediation: expect.stringContaining('ClusterRole'),
    });
    expect(scorecard.level).toBe(1);
    expect(scorecard.rbacFindings).toEqual([]);
  });
});

describe('facets: a check applies to any kind found among the component objects', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await caBundle(NOW, { subject: 'CN=facets-ca', daysFromNow: 300 });
  });

  /** A CNI project that also runs the fixture's admission webhook and ships a CRD. */
  function cniWithWebhookAndCrds() {
    const webhook = FIXTURES['admission-webhook'](bundle);
    const fx = FIXTURES.cni();
    const objects = fx.component.instances[0].objects;
    const theirs = webhook.component.instances[0].objects;
    objects.validatingWebhookConfigurations =
      theirs.validatingWebhookConfigurations;
    objects.deployments = theirs.deployments;
    objects.services = theirs.services;
    objects.customResourceDefinitions = [
      crd('felixconfigurations.crd.projectcalico.org'),
    ];
    fx.component.facets = ['cni', 'admission-webhook', 'crd-controller'];
    for (const key of [
      'validatingwebhookconfigurations',
      'deployments',
      'services',
      'endpointslices',
    ] as const)
      fx.cluster.objects[key] = [
        ...(fx.cluster.objects[key] ?? []),
        ...(webhook.cluster.objects[key] ?? []),
      ];
    return fx;
  }

  it('runs webhook and CRD checks on a CNI project that has a webhook and CRDs', () => {
    const fx = cniWithWebhookAndCrds();
    const scorecard = evaluateComponent(fx.component, [fx.cluster]);
    expect(resultOf(scorecard, 'webhook.timeout', CLUSTER).status).toBe('pass');
    expect(resultOf(scorecard, 'webhook.scope', CLUSTER).status).toBe('pass');
    expect(resultOf(scorecard, 'crd.established', CLUSTER).status).toBe('pass');
    expect(resultOf(scorecard, 'cert.ca-bundle', CLUSTER).status).toBe('pass');
    // still not-applicable: no facet is an aggregated API
    expect(resultOf(scorecard, 'aggregated.available', null)).toMatchObject({
      status: 'not-applicable',
      message:
        'applies to aggregated-api, not to cni (nor to its facets admission-webhook, crd-controller)',
    });
  });

  it('judges the webhook backend of a CNI project by the sync-path rules', () => {
    const fx = cniWithWebhookAndCrds();
    const backend = fx.component.instances[0].objects.deployments[0];
    backend.spec.replicas = 1;
    backend.status.readyReplicas = 1;
    expect(
      resultOf(
        evaluateComponent(fx.component, [fx.cluster]),
        'availability.replicas',
        CLUSTER,
      ),
    ).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('(minimum 2 on the sync-api path)'),
    });
  });

  it('keeps the required experiments of the component own kind', () => {
    const fx = cniWithWebhookAndCrds();
    const scorecard = evaluateComponent(fx.component, [fx.cluster], {
      evidence: fx.evidence,
    });
    const required = resultOf(scorecard, 'experiments.required', null);
    expect(required.status).toBe('pass');
    expect(Object.keys(required.observed ?? {}).sort()).toEqual(
      ['freshnessDays', ...FIXTURES.cni().evidence.map(e => e.scenario)].sort(),
    );
  });

  it('keys the shared not-applicable result by kind and facets', () => {
    const plain = FIXTURES.cni();
    const withWebhook = cniWithWebhookAndCrds();
    withWebhook.component.id = 'component:default/calico-with-webhook';
    const cards = evaluateInventory(
      {
        generatedAt: NOW.toISOString(),
        clusters: [withWebhook.cluster],
        components: [plain.component, withWebhook.component],
      },
      { now: NOW },
    );
    const timeout = cards.map(c =>
      c.results.filter(r => r.checkId === 'webhook.timeout'),
    );
    expect(timeout[0]).toEqual([
      expect.objectContaining({
        status: 'not-applicable',
        message: 'applies to admission-webhook, not to cni',
      }),
    ]);
    expect(timeout[1]).toEqual([
      expect.objectContaining({ status: 'pass', cluster: CLUSTER }),
    ]);
  });
});

describe('failStandsWithout: judging on what was read', () => {
  /** A module check failing on ClusterRoleBindings to cluster-admin it can see. */
  const seen: string[] = [];
  const adminBindings: ScorecardCheck = {
    id: 'acme.admin-bindings',
    dimension: 'rbac',
    kinds: 'all',
    severity: 'high',
    scope: 'cluster',
    title: 'No cluster-admin bindings',
    remediation: 'Remove them.',
    reads: ['clusterrolebindings', 'rolebindings', 'namespaces'],
    failStandsWithout: ['clusterrolebindings', 'rolebindings'],
    evaluate(_component, { cluster }: { cluster: ClusterCollection }) {
      const names = (cluster.objects.clusterrolebindings ?? [])
        .filter((b: KubeObject) => (b as any).roleRef?.name === 'cluster-admin')
        .map((b: KubeObject) => b.metadata.name);
      seen.push(...names);
      return names.length
        ? { status: 'fail', message: `bound: ${names.join(', ')}` }
        : { status: 'pass', message: 'no binding to cluster-admin' };
    },
  };
  const adminBinding = kubeObject(
    'rbac.authorization.k8s.io/v1',
    'ClusterRoleBinding',
    'ops-admin',
    undefined,
    { roleRef: { kind: 'ClusterRole', name: 'cluster-admin' }, subjects: [] },
  );

  const evaluate = (fx: Fixture) =>
    resultOf(
      evaluateComponent(fx.component, [fx.cluster], {
        extraChecks: [adminBindings],
      }),
      'acme.admin-bindings',
      CLUSTER,
    );

  it('keeps a fail proven on what was read, naming the missing reads', () => {
    const fx = FIXTURES.cni();
    fx.cluster.objects.clusterrolebindings = [adminBinding];
    fx.cluster.reads.rolebindings = FORBIDDEN;
    expect(evaluate(fx)).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(
        'bound: ops-admin (proven on what was read; reading rolebindings in cluster prod-eu was forbidden',
      ),
      observed: { missingReads: { rolebindings: expect.any(String) } },
    });
  });

  it('turns any other verdict into unknown with the reason', () => {
    const fx = FIXTURES.cni();
    fx.cluster.reads.rolebindings = FAILED;
    expect(evaluate(fx)).toMatchObject({
      status: 'unknown',
      message:
        'cannot judge: reading rolebindings in cluster prod-eu failed (timeout after 10s) (on what was read: pass, no binding to cluster-admin)',
      observed: { onWhatWasRead: 'pass' },
    });
  });

  it('leaves out objects kept from an earlier read', () => {
    const fx = FIXTURES.cni();
    fx.cluster.objects.clusterrolebindings = [adminBinding];
    fx.cluster.reads.clusterrolebindings = {
      state: 'forbidden',
      reason:
        '403; objects kept from the last good read at 2026-01-15T09:00:00Z',
      lastReadAt: '2026-01-15T09:00:00Z',
    };
    expect(evaluate(fx).status).toBe('unknown');
  });

  it('does not run the check when a read it cannot do without is missing', () => {
    const fx = FIXTURES.cni();
    fx.cluster.objects.clusterrolebindings = [adminBinding];
    fx.cluster.reads.namespaces = FORBIDDEN;
    seen.length = 0;
    expect(evaluate(fx)).toMatchObject({
      status: 'unknown',
      message: expect.stringMatching(/^cannot judge: reading namespaces/),
    });
    expect(seen).toEqual([]);
  });

  it('is validated: only reads the check declares', () => {
    expect(() =>
      readChecksConfig(new ConfigReader({}), {
        extraChecks: [
          { ...adminBindings, failStandsWithout: ['roles'] } as ScorecardCheck,
        ],
      }),
    ).toThrow(
      "Check 'acme.admin-bindings' registered through the extension point lists roles in failStandsWithout but not in reads or optionalReads",
    );
  });

  it.each(clusterChecks.map(c => [c.id, c] as const))(
    '%s lists only its own reads in failStandsWithout',
    (_id, check) => {
      const declared = [...(check.reads ?? []), ...(check.optionalReads ?? [])];
      for (const key of check.failStandsWithout ?? [])
        expect(declared).toContain(key);
    },
  );
});
