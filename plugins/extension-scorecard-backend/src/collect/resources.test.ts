import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import {
  listPath,
  RESOURCE_KEYS,
  RESOURCE_SPECS,
  specForObject,
} from './resources';

const RBAC_FILE = path.resolve(__dirname, '../../deploy/collector-rbac.yaml');

function rbacDocuments(): any[] {
  return parseAllDocuments(fs.readFileSync(RBAC_FILE, 'utf8')).map(d =>
    d.toJS(),
  );
}

describe('collector resource table', () => {
  it('has one spec per group and plural, and a kind for each', () => {
    const ids = RESOURCE_SPECS.map(s => `${s.plural}.${s.group}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(RESOURCE_SPECS.every(s => /^[A-Z]/.test(s.kind))).toBe(true);
    expect(RESOURCE_KEYS).toContain('chaosmesh');
  });

  it('never reads Secrets', () => {
    expect(RESOURCE_SPECS.some(s => s.plural === 'secrets')).toBe(false);
  });

  it('prefers resource.k8s.io v1 and falls back to the betas and v1alpha3', () => {
    for (const plural of ['deviceclasses', 'resourceslices']) {
      const spec = RESOURCE_SPECS.find(s => s.plural === plural)!;
      expect(spec.versions).toEqual(['v1', 'v1beta2', 'v1beta1', 'v1alpha3']);
    }
  });

  it('lists only Pending pods', () => {
    expect(RESOURCE_SPECS.find(s => s.key === 'pods')?.fieldSelector).toBe(
      'status.phase=Pending',
    );
  });

  it('maps objects back to their spec and builds list paths', () => {
    const pdb = specForObject('policy/v1', 'PodDisruptionBudget')!;
    expect(pdb.spec.key).toBe('poddisruptionbudgets');
    expect(listPath(pdb.spec, pdb.version)).toBe(
      '/apis/policy/v1/poddisruptionbudgets',
    );
    expect(specForObject('chaos-mesh.org/v1alpha1', 'IOChaos')?.spec.key).toBe(
      'chaosmesh',
    );
    expect(specForObject('v1', 'Secret')).toBeUndefined();
    const ns = specForObject('v1', 'Namespace')!;
    expect(listPath(ns.spec, ns.version)).toBe('/api/v1/namespaces');
  });

  it('reads HorizontalPodAutoscalers (autoscaling/v2) and FlowSchemas (v1, else v1beta3)', () => {
    const hpa = specForObject('autoscaling/v2', 'HorizontalPodAutoscaler')!;
    expect(hpa.spec).toMatchObject({
      key: 'horizontalpodautoscalers',
      versions: ['v2'],
      namespaced: true,
    });
    expect(listPath(hpa.spec, hpa.version)).toBe(
      '/apis/autoscaling/v2/horizontalpodautoscalers',
    );
    const flow = specForObject(
      'flowcontrol.apiserver.k8s.io/v1',
      'FlowSchema',
    )!;
    expect(flow.spec).toMatchObject({
      key: 'flowschemas',
      versions: ['v1', 'v1beta3'],
      namespaced: false,
    });
    expect(listPath(flow.spec, 'v1beta3')).toBe(
      '/apis/flowcontrol.apiserver.k8s.io/v1beta3/flowschemas',
    );
  });
});

describe('deploy/collector-rbac.yaml', () => {
  const docs = rbacDocuments();
  const role = docs.find(d => d.kind === 'ClusterRole');
  const binding = docs.find(d => d.kind === 'ClusterRoleBinding');
  const sa = docs.find(d => d.kind === 'ServiceAccount');

  it('grants get/list/watch on exactly the resources the collector reads', () => {
    const granted = new Set<string>();
    for (const rule of role.rules.filter((r: any) => r.resources)) {
      expect(rule.verbs).toEqual(['get', 'list', 'watch']);
      expect(rule.resourceNames).toBeUndefined();
      for (const group of rule.apiGroups) {
        for (const resource of rule.resources)
          granted.add(`${resource}.${group}`);
      }
    }
    const read = new Set(RESOURCE_SPECS.map(s => `${s.plural}.${s.group}`));
    expect([...granted].sort()).toEqual([...read].sort());
  });

  it('grants no wildcard, no Secrets and no write verb', () => {
    const text = JSON.stringify(role.rules);
    expect(text).not.toContain('"*"');
    expect(text).not.toMatch(/secrets/);
    for (const rule of role.rules) {
      for (const verb of rule.verbs)
        expect(['get', 'list', 'watch']).toContain(verb);
    }
  });

  it('allows the discovery and version endpoints the live source calls', () => {
    const urls = role.rules.find((r: any) => r.nonResourceURLs).nonResourceURLs;
    expect(urls).toEqual(
      expect.arrayContaining([
        '/version',
        '/api',
        '/api/*',
        '/apis',
        '/apis/*',
      ]),
    );
  });

  it("allows GET /metrics for the API server's deprecated-API gauge, and no other non-resource URL", () => {
    const nonResource = role.rules.filter((r: any) => r.nonResourceURLs);
    const metrics = nonResource.find((r: any) =>
      r.nonResourceURLs.includes('/metrics'),
    );
    expect(metrics).toEqual({ nonResourceURLs: ['/metrics'], verbs: ['get'] });
    expect(
      nonResource.flatMap((r: any) => r.nonResourceURLs as string[]).sort(),
    ).toEqual(['/api', '/api/*', '/apis', '/apis/*', '/metrics', '/version']);
    for (const rule of nonResource) expect(rule.verbs).toEqual(['get']);
  });

  it('binds the role to the collector service account', () => {
    expect(binding.roleRef).toEqual({
      apiGroup: 'rbac.authorization.k8s.io',
      kind: 'ClusterRole',
      name: role.metadata.name,
    });
    expect(binding.subjects).toEqual([
      {
        kind: 'ServiceAccount',
        name: sa.metadata.name,
        namespace: sa.metadata.namespace,
      },
    ]);
  });
});
