/**
 * Kubernetes release numbers (`1.31`) as comparable integers, from a server
 * version, a kubelet version or a data-table entry.
 */
import type { ServerVersion } from '../../collect/types';
import { upstreamVersion } from './versions';

/** A release as `major * 1000 + minor`, so `1.9 < 1.10` compares right. */
export type Release = number;

export function release(major: number, minor: number): Release {
  return major * 1000 + minor;
}

/**
 * Parses `1.31`, `v1.31.4`, vendor builds such as `v1.31.4-gke.100`,
 * `v1.32.9-eks-113cf36` or `v1.30.2+k3s1`, and `1.31+`; null when it is not a version.
 */
export function parseRelease(text: string | undefined | null): Release | null {
  const parsed = upstreamVersion(text);
  return parsed ? release(parsed.version.major, parsed.version.minor) : null;
}

/**
 * The release a cluster's API server runs: from `gitVersion` (vendor builds such as
 * `v1.32.9-eks-113cf36` are their upstream release), else from `major`/`minor`
 * (which some providers suffix: EKS reports minor `32+`).
 */
export function serverRelease(version: ServerVersion | null): Release | null {
  if (!version) return null;
  const fromGit = parseRelease(version.gitVersion);
  if (fromGit !== null) return fromGit;
  const major = parseInt(version.major, 10);
  const minor = parseInt(version.minor, 10);
  if (Number.isFinite(major) && Number.isFinite(minor))
    return release(major, minor);
  return null;
}

export function formatRelease(value: Release): string {
  return `${Math.floor(value / 1000)}.${value % 1000}`;
}
