/**
 * What runs an extension: from a Service or a workload to everything the checks read
 * about it. Service → workloads (by selector) → ServiceAccount → RBAC and FlowSchemas
 * that apply to it → PodDisruptionBudgets → HorizontalPodAutoscalers scaling it →
 * cert-manager Certificates (serving secret) → monitors, rules and chaos records
 * targeting its Pods.
 */
import type { KubeObject } from '../collect/types';
import type { ClusterIndex } from './clusterIndex';
import type { InstanceBuilder } from './instance';
import { matchesLabelSelector, matchesSelectorMap } from './labels';
import {
  isWorkload,
  mountedSecretNames,
  podLabels,
  serviceAccountName,
} from './workloads';

/**
 * Labels that tie the parts of one installation together (Helm charts, operators), most
 * specific first: the application, the larger product, the release.
 */
const INSTALLATION_LABELS = [
  'app.kubernetes.io/name',
  'app.kubernetes.io/part-of',
  'app.kubernetes.io/instance',
];

/**
 * Adds a Service, its EndpointSlices and ServiceMonitors, and the workloads it selects
 * with their closure. Returns the workloads; nothing when the Service does not exist.
 */
export function addServiceBackend(
  b: InstanceBuilder,
  idx: ClusterIndex,
  namespace: string,
  name: string,
): KubeObject[] {
  const service = idx.get('services', namespace, name);
  if (!service) return [];
  addAll(
    b,
    idx.memo('service-facts', service, () => serviceFacts(idx, service)),
  );
  const workloads = idx.memo('service-workloads', service, () => {
    const selector = service.spec?.selector as
      | Record<string, string>
      | undefined;
    return idx
      .workloadsInNamespace(namespace)
      .filter(w => matchesSelectorMap(selector, podLabels(w)));
  });
  for (const w of workloads) addWorkloadClosure(b, idx, w);
  return workloads;
}

function addAll(b: InstanceBuilder, objects: KubeObject[]) {
  for (const o of objects) b.add(o);
}

/** A Service with its EndpointSlices and the ServiceMonitors that scrape it. */
function serviceFacts(idx: ClusterIndex, service: KubeObject): KubeObject[] {
  const ns = service.metadata.namespace!;
  const out = [
    service,
    ...idx.endpointSlicesForService(ns, service.metadata.name),
  ];
  for (const monitor of idx.list('servicemonitors')) {
    if (
      selectsNamespace(monitor, ns) &&
      matchesLabelSelector(monitor.spec?.selector, service.metadata.labels)
    ) {
      out.push(monitor);
    }
  }
  return out;
}

/**
 * Adds an object with what the checks read about it: a workload with its closure, a
 * Service with its backend, anything else as it is.
 */
export function addWithClosure(
  b: InstanceBuilder,
  idx: ClusterIndex,
  obj: KubeObject,
) {
  if (isWorkload(obj)) addWorkloadClosure(b, idx, obj);
  else if (obj.kind === 'Service')
    addServiceBackend(b, idx, obj.metadata.namespace!, obj.metadata.name);
  else b.add(obj);
}

/** A workload and everything about it the checks read (computed once per cluster). */
export function addWorkloadClosure(
  b: InstanceBuilder,
  idx: ClusterIndex,
  workload: KubeObject,
) {
  if (!b.expandOnce(workload)) {
    b.add(workload);
    return;
  }
  addAll(
    b,
    idx.memo('workload-closure', workload, () =>
      workloadClosure(idx, workload),
    ),
  );
}

function workloadClosure(
  idx: ClusterIndex,
  workload: KubeObject,
): KubeObject[] {
  const out: KubeObject[] = [workload];
  const ns = workload.metadata.namespace!;
  const labels = podLabels(workload);

  const saName = serviceAccountName(workload);
  const sa = idx.get('serviceaccounts', ns, saName);
  if (sa) out.push(sa);
  out.push(...serviceAccountRbac(idx, ns, saName));
  out.push(...idx.flowSchemasForServiceAccount(ns, saName));

  for (const pdb of idx.inNamespace('poddisruptionbudgets', ns)) {
    if (matchesLabelSelector(pdb.spec?.selector, labels)) out.push(pdb);
  }
  out.push(...idx.autoscalersForWorkload(workload));
  for (const secret of mountedSecretNames(workload)) {
    out.push(...idx.certificatesForSecret(ns, secret));
  }
  for (const service of idx.inNamespace('services', ns)) {
    if (matchesSelectorMap(service.spec?.selector, labels)) {
      out.push(
        ...idx.memo('service-facts', service, () => serviceFacts(idx, service)),
      );
    }
  }
  for (const monitor of idx.list('podmonitors')) {
    if (
      selectsNamespace(monitor, ns) &&
      matchesLabelSelector(monitor.spec?.selector, labels)
    ) {
      out.push(monitor);
    }
  }
  for (const rule of idx.inNamespace('prometheusrules', ns)) {
    if (sharesInstallationLabel(rule, workload)) out.push(rule);
  }
  for (const record of [
    ...idx.list('chaosmesh'),
    ...idx.list('chaosresults'),
  ]) {
    if (chaosTargets(record, workload)) out.push(record);
  }
  return out;
}

/**
 * RoleBindings/ClusterRoleBindings applying to a service account, and the roles they
 * grant: bindings naming it, and bindings to the groups `system:serviceaccounts[:<ns>]`
 * when they grant access to resources (the default discovery-only ones are left out).
 */
export function serviceAccountRbac(
  idx: ClusterIndex,
  namespace: string,
  name: string,
): KubeObject[] {
  const out: KubeObject[] = [];
  for (const { binding, viaGroup } of idx.bindingsForServiceAccount(
    namespace,
    name,
  )) {
    const role = idx.roleOf(binding);
    if (
      viaGroup &&
      !(role && idx.effectiveRules(role).some(r => Array.isArray(r?.resources)))
    ) {
      continue;
    }
    out.push(binding);
    if (!role) continue;
    out.push(role);
    const aggregation = (role as any).aggregationRule?.clusterRoleSelectors;
    if (Array.isArray(aggregation)) {
      for (const candidate of idx.list('clusterroles')) {
        if (
          aggregation.some(sel =>
            matchesLabelSelector(sel, candidate.metadata.labels),
          )
        ) {
          out.push(candidate);
        }
      }
    }
  }
  return out;
}

/**
 * cert-manager Certificates named by the CA injector annotations of a webhook
 * configuration, APIService or CRD: `cert-manager.io/inject-ca-from: <ns>/<certificate>`
 * or `cert-manager.io/inject-ca-from-secret: <ns>/<secret>`.
 */
export function addInjectedCertificates(
  b: InstanceBuilder,
  idx: ClusterIndex,
  obj: KubeObject,
) {
  const annotations = obj.metadata.annotations ?? {};
  const from = splitRef(annotations['cert-manager.io/inject-ca-from']);
  if (from) {
    const cert = idx.get('certificates', from.namespace, from.name);
    if (cert) b.add(cert);
  }
  const fromSecret = splitRef(
    annotations['cert-manager.io/inject-ca-from-secret'],
  );
  if (fromSecret) {
    for (const cert of idx.certificatesForSecret(
      fromSecret.namespace,
      fromSecret.name,
    ))
      b.add(cert);
  }
}

function splitRef(
  value: string | undefined,
): { namespace: string; name: string } | undefined {
  if (!value) return undefined;
  const [namespace, name] = value.split('/');
  return namespace && name ? { namespace, name } : undefined;
}

/** Prometheus Operator monitors: `namespaceSelector` {any, matchNames}, else their own namespace. */
function selectsNamespace(monitor: KubeObject, namespace: string): boolean {
  const sel = monitor.spec?.namespaceSelector;
  if (sel?.any === true) return true;
  if (Array.isArray(sel?.matchNames) && sel.matchNames.length > 0) {
    return sel.matchNames.includes(namespace);
  }
  return monitor.metadata.namespace === namespace;
}

/**
 * The candidates that share the most specific installation label with `obj`: those with
 * the same `app.kubernetes.io/name` if any, else the same `part-of`, else `instance`.
 */
export function installationSiblings(
  obj: KubeObject,
  candidates: KubeObject[],
): KubeObject[] {
  const labels = obj.metadata.labels ?? {};
  for (const key of INSTALLATION_LABELS) {
    const value = labels[key];
    if (!value) continue;
    const found = candidates.filter(c => c.metadata.labels?.[key] === value);
    if (found.length > 0) return found;
  }
  return [];
}

export function sharesInstallationLabel(a: KubeObject, b: KubeObject): boolean {
  const la = a.metadata.labels ?? {};
  const lb = b.metadata.labels ?? {};
  return INSTALLATION_LABELS.some(k => !!la[k] && la[k] === lb[k]);
}

/**
 * True when a chaos record targets the workload's Pods: a Chaos Mesh experiment whose
 * `spec.selector` (namespaces + labelSelectors) matches the pod template, or a
 * LitmusChaos ChaosResult whose `status.history.targets` names the workload.
 */
function chaosTargets(record: KubeObject, workload: KubeObject): boolean {
  const ns = workload.metadata.namespace;
  if (record.kind === 'ChaosResult') {
    const targets = record.status?.history?.targets;
    return (
      Array.isArray(targets) &&
      targets.some(
        (t: any) =>
          t?.name === workload.metadata.name &&
          (!t.kind ||
            String(t.kind).toLowerCase() === workload.kind.toLowerCase()),
      )
    );
  }
  const selector = record.spec?.selector;
  if (!selector || typeof selector !== 'object') return false;
  const namespaces: string[] = Array.isArray(selector.namespaces)
    ? selector.namespaces
    : [record.metadata.namespace];
  if (!namespaces.includes(ns!)) return false;
  const labelSelectors = selector.labelSelectors as
    | Record<string, string>
    | undefined;
  if (!labelSelectors || Object.keys(labelSelectors).length === 0) return false;
  return matchesSelectorMap(labelSelectors, podLabels(workload));
}
