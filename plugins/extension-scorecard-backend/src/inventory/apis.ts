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
  return installationSiblings(crd, idx.workloads());
}

/**
 * One seed per CRD. CRDs of one API group, or reconciled by the same controller, are one
 * extension; a conversion webhook's Service and workloads join it.
 */
export const detectCrdControllers: Detector = idx => {
  const seeds: Seed[] = [];
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
    seeds.push(seed);
  }
  return seeds;
};
