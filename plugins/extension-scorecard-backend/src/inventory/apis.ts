/**
 * API extensions: aggregated APIs (APIService → Service → workload) and CRDs with the
 * controller that reconciles them.
 */
import type { KubeObject } from '../collect/types';
import {
  addInjectedCertificates,
  addServiceBackend,
  addWorkloadClosure,
  installationSiblings,
} from './backends';
import type { ClusterIndex } from './clusterIndex';
import { Detector, newSeed, Seed } from './seed';
import { GENERIC_NAME_TOKENS } from './wellKnown';

/**
 * One seed per APIService served by a Service (`spec.service`); Local APIServices
 * (built-in groups and CRD-backed ones) are not extensions of their own.
 */
export const detectAggregatedApis: Detector = idx => {
  const seeds: Seed[] = [];
  for (const api of idx.list('apiservices')) {
    const svc = api.spec?.service;
    if (!svc?.name || !svc?.namespace) continue;
    const seed = newSeed(
      idx,
      'aggregated-api',
      api.metadata.name,
      [api],
      [`service:${svc.namespace}/${svc.name}`],
    );
    addInjectedCertificates(seed.builder, idx, api);
    addServiceBackend(seed.builder, idx, svc.namespace, svc.name);
    seeds.push(seed);
  }
  return seeds;
};

/**
 * The workloads reconciling a CRD. Controllers are recognized by RBAC: a service account
 * granted list/watch/update/patch on `<group>/<plural>` by name (wildcards do not count),
 * preferring those installed with the CRD (projects.ts), then those that also write
 * `<plural>/status`; its Deployments/DaemonSets/StatefulSets are the controller. Failing
 * that, the workloads installed with the CRD are taken, or those sharing its most specific
 * installation label (`app.kubernetes.io/name`, else `part-of`, else `instance`).
 */
export function crdControllers(
  idx: ClusterIndex,
  crd: KubeObject,
): KubeObject[] {
  const group = crd.spec?.group;
  const plural = crd.spec?.names?.plural;
  if (typeof group !== 'string' || typeof plural !== 'string') return [];
  const project = idx.projects.projectOf(crd);
  const sameProject = (w: KubeObject) =>
    !!project && idx.projects.projectOf(w) === project;
  const granted = idx.controllerGrants(group, plural).map(g => {
    const [ns, name] = g.serviceAccount.split('/');
    return {
      writesStatus: g.writesStatus,
      workloads: idx.workloadsForServiceAccount(ns, name),
    };
  });
  const byRbac = (list: typeof granted) => list.flatMap(g => g.workloads);
  const own = byRbac(granted).filter(sameProject);
  if (own.length > 0) return own;
  const writers = granted.filter(g => g.writesStatus);
  const chosen = byRbac(writers.length > 0 ? writers : granted);
  if (chosen.length > 0) return chosen;
  const installedWith = project ? idx.workloads().filter(sameProject) : [];
  if (installedWith.length > 0) return installedWith;
  const siblings = installationSiblings(crd, idx.workloads());
  if (siblings.length > 0) return siblings;
  return namedAfterGroup(idx, group);
}

/**
 * Workloads whose namespace or name is the API group's own name (`velero.io` → namespace
 * `velero`): the last resort for CRDs without labels whose controller may do everything
 * (Velero's server is cluster-admin, so RBAC names nothing).
 */
function namedAfterGroup(idx: ClusterIndex, group: string): KubeObject[] {
  const first = (text: string | undefined) =>
    (text ?? '').toLowerCase().split(/[^a-z0-9]+/)[0];
  const word = first(groupWord(group));
  if (!word) return [];
  return idx
    .workloads()
    .filter(
      w =>
        first(w.metadata.namespace) === word || first(w.metadata.name) === word,
    );
}

/** Domain labels of API groups that name no project. */
const GENERIC_GROUP_LABELS = new Set([
  'k8s',
  'x-k8s',
  'sigs',
  'kubernetes',
  'apps',
  'batch',
]);

/** The name an API group is registered under: `velero.io` → velero, `kueue.x-k8s.io` → kueue. */
export function groupWord(group: string): string | undefined {
  const labels = group.toLowerCase().split('.');
  const owned = labels.slice(0, -1).reverse(); // without the top-level domain
  return owned.find(
    l =>
      l.length >= 3 &&
      !GENERIC_NAME_TOKENS.has(l) &&
      !GENERIC_GROUP_LABELS.has(l),
  );
}

/**
 * One seed per CRD. CRDs of one API group, or reconciled by the same controller, are one
 * extension; a conversion webhook's Service and workloads join it.
 */
export const detectCrdControllers: Detector = function* (idx) {
  for (const crd of idx.list('customresourcedefinitions')) {
    const group =
      typeof crd.spec?.group === 'string' ? crd.spec.group : crd.metadata.name;
    const controllers = crdControllers(idx, crd);
    const conversion = crd.spec?.conversion?.webhook?.clientConfig?.service;
    const seed = newSeed(
      idx,
      'crd-controller',
      group,
      [crd],
      [
        `group:${group}`,
        ...controllers.map(
          w =>
            `controller:${w.kind}/${w.metadata.namespace}/${w.metadata.name}`,
        ),
      ],
    );
    for (const w of controllers) addWorkloadClosure(seed.builder, idx, w);
    if (conversion?.namespace && conversion?.name) {
      addServiceBackend(
        seed.builder,
        idx,
        conversion.namespace,
        conversion.name,
      );
    }
    addInjectedCertificates(seed.builder, idx, crd);
    yield seed;
  }
};
