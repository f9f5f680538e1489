/**
 * Upgrade findings as data: each names the object, the source that revealed it, the
 * removal release and the replacement. The upgrade checks judge on them for the
 * cluster's release; the next-minor report (pipeline/upgradeReadiness.ts) lists
 * them for the release after it.
 */
import type { UpgradeFinding } from '@extension-scorecard/plugin-extension-scorecard-common';
import type { DeprecatedApiRequest, KubeObject } from '../../collect/types';
import type { DeprecatedApi } from '../../reference';
import {
  formatRelease,
  parseRelease,
  type Release,
} from '../kubernetes/releases';
import {
  apiVersionUses,
  type ApiVersionUse,
  objectLabel,
} from './apiVersionUses';
import type { AdmissionWebhook } from '../kubernetes/admissionWebhooks';
import type { ClusterIndex } from '../clusterIndex';
import { memoizedByObject, splitApiVersion } from './shared';

/** A finding before the component it belongs to is named. */
export type ObjectFinding = Omit<
  UpgradeFinding,
  'componentId' | 'componentName' | 'owner'
>;

/** A deprecated-API finding, and what upgrade.deprecated-api makes of it in the cluster's own release. */
export interface DeprecatedApiFinding {
  finding: ObjectFinding;
  /**
   * `fail`: removed in the cluster's release or the next; `warn`: deprecated in the
   * cluster's release (or a write before a removal); `none`: deprecated only from
   * the next minor on (the next-minor report says so, the check not yet).
   */
  verdict: 'fail' | 'warn' | 'none';
}

/** The deprecated-API table by `group/version`, built once per table. */
const rowsByApiVersion = memoizedByObject((table: readonly DeprecatedApi[]) => {
  const index = new Map<string, DeprecatedApi[]>();
  for (const row of table) {
    const key = `${row.group}/${row.version}`;
    index.set(key, [...(index.get(key) ?? []), row]);
  }
  return index;
});

/** The table row for an apiVersion and kind (any kind when `kind` is omitted). */
export function deprecationOf(
  table: readonly DeprecatedApi[],
  apiVersion: string,
  kind?: string,
): DeprecatedApi | undefined {
  const { group, version } = splitApiVersion(apiVersion);
  return rowsByApiVersion(table)
    .get(`${group}/${version}`)
    ?.find(
      row =>
        kind === undefined || !row.kinds.length || row.kinds.includes(kind),
    );
}

function describeUse(use: ApiVersionUse, historical: boolean): string {
  switch (use.source) {
    case 'last-applied-configuration':
      return `last applied as ${use.apiVersion} (kubectl last-applied-configuration)`;
    case 'managed-fields':
      return `${historical ? 'last written' : 'written'} through ${
        use.apiVersion
      } by field manager ${use.detail}`;
    default:
      return `read as ${use.apiVersion}`;
  }
}

/**
 * The deprecated or removed API versions the objects show, judged for moving from
 * `current` to the next minor: a `blocker` when the next minor removes it; a
 * `warning` when it is deprecated by then, or already removed (the object converted
 * fine, but the next apply of the manifest behind it fails), or when a field manager
 * wrote through it before the cluster removed it (that writer's next write fails).
 * Rows of other products (cert-manager) are warnings. Each object's API version uses
 * are read once per collection (`index.memo`).
 */
export function deprecatedApiFindings(
  index: ClusterIndex,
  objects: Iterable<KubeObject>,
  table: readonly DeprecatedApi[],
  current: Release,
): DeprecatedApiFinding[] {
  const target = current + 1;
  const out: DeprecatedApiFinding[] = [];
  for (const object of objects) {
    for (const use of index.memo('api-version-uses', object, apiVersionUses)) {
      const row = deprecationOf(table, use.apiVersion, object.kind);
      if (!row) continue;
      const base = {
        checkId: 'upgrade.deprecated-api',
        object: objectLabel(object),
        apiVersion: use.apiVersion,
        source: use.source,
        sourceDetail: use.detail,
        removedIn: row.removedIn ?? null,
        replacement: row.replacement,
      };
      if (row.product !== 'kubernetes') {
        out.push({
          verdict: 'warn',
          finding: {
            ...base,
            severity: 'warning',
            category: 'deprecated-api',
            message: `${base.object} ${describeUse(
              use,
              false,
            )}: deprecated in ${row.product} ${row.deprecatedIn}${
              row.removedIn
                ? `, removed in ${row.product} ${row.removedIn}`
                : ''
            }; use ${row.replacement}`,
          },
        });
        continue;
      }
      const removedIn = row.removedIn ? parseRelease(row.removedIn) : null;
      const deprecatedIn = parseRelease(row.deprecatedIn)!;
      const alreadyRemoved = removedIn !== null && removedIn <= current;
      const historical = alreadyRemoved && use.source === 'managed-fields';
      const what = `${base.object} ${describeUse(use, historical)}`;
      if (historical) {
        out.push({
          verdict: 'warn',
          finding: {
            ...base,
            severity: 'warning',
            category: 'removed-api',
            message: `${what} before its removal in ${row.removedIn}; if that manager still writes through it, its writes now fail`,
          },
        });
      } else if (alreadyRemoved) {
        out.push({
          verdict: 'fail',
          finding: {
            ...base,
            severity: 'warning',
            category: 'removed-api',
            message: `${what}: removed in ${
              row.removedIn
            } (the cluster runs ${formatRelease(
              current,
            )}: the next apply of that manifest fails); use ${row.replacement}`,
          },
        });
      } else if (removedIn !== null && removedIn <= target) {
        out.push({
          verdict: 'fail',
          finding: {
            ...base,
            severity: 'blocker',
            category: 'removed-api',
            message: `${what}: removed in ${row.removedIn}; use ${row.replacement}`,
          },
        });
      } else if (deprecatedIn <= target) {
        out.push({
          verdict: deprecatedIn <= current ? 'warn' : 'none',
          finding: {
            ...base,
            severity: 'warning',
            category: 'deprecated-api',
            message: `${what}: deprecated since ${row.deprecatedIn}${
              row.removedIn ? `, removed in ${row.removedIn}` : ''
            }; use ${row.replacement}`,
          },
        });
      }
    }
  }
  return out;
}

/** `group/version resource[/subresource]` of a metric series (`core` for the core group). */
export function requestedApiLabel(series: DeprecatedApiRequest): string {
  return `${series.group || 'core'}/${series.version} ${series.resource}${
    series.subresource ? `/${series.subresource}` : ''
  }`;
}

function seriesText(series: DeprecatedApiRequest): string {
  return `apiserver_requested_deprecated_apis{group="${series.group}",version="${series.version}",resource="${series.resource}",subresource="${series.subresource}",removed_release="${series.removedRelease}"}`;
}

/**
 * What the API server's `apiserver_requested_deprecated_apis` gauge says clients
 * requested since it started: a blocker when the version is removed by the next
 * minor, else a warning. The gauge does not name the client; the audit log does
 * (events annotated `k8s.io/deprecated`).
 */
export function requestedApiFindings(
  requests: readonly DeprecatedApiRequest[],
  table: readonly DeprecatedApi[],
  current: Release,
): ObjectFinding[] {
  const target = current + 1;
  return requests.map(series => {
    const apiVersion = series.group
      ? `${series.group}/${series.version}`
      : series.version;
    const row = deprecationOf(table, apiVersion);
    const removedText = series.removedRelease || row?.removedIn || null;
    const removedIn = parseRelease(removedText);
    const blocker = removedIn !== null && removedIn <= target;
    const label = requestedApiLabel(series);
    return {
      checkId: null,
      severity: blocker ? 'blocker' : 'warning',
      category: 'requested-api',
      object: label,
      apiVersion,
      source: 'apiserver-metric',
      sourceDetail: seriesText(series),
      removedIn: removedText,
      replacement: row?.replacement ?? null,
      message: `clients still request ${label} (API server metric, since the API server started)${
        removedText ? `, removed in ${removedText}` : ', deprecated'
      }${
        row ? `; use ${row.replacement}` : ''
      }. The audit log names them: events annotated k8s.io/deprecated`,
    };
  });
}

interface CrdVersion {
  name: string;
  served: boolean;
  storage: boolean;
  deprecated: boolean;
  deprecationWarning?: string;
}

function crdVersions(crd: KubeObject): CrdVersion[] {
  const versions: any[] = Array.isArray(crd.spec?.versions)
    ? crd.spec.versions
    : [];
  return versions
    .filter(v => typeof v?.name === 'string')
    .map(v => ({
      name: v.name,
      served: v.served !== false,
      storage: v.storage === true,
      deprecated: v.deprecated === true,
      deprecationWarning:
        typeof v.deprecationWarning === 'string'
          ? v.deprecationWarning
          : undefined,
    }));
}

/** The plural resources of a CRD's group requested through one of its versions, per the metric. */
function requestedVersions(
  crd: KubeObject,
  requests: readonly DeprecatedApiRequest[],
): Set<string> {
  const group = crd.spec?.group;
  const plural = crd.spec?.names?.plural;
  return new Set(
    requests
      .filter(r => r.group === group && r.resource === plural)
      .map(r => r.version),
  );
}

/**
 * A CRD's versions as an upgrade sees them: `status.storedVersions` still listing a
 * version the CRD no longer serves (objects must be migrated before the version can
 * go: a blocker), a stored version that is deprecated (migrate before it is dropped)
 * and served versions marked `deprecated` (with their warning, and whether clients
 * still request them, per the API server metric).
 */
export function crdVersionFindings(
  crd: KubeObject,
  requests: readonly DeprecatedApiRequest[],
): ObjectFinding[] {
  const versions = crdVersions(crd);
  const byName = new Map(versions.map(v => [v.name, v]));
  const storage = versions.find(v => v.storage)?.name ?? null;
  const object = objectLabel(crd);
  const group = crd.spec?.group ?? '';
  const requested = requestedVersions(crd, requests);
  const base = {
    checkId: 'upgrade.crd-versions',
    object,
    removedIn: null,
    replacement: storage ? `${group}/${storage}` : null,
  };
  const out: ObjectFinding[] = [];
  const stored: unknown[] = Array.isArray(crd.status?.storedVersions)
    ? crd.status.storedVersions
    : [];
  for (const name of stored) {
    if (typeof name !== 'string' || name === storage) continue;
    const version = byName.get(name);
    const apiVersion = `${group}/${name}`;
    if (!version || !version.served) {
      out.push({
        ...base,
        severity: 'blocker',
        category: 'crd-storage-migration',
        apiVersion,
        source: 'crd-status',
        sourceDetail: `status.storedVersions [${stored.join(', ')}]`,
        message: `${object}: objects may still be stored as ${name}, which is ${
          version ? 'no longer served' : 'no longer in spec.versions'
        }; migrate them to ${
          storage ?? 'the storage version'
        } (rewrite every object, e.g. with kube-storage-version-migrator), then drop ${name} from status.storedVersions — until then a release that removes ${name} cannot be applied`,
      });
    } else if (version.deprecated) {
      out.push({
        ...base,
        severity: 'warning',
        category: 'crd-storage-migration',
        apiVersion,
        source: 'crd-status',
        sourceDetail: `status.storedVersions [${stored.join(', ')}]`,
        message: `${object}: objects may still be stored as the deprecated ${name}; migrate them to ${
          storage ?? 'the storage version'
        } before ${name} is dropped`,
      });
    }
  }
  for (const version of versions) {
    if (!version.served || !version.deprecated) continue;
    const stillRequested = requested.has(version.name);
    out.push({
      ...base,
      severity: 'warning',
      category: 'crd-deprecated-version',
      apiVersion: `${group}/${version.name}`,
      source: stillRequested ? 'apiserver-metric' : 'crd-spec',
      sourceDetail: version.deprecationWarning ?? null,
      message: `${object} serves ${group}/${version.name} marked deprecated${
        version.deprecationWarning ? ` ("${version.deprecationWarning}")` : ''
      }${
        stillRequested ? '; clients still request it (API server metric)' : ''
      }`,
    });
  }
  return out;
}

/**
 * Webhooks whose `admissionReviewVersions` lack `v1`: the API server still sends
 * `v1beta1` reviews, but v1 is the only version that keeps its guarantees; a warning.
 */
export function reviewVersionFindings(
  webhooks: readonly AdmissionWebhook[],
): ObjectFinding[] {
  return webhooks
    .filter(w => !w.admissionReviewVersions.includes('v1'))
    .map(w => ({
      checkId: 'webhook.review-versions',
      severity: 'warning',
      category: 'admission-review-version',
      object: `${w.configurationKind} ${w.configuration.metadata.name}`,
      apiVersion: 'admission.k8s.io/v1beta1',
      source: 'webhook-configuration',
      sourceDetail: `webhooks[${w.index}] ${
        w.name
      } admissionReviewVersions [${w.admissionReviewVersions.join(', ')}]`,
      removedIn: null,
      replacement: 'admission.k8s.io/v1',
      message: `webhook ${w.name} accepts only AdmissionReview ${
        w.admissionReviewVersions.join(', ') || '(none listed)'
      }; serve admission.k8s.io/v1 and list it first`,
    }));
}
