/**
 * What the collector keeps of an object: CRDs without their OpenAPI schemas, checked on
 * the real upstream CRDs of examples/upstream (KEDA, Istio, Cilium, Kueue, Volcano…).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { readClusterDump } from './dumps';
import { apiVersionUses } from '../checks/upgrade/apiVersionUses';
import {
  trimAtRead,
  withAppliedVersionOnly,
  withoutCrdSchemas,
} from './objects';
import type { KubeObject } from './types';

const UPSTREAM = path.resolve(__dirname, '../../../../examples/upstream');

/** Every CRD of a dump directory, as the YAML files hold them. */
function rawCrds(cluster: string): KubeObject[] {
  const dir = path.join(UPSTREAM, 'clusters', cluster);
  return fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.yaml'))
    .flatMap(f =>
      parseAllDocuments(fs.readFileSync(path.join(dir, f), 'utf8')).map(d =>
        d.toJS(),
      ),
    )
    .flatMap(doc => (doc?.kind === 'List' ? doc.items : [doc]))
    .filter(o => o?.kind === 'CustomResourceDefinition');
}

describe('withoutCrdSchemas', () => {
  const crds = [...rawCrds('eks-prod'), ...rawCrds('onprem-gpu')];

  it('drops each version’s schema of real CRDs and keeps everything else', () => {
    expect(crds.length).toBeGreaterThan(10);
    for (const crd of crds) {
      const kept = withoutCrdSchemas(crd);
      const versions = kept.spec.versions as Array<Record<string, unknown>>;
      expect(versions.every(v => !('schema' in v))).toBe(true);
      // the rest is the object as read: drop the schemas from the original to compare
      expect(kept).toEqual({
        ...crd,
        spec: {
          ...crd.spec,
          versions: crd.spec.versions.map(
            ({ schema: _s, ...v }: Record<string, unknown>) => v,
          ),
        },
      });
      expect(versions.map(v => [v.name, v.served, v.storage])).toEqual(
        crd.spec.versions.map((v: Record<string, unknown>) => [
          v.name,
          v.served,
          v.storage,
        ]),
      );
    }
    // (these fixtures' schemas were cut when recorded; a real operator's are most of it)
    const size = (o: unknown) => JSON.stringify(o).length;
    const before = crds.reduce((n, c) => n + size(c), 0);
    const after = crds.reduce((n, c) => n + size(withoutCrdSchemas(c)), 0);
    expect(after).toBeLessThan(before);
  });

  it('leaves other objects, and CRDs without schemas, as they are', () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x' },
      spec: { versions: [{ schema: 'not a CRD' }] },
    };
    expect(withoutCrdSchemas(deployment)).toBe(deployment);
    const bare = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'a.b' },
      spec: { versions: [{ name: 'v1', served: true, storage: true }] },
    };
    expect(withoutCrdSchemas(bare)).toBe(bare);
    expect(trimAtRead(null)).toBeNull();
  });

  it('is what a dump read keeps', async () => {
    const collection = await readClusterDump({
      name: 'eks-prod',
      directory: path.join(UPSTREAM, 'clusters', 'eks-prod'),
      now: () => new Date('2026-12-01T00:00:00Z'),
    });
    const read = collection.objects.customresourcedefinitions ?? [];
    expect(read.map(c => c.metadata.name).sort()).toEqual(
      rawCrds('eks-prod')
        .map(c => c.metadata.name)
        .sort(),
    );
    expect(
      read.every(c =>
        (c.spec?.versions ?? []).every(
          (v: Record<string, unknown>) => !('schema' in v),
        ),
      ),
    ).toBe(true);
  });
});

describe('withAppliedVersionOnly', () => {
  const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
  /** The objects of the demo that kubectl applied (the NVIDIA device plugin's DaemonSets, as `kubectl get -o yaml` prints them). */
  const applied = ['prod-eu', 'staging-us']
    .map(cluster =>
      path.resolve(UPSTREAM, '../clusters', cluster, 'daemonsets.yaml'),
    )
    .flatMap(file =>
      parseAllDocuments(fs.readFileSync(file, 'utf8')).map(d => d.toJS()),
    )
    .flatMap(doc => (doc?.kind === 'List' ? doc.items : [doc]))
    .filter(o => typeof o?.metadata?.annotations?.[LAST_APPLIED] === 'string');

  it('keeps only the apiVersion and kind of real last-applied manifests, which is what the upgrade checks read', () => {
    expect(applied.length).toBe(2);
    for (const object of applied) {
      const manifest = JSON.parse(object.metadata.annotations[LAST_APPLIED]);
      const kept = trimAtRead(object);
      expect(
        JSON.parse(kept.metadata.annotations[LAST_APPLIED] as string),
      ).toEqual({ apiVersion: manifest.apiVersion, kind: manifest.kind });
      // what the upgrade checks see of the object is the same
      expect(apiVersionUses(kept)).toEqual(apiVersionUses(object));
      // nothing else changed
      const { [LAST_APPLIED]: _a, ...otherAnnotations } =
        kept.metadata.annotations;
      const { [LAST_APPLIED]: _b, ...originalAnnotations } =
        object.metadata.annotations;
      expect(otherAnnotations).toEqual(originalAnnotations);
      expect(kept.spec).toEqual(object.spec);
      expect(JSON.stringify(kept).length).toBeLessThan(
        JSON.stringify(object).length,
      );
    }
  });

  it('reads a manifest whose keys are not in kubectl’s order, and leaves an unreadable one as it is', () => {
    const withAnnotation = (text: string) => ({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'x', annotations: { [LAST_APPLIED]: text } },
    });
    const reordered = withAnnotation(
      JSON.stringify({
        kind: 'Deployment',
        metadata: { name: 'x' },
        apiVersion: 'extensions/v1beta1',
        spec: { replicas: 2 },
      }),
    );
    expect(
      withAppliedVersionOnly(reordered).metadata.annotations[LAST_APPLIED],
    ).toBe('{"apiVersion":"extensions/v1beta1","kind":"Deployment"}');
    const truncated = withAnnotation('{"apiVersion":"apps/v1","ki');
    expect(withAppliedVersionOnly(truncated)).toBe(truncated);
    const small = withAnnotation(
      '{"apiVersion":"apps/v1","kind":"Deployment"}',
    );
    expect(withAppliedVersionOnly(small)).toBe(small);
  });
});
