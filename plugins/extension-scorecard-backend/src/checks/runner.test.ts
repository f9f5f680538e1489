import { caBundle } from './__testUtils__/certificates';
import { evaluateComponent, NOW, resultOf } from './__testUtils__/components';
import { CLUSTER, FIXTURES, type Fixture } from './__testUtils__/fixtures';
import { FAILED, FORBIDDEN, NOT_SERVED } from './__testUtils__/kube';
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
