/**
 * Upstream versions behind vendor build tags, with the `semver` package.
 *
 * Vendors rebuild upstream releases and say so after the version:
 * `v2.13.0-eksbuild.1`, `v5.1.0-eks-1-31-7` (EKS Distro), `v1.30.5-gke.1014001`,
 * `v1.32.9-eks-113cf36` (a server gitVersion), `v1.2.3+vmware.1` (container tags
 * cannot hold `+`, so `v1.2.3_vmware.1` too), `v4.8.0-amd64`. All of them are the
 * upstream release in front. Only upstream pre-release markers (`-rc.1`,
 * `-alpha.2`, `-beta.0`, `-pre`, `-dev`) keep the pre-release, so an `rc` of
 * 5.0.0 stays below 5.0.0.
 */
import semver from 'semver';

/** Pre-release identifiers upstream projects use; any other suffix is a vendor build. */
const UPSTREAM_PRERELEASE = /^(alpha|beta|rc|pre|dev|snapshot)/i;

export interface UpstreamVersion {
  /** The upstream release (vendor suffixes dropped; upstream pre-releases kept). */
  version: semver.SemVer;
  /** The vendor suffix that was dropped, e.g. `eks-1-31-7`, `vmware.1`. */
  vendor?: string;
}

const cache = new Map<string, UpstreamVersion | null>();
const CACHE_LIMIT = 5_000;

/**
 * The upstream version a version text or image tag names, or null when it names none
 * (`latest`, `main`, `sha-1a2b3c`). Accepts `v1.2`, `1.14` (→ x.y.0) and the vendor
 * forms above.
 */
export function upstreamVersion(
  text: string | undefined | null,
): UpstreamVersion | null {
  if (!text) return null;
  let result = cache.get(text);
  if (result !== undefined) return result;
  result = parseUpstream(text.trim());
  if (cache.size > CACHE_LIMIT) cache.clear();
  cache.set(text, result);
  return result;
}

function parseUpstream(text: string): UpstreamVersion | null {
  // the release number must lead: `v1.2.3…`, `1.14…`, `1` alone is not a release
  const lead = /^v?(\d+)\.(\d+)(?:\.(\d+))?(.*)$/.exec(text);
  if (!lead) return null;
  const [, major, minor, patch, rest] = lead;
  const core = `${Number(major)}.${Number(minor)}.${Number(patch ?? 0)}`;
  if (!rest) return { version: new semver.SemVer(core) };
  // `_` stands for `+` in container tags (`v1.2.3_vmware.1`)
  const suffix = rest.replace(/^_/, '+');
  if (!/^[-+.]/.test(suffix)) return null; // `1.2.3abc` is not a version
  const full = semver.parse(`${core}${suffix}`, { loose: true });
  const prerelease = full?.prerelease.length
    ? String(full.prerelease[0])
    : undefined;
  if (full && prerelease && UPSTREAM_PRERELEASE.test(prerelease)) {
    // upstream pre-release: keep it, drop any build metadata
    return {
      version: new semver.SemVer(`${core}-${full.prerelease.join('.')}`),
      vendor: full.build.length ? full.build.join('.') : undefined,
    };
  }
  const vendor = suffix.replace(/^[-+.]/, '');
  return { version: new semver.SemVer(core), vendor: vendor || undefined };
}

/** `5.1.0` for `v5.1.0-eks-1-31-7`; the text itself when it names no version. */
export function describeUpstream(text: string): string {
  const parsed = upstreamVersion(text);
  if (!parsed) return text;
  return parsed.vendor
    ? `${parsed.version.version} (vendor build ${parsed.vendor})`
    : parsed.version.version;
}
