/**
 * A deterministic, large snapshot input for the crash tests: `components` evaluated
 * components over three clusters, each with a full set of check results. `generation`
 * changes a share of them, so a second write closes and opens component states as a
 * real run does.
 */
import type {
  CheckStatus,
  ExtensionKind,
  ReadinessLevel,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  component,
  result,
  scorecard,
  snapshotOf,
} from '../../store/__testUtils__/scorecards';
import type { NewSnapshot } from '../../store/types';

const CLUSTERS = ['prod-eu', 'staging-us', 'edge-ap'];
const KINDS: ExtensionKind[] = [
  'admission-webhook',
  'crd-controller',
  'csi',
  'cni',
  'device-plugin',
];
const CHECKS = [
  'ownership.owner-exists',
  'ownership.contacts',
  'webhook.timeout',
  'webhook.failure-policy',
  'cert.expiry',
  'cert.ca-bundle',
  'rbac.wildcards',
  'rbac.secrets',
  'availability.replicas',
  'availability.pdb',
  'upgrade.deprecated-api',
  'observability.alerts',
  'experiments.required',
  'retirement.lifecycle',
];
const STATUSES: CheckStatus[] = ['pass', 'warn', 'fail', 'unknown', 'pass'];

/** The snapshot a collection run of `components` components would write. */
export function largeSnapshot(
  components: number,
  generation: number,
  takenAt = new Date(Date.UTC(2025, 4, 1, generation)).toISOString(),
): NewSnapshot {
  const inputs = Array.from({ length: components }, (_, i) => {
    // every 7th component changes between generations
    const variant = i % 7 === 0 ? i + generation : i;
    const clusters = CLUSTERS.slice(0, 1 + (i % CLUSTERS.length));
    const results = CHECKS.flatMap((checkId, c) =>
      (checkId.startsWith('ownership') || checkId.startsWith('retirement')
        ? [null]
        : clusters
      ).map(cluster =>
        result(checkId, STATUSES[(variant + c) % STATUSES.length], {
          cluster,
          message: `${checkId} observed value ${variant * 31 + c} on ${
            cluster ?? 'the catalog'
          }`,
        }),
      ),
    );
    return component(
      scorecard(`component:default/extension-${i}`, {
        kind: KINDS[i % KINDS.length],
        owner: `group:default/team-${i % 40}`,
        level: (variant % 4) as ReadinessLevel,
        score: (variant * 17) % 101,
        clusters,
        results,
      }),
      `Extension ${i}`,
    );
  });
  return snapshotOf(
    takenAt,
    inputs,
    CLUSTERS.map(name => ({
      name,
      source: 'live' as const,
      collectedAt: takenAt,
      stale: null,
      version: 'v1.33.1',
    })),
  );
}
