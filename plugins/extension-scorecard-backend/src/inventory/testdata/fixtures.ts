/**
 * Test fixtures: manifests modeled on upstream projects (one YAML file per project in
 * this folder), turned into ClusterCollections as the collector would return them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { specForObject, RESOURCE_KEYS } from '../../collect/resources';
import type { ClusterCollection, KubeObject } from '../../collect/types';

export type FixtureName =
  | 'base-cluster'
  | 'cert-manager'
  | 'kyverno'
  | 'gatekeeper'
  | 'istio'
  | 'metrics-server'
  | 'aws-ebs-csi-driver'
  | 'nvidia-device-plugin'
  | 'dra-example-driver'
  | 'scheduler-plugins'
  | 'cilium'
  | 'kata';

// eslint-disable-next-line no-restricted-syntax -- test fixtures, never part of a build
const FIXTURE_DIR = __dirname;

export function fixtureObjects(...names: FixtureName[]): KubeObject[] {
  return names.flatMap(name =>
    parseAllDocuments(
      fs.readFileSync(path.join(FIXTURE_DIR, `${name}.yaml`), 'utf8'),
    )
      .map(d => d.toJS())
      .filter(Boolean),
  );
}

/** A collection in which every read succeeded, holding the given objects. */
export function clusterOf(
  cluster: string,
  objects: KubeObject[],
): ClusterCollection {
  const collection: ClusterCollection = {
    cluster,
    source: 'dump',
    collectedAt: '2025-06-01T00:00:00.000Z',
    version: { major: '1', minor: '31', gitVersion: 'v1.31.4' },
    versionStatus: { state: 'ok' },
    reads: Object.fromEntries(RESOURCE_KEYS.map(k => [k, { state: 'ok' }])),
    objects: {},
  };
  for (const obj of objects) {
    const found = specForObject(obj.apiVersion, obj.kind);
    if (!found)
      throw new Error(
        `fixture object of unread kind ${obj.apiVersion} ${obj.kind}`,
      );
    (collection.objects[found.spec.key] ??= []).push(obj);
  }
  return collection;
}

/** Adds a label to every object matching the predicate (e.g. `backstage.io/kubernetes-id`). */
export function labelled(
  objects: KubeObject[],
  labels: Record<string, string>,
  predicate: (o: KubeObject) => boolean,
): KubeObject[] {
  return objects.map(o =>
    predicate(o)
      ? {
          ...o,
          metadata: {
            ...o.metadata,
            labels: { ...o.metadata.labels, ...labels },
          },
        }
      : o,
  );
}
