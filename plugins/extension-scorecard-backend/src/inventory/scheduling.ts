/**
 * Secondary schedulers (scheduler framework plugins deployed as a second scheduler, the
 * way kubernetes-sigs/scheduler-plugins ships, or schedulers of their own such as
 * Volcano's): the scheduler workload and the Pending Pods naming it in
 * `spec.schedulerName`. A workload is a scheduler when it runs kube-scheduler or its
 * service account may bind Pods (`create` on `pods/binding`, as only schedulers do).
 * Pods naming a scheduler that runs nowhere are kept too: that is exactly when they wait
 * forever.
 */
import type { KubeObject } from '../collect/types';
import { addWorkloadClosure } from './backends';
import type { ClusterIndex } from './clusterIndex';
import { Detector, newSeed, Seed } from './seed';
import { DEFAULT_SCHEDULER } from './wellKnown';
import { containers, containerText, imageName } from './workloads';

function runsKubeScheduler(d: KubeObject): boolean {
  return containers(d).some(
    c =>
      imageName(c.image) === 'kube-scheduler' ||
      (Array.isArray(c.command) &&
        /(^|\/)kube-scheduler$/.test(String(c.command[0] ?? ''))),
  );
}

/** Workloads whose service account may bind Pods to Nodes. */
function bindingWorkloads(idx: ClusterIndex): Set<KubeObject> {
  const out = new Set<KubeObject>();
  for (const resource of ['pods/binding', 'bindings']) {
    for (const sa of idx.serviceAccountsGranted('', resource, 'create')) {
      const [ns, name] = sa.split('/');
      idx.workloadsForServiceAccount(ns, name).forEach(w => out.add(w));
    }
  }
  return out;
}

/**
 * Names a scheduler workload serves: `--scheduler-name` (older schedulers), names
 * declared in catalog descriptors that appear in its containers or equal its name, the
 * workload name when Pods name it (the scheduler-plugins convention), names Pods wait for
 * that the workload's name starts with (`volcano` for `volcano-scheduler`), and the
 * workload name when nothing else is known.
 */
function schedulerNamesOf(
  d: KubeObject,
  declared: Set<string>,
  podSchedulers: Set<string>,
): string[] {
  const out = new Set<string>();
  const text = containers(d).map(containerText).join(' ');
  for (const m of text.matchAll(/--scheduler-name[= ](\S+)/g)) out.add(m[1]);
  for (const name of declared) {
    if (name === d.metadata.name || text.includes(name)) out.add(name);
  }
  if (podSchedulers.has(d.metadata.name)) out.add(d.metadata.name);
  if (out.size === 0) {
    for (const name of podSchedulers) {
      if (d.metadata.name.startsWith(`${name}-`)) out.add(name);
    }
  }
  if (out.size === 0) out.add(d.metadata.name);
  out.delete(DEFAULT_SCHEDULER);
  return [...out];
}

export const detectSchedulers: Detector = (idx, hints) => {
  const pending = idx
    .list('pods')
    .filter(
      p => p.status?.phase === 'Pending' || p.status?.phase === undefined,
    );
  const bySchedulerName = new Map<string, KubeObject[]>();
  for (const pod of pending) {
    const name = pod.spec?.schedulerName;
    if (typeof name !== 'string' || !name || name === DEFAULT_SCHEDULER)
      continue;
    bySchedulerName.set(name, [...(bySchedulerName.get(name) ?? []), pod]);
  }
  const podSchedulers = new Set(bySchedulerName.keys());

  const seeds: Seed[] = [];
  const served = new Set<string>();
  const binders = bindingWorkloads(idx);
  for (const d of idx.workloads()) {
    if (d.kind === 'DaemonSet') continue;
    if (!runsKubeScheduler(d) && !binders.has(d)) continue;
    const names = schedulerNamesOf(d, hints.schedulerNames, podSchedulers);
    if (names.length === 0) continue; // runs the default scheduler only
    const seed = newSeed(
      idx,
      'scheduler-plugin',
      names[0],
      [d],
      names.map(n => `scheduler:${n}`),
    );
    addWorkloadClosure(seed.builder, idx, d);
    for (const n of names) {
      seed.builder.schedulerNames.add(n);
      served.add(n);
      for (const pod of bySchedulerName.get(n) ?? []) seed.builder.add(pod);
    }
    seeds.push(seed);
  }
  for (const [name, pods] of bySchedulerName) {
    if (served.has(name)) continue;
    const seed = newSeed(
      idx,
      'scheduler-plugin',
      name,
      [],
      [`scheduler:${name}`],
    );
    seed.builder.schedulerNames.add(name);
    for (const pod of pods) seed.builder.add(pod);
    seeds.push(seed);
  }
  return seeds;
};
