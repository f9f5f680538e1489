/**
 * Least privilege, end to end: deploy/collector-rbac.yaml is enforced on a stand-in
 * API server the way the API server's RBAC authorizer would (every request not
 * granted by the ClusterRole is answered 403), and the live collector reads a whole
 * cluster through it. The collector must need nothing the role does not grant, and
 * the role must grant nothing the scorecard itself calls risky (resources.test.ts
 * keeps the role and the resource table in agreement rule by rule).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  isAdminEquivalent,
  PolicyRule,
  ruleGrants,
} from '../checks/kubernetes/rbacAuthorizer';
import { defaultReferenceTables } from '../reference';
import { collectLiveCluster } from './live';
import { RESOURCE_KEYS } from './resources';
import {
  StandInApiServer,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';

// loads client-node (ESM, transpiled on first use)
jest.setTimeout(60_000);

const RBAC_FILE = path.resolve(__dirname, '../../deploy/collector-rbac.yaml');
const PROD_EU = path.resolve(
  __dirname,
  '../../../../examples/clusters/prod-eu',
);

function collectorRole(): PolicyRule[] {
  const docs = parseAllDocuments(fs.readFileSync(RBAC_FILE, 'utf8')).map(d =>
    d.toJS(),
  );
  return docs
    .find(d => d.kind === 'ClusterRole')
    .rules.map((rule: Partial<PolicyRule>) => ({
      apiGroups: [],
      resources: [],
      ...rule,
    }));
}

/** Whether the role lets a GET of `urlPath` through, as the RBAC authorizer decides. */
function authorizes(rules: PolicyRule[], urlPath: string): boolean {
  const list =
    /^\/api\/v1\/([^/]+)$/.exec(urlPath) ??
    /^\/apis\/([^/]+)\/[^/]+\/([^/]+)$/.exec(urlPath);
  if (list) {
    const [apiGroup, resource] =
      list.length === 2 ? ['', list[1]] : [list[1], list[2]];
    return rules.some(
      rule =>
        !rule.resourceNames &&
        ruleGrants(rule, { apiGroup, resources: [resource], verbs: ['list'] }),
    );
  }
  // anything else the collector asks is a non-resource URL (version, discovery)
  return rules.some(
    rule =>
      rule.verbs.includes('get') &&
      (rule.nonResourceURLs ?? []).some(pattern =>
        pattern.endsWith('*')
          ? urlPath.startsWith(pattern.slice(0, -1))
          : urlPath === pattern,
      ),
  );
}

describe('deploy/collector-rbac.yaml, enforced', () => {
  let server: StandInApiServer;
  let refused: string[];

  beforeAll(async () => {
    server = await startStandInApiServer({
      cluster: await standInClusterFromDump(PROD_EU),
    });
  });
  afterAll(() => server.close());

  async function collectWith(rules: PolicyRule[]) {
    refused = [];
    server.setFaults([
      {
        match: p => {
          const denied = !authorizes(rules, p);
          if (denied) refused.push(p);
          return denied;
        },
        status: 403,
      },
    ]);
    return collectLiveCluster({
      name: 'prod-eu',
      url: server.url,
      skipTLSVerify: true,
      timeoutSeconds: 30,
      pageSize: 500,
      concurrency: 4,
    });
  }

  it('lets the collector read everything it reads, and nothing is refused', async () => {
    const collection = await collectWith(collectorRole());
    expect(refused).toEqual([]);
    expect(collection.error).toBeUndefined();
    expect(collection.versionStatus).toEqual({ state: 'ok' });
    for (const key of RESOURCE_KEYS) {
      expect({ key, state: collection.reads[key]?.state }).toEqual({
        key,
        state: expect.stringMatching(/^(ok|not-served)$/),
      });
    }
    expect(collection.objects.clusterroles?.length).toBeGreaterThan(0);
    // the role lets GET /metrics through; this stand-in serves no metrics (404)
    expect(collection.apiServerMetrics?.status.state).toBe('not-served');
  });

  it('is what makes the reads work: without its RBAC rule, RBAC objects are forbidden', async () => {
    const rules = collectorRole().filter(
      r => !r.apiGroups.includes('rbac.authorization.k8s.io'),
    );
    const collection = await collectWith(rules);
    expect(refused.length).toBeGreaterThan(0);
    for (const key of [
      'roles',
      'clusterroles',
      'rolebindings',
      'clusterrolebindings',
    ] as const) {
      expect(collection.reads[key]?.state).toBe('forbidden');
    }
    expect(collection.reads.deployments?.state).toBe('ok');
  });

  it("is what lets /metrics through: without its rule, only the API server's metrics are forbidden", async () => {
    const rules = collectorRole().filter(
      r => !(r.nonResourceURLs ?? []).includes('/metrics'),
    );
    expect(rules.length).toBe(collectorRole().length - 1);
    const collection = await collectWith(rules);
    expect(refused).toEqual(['/metrics']);
    expect(collection.apiServerMetrics?.status).toEqual({
      state: 'forbidden',
      reason: expect.stringContaining(
        'needs nonResourceURLs: ["/metrics"] with verbs: ["get"]',
      ),
    });
    for (const key of RESOURCE_KEYS) {
      expect({ key, state: collection.reads[key]?.state }).toEqual({
        key,
        state: expect.stringMatching(/^(ok|not-served)$/),
      });
    }
  });

  it('grants nothing the scorecard calls risky: no Secrets, escalation, exec, webhook writes or admin', () => {
    const rules = collectorRole();
    const risks = defaultReferenceTables().rbacRisks;
    const probes = [
      ...risks.secrets,
      ...risks.escalation,
      ...risks.podExec,
      ...risks.webhookWrite,
      // and nothing the collector does not read: logs, proxies, ConfigMaps
      {
        apiGroup: '',
        resources: ['pods/log', 'services/proxy'],
        verbs: ['get'],
      },
      { apiGroup: '', resources: ['configmaps'], verbs: ['get', 'list'] },
    ];
    const granted = probes.filter(probe =>
      rules.some(rule => ruleGrants(rule, probe)),
    );
    expect(granted).toEqual([]);
    expect(rules.some(rule => isAdminEquivalent(rule, risks.adminVerbs))).toBe(
      false,
    );
    for (const rule of rules) {
      expect(rule.verbs.every(v => ['get', 'list', 'watch'].includes(v))).toBe(
        true,
      );
    }
  });
});
