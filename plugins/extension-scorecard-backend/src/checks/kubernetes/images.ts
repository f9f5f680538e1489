/** Container image references: `registry/path/name:tag@sha256:…`. */
import semver from 'semver';

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

/** A tag that names a release (`v1.2.3`, `1.14`, `v0.30.6-rc.1`), as a semver; null otherwise. */
export function tagVersion(tag: string | undefined): semver.SemVer | null {
  if (!tag || !/^v?\d+(\.\d+){0,2}([-+].*)?$/.test(tag)) return null;
  return semver.coerce(tag, { includePrerelease: false });
}
