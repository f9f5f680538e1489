/** Container image references: `registry/path/name:tag@sha256:…`. */
import type semver from 'semver';
import { upstreamVersion } from './versions';

export interface ImageReference {
  /** Everything before the tag and digest. */
  repository: string;
  /** Last path segment of the repository, e.g. `csi-provisioner`. */
  name: string;
  tag?: string;
  digest?: string;
}

export function parseImage(image: string): ImageReference {
  let rest = image.trim();
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const name = rest.slice(rest.lastIndexOf('/') + 1);
  return { repository: rest, name, tag, digest };
}

/**
 * The upstream release a tag names (`v1.2.3`, `1.14`, `v0.30.6-rc.1`, and vendor
 * builds such as `v2.13.0-eksbuild.1`, `v5.1.0-eks-1-31-7`, `v1.2.3_vmware.1`), as a
 * semver; null for tags that name no release (`latest`, `main`, `sha-1a2b3c`).
 */
export function tagVersion(tag: string | undefined): semver.SemVer | null {
  return upstreamVersion(tag)?.version ?? null;
}

/** True when a tag that names a release still floats (`v2.15.0-eks-1-33-latest`). */
export function isFloatingTag(tag: string): boolean {
  return /(^|[-_.+])latest($|[-_.+])/i.test(tag);
}
