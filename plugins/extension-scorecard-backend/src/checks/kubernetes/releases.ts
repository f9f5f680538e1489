/**
 * Kubernetes release numbers (`1.31`) as comparable integers, from a server
 * version, a kubelet version or a data-table entry.
 */
import type { ServerVersion } from '../../collect/types';

/** A release as `major * 1000 + minor`, so `1.9 < 1.10` compares right. */
export type Release = number;

export function release(major: number, minor: number): Release {
  return major * 1000 + minor;
}

/** Parses `1.31`, `v1.31.4`, `v1.31.4-gke.100` or `1.31+`; null when it is not a version. */
export function parseRelease(text: string | undefined | null): Release | null {
  if (!text) return null;
  const match = /^v?(\d+)\.(\d+)/.exec(text.trim());
  return match ? release(Number(match[1]), Number(match[2])) : null;
}

/** The release a cluster's API server runs. */
export function serverRelease(version: ServerVersion | null): Release | null {
  if (!version) return null;
  const major = parseInt(version.major, 10);
  const minor = parseInt(version.minor, 10);
  if (Number.isFinite(major) && Number.isFinite(minor))
    return release(major, minor);
  return parseRelease(version.gitVersion);
}

export function formatRelease(value: Release): string {
  return `${Math.floor(value / 1000)}.${value % 1000}`;
}
