/**
 * Reading the pod template of a Deployment, DaemonSet or StatefulSet: labels, containers, service
 * account, host paths, mounted secrets. Plain functions over the API server's JSON.
 */
import type { KubeObject } from '../collect/types';
import type { ClusterIndex } from './clusterIndex';

export interface ContainerSpec {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: Array<{ name: string; value?: string }>;
}

/** `spec.template.spec` of a workload, or `spec` of a Pod. */
export function podSpec(obj: KubeObject): any {
  return obj.kind === 'Pod' ? obj.spec ?? {} : obj.spec?.template?.spec ?? {};
}

/** Labels of the Pods a workload creates. */
export function podLabels(obj: KubeObject): Record<string, string> {
  return obj.kind === 'Pod'
    ? obj.metadata.labels ?? {}
    : obj.spec?.template?.metadata?.labels ?? {};
}

/** Containers and init containers (native sidecars are init containers). */
export function containers(obj: KubeObject): ContainerSpec[] {
  const spec = podSpec(obj);
  return [...asArray(spec.initContainers), ...asArray(spec.containers)].filter(
    (c): c is ContainerSpec => !!c && typeof c.name === 'string',
  );
}

/** The service account the workload's Pods run as (`default` when unset). */
export function serviceAccountName(obj: KubeObject): string {
  const spec = podSpec(obj);
  return spec.serviceAccountName || spec.serviceAccount || 'default';
}

/** Host paths mounted by the Pods. */
export function hostPaths(obj: KubeObject): string[] {
  return asArray(podSpec(obj).volumes)
    .map((v: any) => v?.hostPath?.path)
    .filter((p: unknown): p is string => typeof p === 'string');
}

/** True when some host path equals `path` or lies below it (trailing slashes ignored). */
export function mountsHostPath(obj: KubeObject, path: string): boolean {
  const want = trimSlash(path);
  return hostPaths(obj).some(p => {
    const have = trimSlash(p);
    return have === want || have.startsWith(`${want}/`);
  });
}

/** Names of Secrets mounted as volumes (including projected sources). */
export function mountedSecretNames(obj: KubeObject): string[] {
  const out: string[] = [];
  for (const v of asArray(podSpec(obj).volumes)) {
    if (typeof v?.secret?.secretName === 'string')
      out.push(v.secret.secretName);
    for (const source of asArray(v?.projected?.sources)) {
      if (typeof source?.secret?.name === 'string')
        out.push(source.secret.name);
    }
  }
  return out;
}

/**
 * Command, args and env values of every container with `$(VAR)` references expanded
 * from the container's env, as one string per container: used to find names such as a
 * CSI driver's socket path inside a workload.
 */
export function containerText(c: ContainerSpec): string {
  const env = new Map<string, string>();
  for (const e of asArray(c.env)) {
    if (e && typeof e.name === 'string' && typeof e.value === 'string')
      env.set(e.name, e.value);
  }
  const expand = (s: string) =>
    s.replace(/\$\(([A-Za-z_][A-Za-z0-9_]*)\)/g, (m, n) => env.get(n) ?? m);
  return [...asArray(c.command), ...asArray(c.args), ...env.values()]
    .filter((s): s is string => typeof s === 'string')
    .map(expand)
    .join(' ');
}

/**
 * All container texts, host paths and images of a workload, for substring searches
 * (computed once per object and cluster index: objects are not changed while an
 * inventory is built).
 */
export function workloadText(idx: ClusterIndex, obj: KubeObject): string {
  return idx.memo('workload-text', obj, () =>
    [
      ...containers(obj).map(c => `${c.image ?? ''} ${containerText(c)}`),
      ...hostPaths(obj),
    ].join(' '),
  );
}

/** The repository part of an image reference, without registry port, tag or digest. */
export function imageRepository(image: string | undefined): string {
  if (!image) return '';
  const noDigest = image.split('@')[0];
  const lastSlash = noDigest.lastIndexOf('/');
  const lastColon = noDigest.lastIndexOf(':');
  return lastColon > lastSlash ? noDigest.slice(0, lastColon) : noDigest;
}

/** The last path segment of an image repository (`csi-provisioner`). */
export function imageName(image: string | undefined): string {
  const repo = imageRepository(image);
  return repo.slice(repo.lastIndexOf('/') + 1);
}

/** True when a container's image name or container name is one of `names`. */
export function runsContainer(obj: KubeObject, names: string[]): boolean {
  return containers(obj).some(
    c => names.includes(imageName(c.image)) || names.includes(c.name),
  );
}

export const WORKLOAD_KINDS: ReadonlySet<string> = new Set([
  'Deployment',
  'DaemonSet',
  'StatefulSet',
]);

/** Deployments, DaemonSets and StatefulSets: what runs an extension's code. */
export function isWorkload(obj: KubeObject): boolean {
  return WORKLOAD_KINDS.has(obj.kind);
}

function trimSlash(p: string): string {
  return p.replace(/\/+$/, '');
}

export function asArray(value: unknown): any[] {
  return Array.isArray(value) ? value : [];
}
