import {
  ClusterUpgradeReadiness,
  UpgradeFinding,
  UpgradeFindingCategory,
  UpgradeFindingSeverity,
  UpgradeFindingSource,
  UpgradeSourceStatus,
} from '@extension-scorecard/plugin-extension-scorecard-common';

/** What a finding is about, in words (never the slug). */
export const CATEGORY_LABELS: Record<UpgradeFindingCategory, string> = {
  'removed-api': 'Removed API',
  'deprecated-api': 'Deprecated API',
  'requested-api': 'Deprecated API still requested',
  'crd-storage-migration': 'CRD storage migration',
  'crd-deprecated-version': 'Deprecated CRD version',
  'admission-review-version': 'Old AdmissionReview version',
  'version-skew': 'Version skew',
  'csi-sidecar': 'CSI sidecar unsupported',
  'dra-api': 'DRA API level',
};

export const SEVERITY_LABELS: Record<UpgradeFindingSeverity, string> = {
  blocker: 'blocker',
  warning: 'warning',
  unknown: 'unknown',
};

/** Worst first, for sorting. */
export const SEVERITY_RANK: Record<UpgradeFindingSeverity, number> = {
  blocker: 0,
  unknown: 1,
  warning: 2,
};

/** An evidence source as a noun, for "… not read" lines. */
export const SOURCE_NAMES: Record<UpgradeFindingSource, string> = {
  object: 'Objects',
  'last-applied-configuration': 'kubectl last-applied annotations',
  'managed-fields': 'Field managers (metadata.managedFields)',
  'apiserver-metric': 'API server metric',
  'crd-status': 'CRD status.storedVersions',
  'crd-spec': 'CRD spec.versions',
  'webhook-configuration': 'Webhook configurations',
  'node-status': 'Node status (kubelet versions)',
  'container-image': 'Container images',
  descriptor: 'Catalog descriptors',
  check: 'Checks at the target minor',
};

/** What the collector needs to be granted when a source was forbidden. */
const FORBIDDEN_HINTS: Partial<Record<UpgradeFindingSource, string>> = {
  'apiserver-metric':
    'grant the collector get on nonResourceURLs /metrics (the apiserver_requested_deprecated_apis gauge)',
  'crd-status': 'grant the collector list on customresourcedefinitions',
  'node-status': 'grant the collector list on nodes',
};

/** What to do about a source that could not be read, when there is a known fix. */
export function sourceHint(status: UpgradeSourceStatus): string | undefined {
  if (status.reason?.startsWith('forbidden')) {
    return FORBIDDEN_HINTS[status.source];
  }
  return undefined;
}

/**
 * Where a finding was seen, in words: "kubectl last-applied annotation", "field
 * manager kube-controller-manager", "API server metric"… `detail` is what the label
 * leaves out (the metric series, the stored versions), for a tooltip.
 */
export function sourceLabel(
  finding: Pick<UpgradeFinding, 'source' | 'sourceDetail' | 'checkId'>,
  targetVersion?: string | null,
): { label: string; detail?: string } {
  const detail = finding.sourceDetail ?? undefined;
  switch (finding.source) {
    case 'object':
      return { label: 'object as read', detail };
    case 'last-applied-configuration':
      return { label: 'kubectl last-applied annotation', detail };
    case 'managed-fields':
      return {
        label: detail ? `field manager ${detail}` : 'a field manager',
      };
    case 'apiserver-metric':
      return { label: 'API server metric', detail };
    case 'crd-status':
      return { label: 'CRD status.storedVersions', detail };
    case 'crd-spec':
      return { label: 'CRD spec.versions (marked deprecated)', detail };
    case 'webhook-configuration':
      return { label: 'webhook configuration', detail };
    case 'node-status':
      return { label: 'node status (kubelet version)', detail };
    case 'container-image':
      return {
        label: detail ? `container image ${detail}` : 'container image',
      };
    case 'descriptor':
      return { label: 'catalog descriptor', detail };
    case 'check':
      return {
        label: `check ${finding.checkId ?? ''}${
          targetVersion ? ` at ${targetVersion}` : ' at the target minor'
        }`.replace(/\s+/g, ' '),
        detail,
      };
    default:
      return { label: String(finding.source), detail };
  }
}

const plural = (count: number, word: string) =>
  `${count} ${word}${count === 1 ? '' : 's'}`;

/** "3 blockers, 2 warnings, 1 unknown" (zero counts left out; '' when all are zero). */
export function countsText(
  counts: Pick<ClusterUpgradeReadiness, 'blockers' | 'warnings' | 'unknowns'>,
): string {
  return [
    counts.blockers ? plural(counts.blockers, 'blocker') : '',
    counts.warnings ? plural(counts.warnings, 'warning') : '',
    counts.unknowns ? `${counts.unknowns} unknown` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** "1.31 → 1.32", or what is missing. */
export function versionsText(cluster: ClusterUpgradeReadiness): string {
  if (!cluster.currentVersion) return 'version not read';
  return `${cluster.currentVersion} → ${cluster.targetVersion ?? '?'}`;
}

/** Blocked first, then unknown, then ready; more blockers first; then by name. */
export function compareClusters(
  a: ClusterUpgradeReadiness,
  b: ClusterUpgradeReadiness,
): number {
  const rank = { blocked: 0, unknown: 1, ready: 2 } as const;
  return (
    rank[a.state] - rank[b.state] ||
    b.blockers - a.blockers ||
    b.warnings - a.warnings ||
    a.cluster.localeCompare(b.cluster)
  );
}

/** The text cut to `max` characters at a word boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
