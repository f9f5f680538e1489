/** Test builders for extension components, their catalog side, and running the checks on them. */
import {
  EXTENSION_KIND_INFO,
  type CheckResult,
  type ComponentScorecard,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import type { ClusterCollection } from '../../collect/types';
import {
  emptyInstanceObjects,
  type CatalogLink,
  type ExtensionComponent,
  type ExtensionDescriptor,
  type InstanceObjects,
  type OwnerInfo,
} from '../../inventory/model';
import {
  evaluateInventory,
  type EvaluateOptions,
} from '../../pipeline/evaluate';

export const NOW = new Date('2026-01-15T12:00:00Z');

export function ownerGroup(overrides: Partial<OwnerInfo> = {}): OwnerInfo {
  return {
    ref: 'group:default/team-platform',
    kind: 'Group',
    resolved: true,
    displayName: 'Platform team',
    contacts: [
      { type: 'chat', value: '#team-platform' },
      { type: 'oncall', value: 'pagerduty:PLATFORM' },
    ],
    ...overrides,
  };
}

/** A descriptor that answers everything, as a well-kept component would. */
export function completeDescriptor(
  kind: ExtensionDescriptor['kind'],
  overrides: Partial<ExtensionDescriptor> = {},
): ExtensionDescriptor {
  return {
    kind,
    design: {
      whyNotBuiltIn: 'no built-in policy can express it',
      whyNotCrd: 'needs custom storage',
      path: EXTENSION_KIND_INFO[kind]?.pathClass,
      failureImpact: 'matched requests fail',
      observability: 'metrics and events',
      rollout: 'canary per cluster, rollback by Helm',
    },
    responsibilities: {
      certificates: 'group:default/team-platform',
      rbac: 'group:default/team-platform',
      capacity: 'group:default/team-platform',
      upgrades: 'group:default/team-platform',
      retirement: 'group:default/team-platform',
    },
    kubernetesVersions: '>=1.29.0 <1.36.0',
    supportEnds: '2027-06-30',
    declaredPermissions: [],
    alerts: [{ name: 'ExtensionDown', expr: 'up == 0' }],
    ...overrides,
  };
}

export function catalogLink(
  name: string,
  kind: ExtensionDescriptor['kind'],
  overrides: {
    owner?: OwnerInfo | null;
    lifecycle?: string;
    descriptor?: ExtensionDescriptor | null;
  } = {},
): CatalogLink {
  return {
    entityRef: `component:default/${name}`,
    title: name,
    owner: overrides.owner === undefined ? ownerGroup() : overrides.owner,
    lifecycle: overrides.lifecycle ?? 'production',
    system: 'kubernetes-platform-extensions',
    descriptor:
      overrides.descriptor === undefined
        ? completeDescriptor(kind)
        : overrides.descriptor,
    selector: { kubernetesId: name },
  };
}

export interface InstanceSpec {
  cluster: string;
  objects?: Partial<InstanceObjects>;
  advertisedResources?: string[];
  schedulerNames?: string[];
}

export function extensionComponent(
  kind: ExtensionComponent['kind'],
  options: {
    name?: string;
    catalog?: CatalogLink | null;
    instances?: InstanceSpec[];
    descriptor?: Partial<ExtensionDescriptor>;
  } = {},
): ExtensionComponent {
  const name = options.name ?? `${kind}-example`;
  const catalog =
    options.catalog === undefined
      ? catalogLink(name, kind, {
          descriptor: completeDescriptor(kind, options.descriptor),
        })
      : options.catalog;
  return {
    id: catalog ? catalog.entityRef : `orphan:${name}`,
    name,
    kind,
    catalog,
    instances: (options.instances ?? []).map(i => ({
      cluster: i.cluster,
      objects: { ...emptyInstanceObjects(), ...i.objects },
      advertisedResources: i.advertisedResources ?? [],
      schedulerNames: i.schedulerNames ?? [],
    })),
    descriptorFindings: [],
  };
}

/** Evaluates one component against the given clusters. */
export function evaluateComponent(
  component: ExtensionComponent,
  clusters: ClusterCollection[],
  options: Partial<EvaluateOptions> = {},
): ComponentScorecard {
  const [scorecard] = evaluateInventory(
    { generatedAt: NOW.toISOString(), clusters, components: [component] },
    { now: NOW, ...options },
  );
  return scorecard;
}

/** The single result of a check (for one cluster, or component-wide with `null`). */
export function resultOf(
  scorecard: ComponentScorecard,
  checkId: string,
  cluster?: string | null,
): CheckResult {
  const matches = scorecard.results.filter(
    r =>
      r.checkId === checkId && (cluster === undefined || r.cluster === cluster),
  );
  if (matches.length !== 1) {
    throw new Error(
      `expected one ${checkId} result${
        cluster !== undefined ? ` for ${cluster}` : ''
      }, found ${matches.length}: ${JSON.stringify(
        matches.map(m => [m.cluster, m.status]),
      )}`,
    );
  }
  return matches[0];
}

/** Runs one component and returns the result of one check in one cluster (default: the first instance's). */
export function checkResult(
  checkId: string,
  component: ExtensionComponent,
  clusters: ClusterCollection[],
  options: Partial<EvaluateOptions> = {},
): CheckResult {
  const scorecard = evaluateComponent(component, clusters, options);
  const scoped = scorecard.results.filter(r => r.checkId === checkId);
  if (scoped.length === 1) return scoped[0];
  return resultOf(scorecard, checkId, component.instances[0]?.cluster ?? null);
}
