/**
 * API-shaped test data (as the OpenAPI contract describes it) for the component tests.
 * Builders take overrides so each test states only what it is about.
 */
import {
  AuditGroup,
  AuditQuarter,
  AuditReport,
  CheckResult,
  ClusterStatus,
  ComponentDetail,
  ComponentPage,
  ComponentScorecard,
  ComponentSummary,
  Heatmap,
  HeatmapCell,
  RefreshStatus,
  SavedFilter,
  Snapshot,
  StatusCounts,
  TeamSummary,
  ClusterUpgradeReadiness,
  UpgradeFinding,
  UpgradeReadinessReport,
  upgradeTeams,
  WaiverRecord,
} from '@extension-scorecard/plugin-extension-scorecard-common';

export const TAKEN_AT = '2026-04-20T08:00:00.000Z';
export const SNAPSHOT_REF = { id: 7, takenAt: TAKEN_AT };

export function statusCounts(
  overrides: Partial<StatusCounts> = {},
): StatusCounts {
  return {
    pass: 10,
    warn: 2,
    fail: 1,
    notApplicable: 3,
    unknown: 0,
    waived: 0,
    ...overrides,
  };
}

export function snapshot(overrides: Partial<Snapshot> = {}): Snapshot {
  return {
    ...SNAPSHOT_REF,
    trigger: 'schedule',
    refreshId: 'run-1',
    componentCount: 15,
    clusters: ['prod-eu', 'staging-us'],
    staleClusters: [],
    levels: { 0: 3, 1: 6, 2: 4, 3: 2 },
    counts: statusCounts(),
    averageScore: 61.5,
    quarterEnd: false,
    ...overrides,
  };
}

export function clusterStatus(
  overrides: Partial<ClusterStatus> = {},
): ClusterStatus {
  return {
    name: 'prod-eu',
    source: 'dump',
    version: 'v1.34.1',
    lastAttemptAt: TAKEN_AT,
    lastSuccessAt: TAKEN_AT,
    stale: false,
    error: null,
    objectCount: 420,
    unreadable: [],
    locator: 'dump',
    authProvider: null,
    blockedReason: null,
    ...overrides,
  };
}

export function componentSummary(
  overrides: Partial<ComponentSummary> = {},
): ComponentSummary {
  return {
    componentId: 'component:default/kyverno',
    name: 'kyverno',
    title: 'Kyverno',
    kind: 'admission-webhook',
    owner: 'group:default/team-security',
    lifecycle: 'production',
    orphan: false,
    clusters: ['prod-eu', 'staging-us'],
    staleClusters: [],
    level: 1,
    score: 48.2,
    hardGateCount: 1,
    counts: statusCounts({ fail: 3, warn: 4 }),
    dimensions: { 'failure-boundary': 'fail', certificates: 'warn' },
    nextLevelBlockers: [
      'webhook.scope fails in prod-eu',
      'experiments.required fails',
    ],
    ...overrides,
  };
}

export function componentPage(
  items: ComponentSummary[],
  overrides: Partial<ComponentPage> = {},
): ComponentPage {
  return {
    snapshot: SNAPSHOT_REF,
    total: items.length,
    offset: 0,
    limit: 25,
    items,
    hiddenByVisibility: 0,
    ...overrides,
  };
}

function cell(
  overrides: Partial<HeatmapCell> & Pick<HeatmapCell, 'kind' | 'dimension'>,
): HeatmapCell {
  const base = {
    total: 4,
    fail: 2,
    warn: 1,
    pass: 1,
    unknown: 0,
    notApplicable: 0,
  };
  const merged = { ...base, ...overrides };
  return {
    ...merged,
    failShare: merged.total ? merged.fail / merged.total : 0,
    warnShare: merged.total ? merged.warn / merged.total : 0,
    passShare: merged.total ? merged.pass / merged.total : 0,
    unknownShare: merged.total ? merged.unknown / merged.total : 0,
  };
}

export function heatmap(): Heatmap {
  return {
    snapshot: SNAPSHOT_REF,
    kinds: [
      { kind: 'admission-webhook', components: 4 },
      { kind: 'csi', components: 1 },
    ],
    dimensions: ['ownership', 'certificates'],
    cells: [
      cell({
        kind: 'admission-webhook',
        dimension: 'ownership',
        fail: 1,
        warn: 2,
        pass: 1,
      }),
      cell({
        kind: 'admission-webhook',
        dimension: 'certificates',
        fail: 2,
        warn: 1,
        pass: 1,
      }),
      cell({
        kind: 'csi',
        dimension: 'ownership',
        total: 1,
        fail: 0,
        warn: 0,
        pass: 1,
      }),
      cell({
        kind: 'csi',
        dimension: 'certificates',
        total: 0,
        fail: 0,
        warn: 0,
        pass: 0,
      }),
    ],
    hiddenByVisibility: 0,
  };
}

export function checkResult(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    checkId: 'webhook.timeout',
    dimension: 'failure-boundary',
    severity: 'high',
    status: 'warn',
    cluster: 'prod-eu',
    message: 'timeoutSeconds 10 (warn 6–10 s)',
    remediation: 'Lower timeoutSeconds to 5 s or less.',
    observed: { timeoutSeconds: 10 },
    docsUrl:
      'https://kubernetes.io/docs/concepts/cluster-administration/admission-webhooks-good-practices/',
    ...overrides,
  };
}

export function scorecard(
  overrides: Partial<ComponentScorecard> = {},
): ComponentScorecard {
  const hardGate = checkResult({
    checkId: 'webhook.scope',
    severity: 'critical',
    status: 'fail',
    message:
      'validate.kyverno.svc-fail can match kube-system with failurePolicy Fail',
    remediation: 'Exclude kube-system with a namespaceSelector.',
  });
  return {
    componentId: 'component:default/kyverno',
    name: 'kyverno',
    kind: 'admission-webhook',
    owner: 'group:default/team-security',
    lifecycle: 'production',
    orphan: false,
    clusters: ['prod-eu', 'staging-us'],
    level: 1,
    score: 48.2,
    hardGates: [hardGate],
    nextLevelBlockers: ['webhook.scope fails in prod-eu'],
    results: [
      hardGate,
      checkResult(),
      checkResult({
        checkId: 'cert.managed',
        dimension: 'certificates',
        status: 'warn',
        message: 'no managed rotation visible',
        waiver: {
          id: 'w-1',
          reason: 'Kyverno rotates its own CA',
          expiresAt: '2026-09-01T00:00:00.000Z',
          approvedBy: 'user:default/ada',
        },
      }),
      checkResult({
        checkId: 'ownership.responsibilities',
        dimension: 'ownership',
        status: 'warn',
        cluster: null,
        message: 'no owner named for capacity, retirement',
        observed: {
          named: ['certificates'],
          missing: ['capacity', 'retirement'],
        },
      }),
      checkResult({
        checkId: 'experiments.required',
        dimension: 'experiments',
        status: 'pass',
        cluster: null,
        message: 'webhook-backend-down ran 12 days ago and passed',
      }),
    ],
    dimensions: {
      'failure-boundary': 'fail',
      certificates: 'warn',
      ownership: 'warn',
      experiments: 'pass',
    },
    certificates: [
      {
        cluster: 'prod-eu',
        source:
          'ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg/webhooks[0].clientConfig.caBundle',
        subject: 'CN=kyverno-ca',
        issuer: 'CN=kyverno-ca',
        notAfter: new Date(
          Date.now() + 5 * 24 * 3600 * 1000 + 3600 * 1000,
        ).toISOString(),
        daysLeft: 5,
      },
    ],
    rbacFindings: [
      {
        cluster: 'prod-eu',
        checkId: 'rbac.secrets',
        serviceAccount: 'kyverno/kyverno-admission-controller',
        binding: 'ClusterRoleBinding/kyverno:admission-controller',
        role: 'ClusterRole/kyverno:admission-controller',
        rule: {
          apiGroups: [''],
          resources: ['secrets'],
          verbs: ['get', 'list', 'watch'],
        },
        declared: false,
      },
    ],
    blastRadius: [
      {
        cluster: 'prod-eu',
        name: 'validate.kyverno.svc-fail',
        objectKind: 'ValidatingWebhookConfiguration',
        operations: ['CREATE', 'UPDATE'],
        resources: ['*/*/*'],
        matchedNamespaces: ['default', 'kube-system', 'payments'],
        totalNamespaces: 4,
        namespaceSelector: 'kubernetes.io/metadata.name notin (kyverno)',
        clusterScoped: true,
        failurePolicy: 'Fail',
        timeoutSeconds: 10,
        worstCaseLatencySeconds: 10,
      },
    ],
    ...overrides,
  };
}

export function waiver(overrides: Partial<WaiverRecord> = {}): WaiverRecord {
  return {
    id: 'w-2',
    component: 'component:default/kyverno',
    checkId: 'webhook.timeout',
    cluster: null,
    reason: 'Timeout lowered in the next release',
    expiresAt: '2026-06-30T23:59:59.000Z',
    state: 'requested',
    requestedBy: 'user:default/farah.iqbal',
    requestedAt: '2026-04-10T10:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    decisionComment: null,
    active: false,
    owner: 'group:default/team-security',
    ...overrides,
  };
}

export function componentDetail(
  overrides: Partial<ComponentDetail> = {},
): ComponentDetail {
  return {
    snapshot: SNAPSHOT_REF,
    scorecard: scorecard(),
    title: 'Kyverno',
    staleClusters: [],
    instances: [
      {
        cluster: 'prod-eu',
        stale: false,
        collectedAt: TAKEN_AT,
        objects: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            namespace: 'kyverno',
            name: 'kyverno-admission-controller',
          },
        ],
        advertisedResources: [],
        schedulerNames: [],
      },
    ],
    evidence: [
      {
        id: 'e-1',
        component: 'component:default/kyverno',
        cluster: 'staging-us',
        scenario: 'webhook-backend-down',
        tool: 'chaos-mesh',
        startedAt: '2026-04-08T10:00:00.000Z',
        injectedAt: '2026-04-08T10:00:30.000Z',
        recoveredAt: '2026-04-08T10:02:00.000Z',
        verdict: 'pass',
        observations: { failurePolicy: 'Fail', apiLatencyP99Ms: 180 },
        links: ['https://grafana.example.com/d/kyverno'],
        submittedBy: 'user:default/farah.iqbal',
        submittedAt: '2026-04-08T11:00:00.000Z',
      },
    ],
    waivers: [waiver()],
    history: [
      {
        snapshotId: 6,
        takenAt: '2026-04-19T08:00:00.000Z',
        components: 1,
        levels: { 0: 0, 1: 1, 2: 0, 3: 0 },
        averageScore: 45,
        counts: statusCounts(),
      },
      {
        snapshotId: 7,
        takenAt: TAKEN_AT,
        components: 1,
        levels: { 0: 0, 1: 1, 2: 0, 3: 0 },
        averageScore: 48.2,
        counts: statusCounts(),
      },
    ],
    designRecord: {
      whyNotBuiltIn:
        'ValidatingAdmissionPolicy cannot mutate or generate resources; our policies do both.',
      path: 'sync-api',
      failureImpact:
        'New Pods in opted-in namespaces are rejected while the admission controller is down; running Pods keep running.',
      responsibilities: {
        certificates: 'group:default/team-security',
        rbac: 'group:default/team-security',
        upgrades: 'group:default/team-platform',
      },
      kubernetesVersions: '>=1.29.0 <1.36.0',
    },
    ...overrides,
  };
}

export function teamSummary(overrides: Partial<TeamSummary> = {}): TeamSummary {
  return {
    owner: 'group:default/team-security',
    components: 4,
    levels: { 0: 0, 1: 3, 2: 1, 3: 0 },
    averageScore: 52.4,
    hardGates: 2,
    failing: 3,
    counts: statusCounts(),
    byKind: [
      { kind: 'admission-webhook', components: 3 },
      { kind: 'crd-controller', components: 1 },
    ],
    ...overrides,
  };
}

export function refreshStatus(
  overrides: Partial<RefreshStatus> = {},
): RefreshStatus {
  return {
    id: 'run-2',
    trigger: 'manual',
    scope: 'all',
    target: null,
    requestedBy: 'user:default/guest',
    state: 'running',
    phase: 'collecting',
    createdAt: TAKEN_AT,
    startedAt: TAKEN_AT,
    finishedAt: null,
    clusters: [
      {
        cluster: 'prod-eu',
        state: 'succeeded',
        startedAt: TAKEN_AT,
        finishedAt: TAKEN_AT,
        objectCount: 420,
        error: null,
      },
      {
        cluster: 'staging-us',
        state: 'running',
        startedAt: TAKEN_AT,
        finishedAt: null,
        objectCount: null,
        error: null,
      },
    ],
    snapshotId: null,
    error: null,
    ...overrides,
  };
}

export function auditGroup(overrides: Partial<AuditGroup> = {}): AuditGroup {
  return {
    key: null,
    components: 15,
    levels: { 0: 3, 1: 6, 2: 4, 3: 2 },
    averageScore: 61.5,
    criticalFails: 4,
    orphans: 1,
    waiversUsed: 2,
    waiversExpired: 1,
    retirementsDue: 1,
    evidence: { fresh: 2, stale: 1, missing: 10, notRequired: 2 },
    previous: {
      components: 14,
      levels: { 0: 4, 1: 6, 2: 3, 3: 1 },
      averageScore: 55,
    },
    improved: 2,
    regressed: 1,
    ...overrides,
  };
}

export const QUARTERS: AuditQuarter[] = [
  { quarter: '2026-Q2', snapshot: SNAPSHOT_REF, complete: false },
  {
    quarter: '2026-Q1',
    snapshot: { id: 5, takenAt: '2026-03-31T23:00:00.000Z' },
    complete: true,
  },
];

export function auditReport(overrides: Partial<AuditReport> = {}): AuditReport {
  const ref = {
    componentId: 'component:default/kyverno',
    name: 'kyverno',
    kind: 'admission-webhook' as const,
    owner: 'group:default/team-security',
  };
  return {
    quarter: '2026-Q2',
    complete: false,
    generatedAt: TAKEN_AT,
    snapshot: SNAPSHOT_REF,
    previousQuarter: '2026-Q1',
    previousSnapshot: QUARTERS[1].snapshot,
    campaigns: [],
    totals: auditGroup(),
    byTeam: [
      auditGroup({ key: 'group:default/team-security', components: 4 }),
      auditGroup({ key: null, components: 1, previous: null }),
    ],
    byKind: [auditGroup({ key: 'admission-webhook', components: 5 })],
    criticalFails: [
      {
        ...ref,
        checkId: 'webhook.scope',
        cluster: 'prod-eu',
        message: 'matches kube-system',
      },
    ],
    orphans: [
      {
        componentId: 'orphan:admission-webhook:vault-agent-injector',
        name: 'vault-agent-injector',
        kind: 'admission-webhook',
        owner: null,
      },
    ],
    waiversUsed: [
      waiver({
        id: 'w-1',
        state: 'approved',
        active: true,
        decidedBy: 'user:default/ada',
      }),
    ],
    waiversExpired: [],
    retirementsDue: [
      {
        componentId: 'component:default/podpreset-webhook',
        name: 'podpreset-webhook',
        kind: 'admission-webhook',
        owner: 'group:default/team-api-platform',
        lifecycle: 'deprecated',
        checkId: 'retirement.migration-plan',
        status: 'fail',
        message: 'deprecated but no migration plan',
        targetDate: null,
      },
    ],
    evidenceFreshness: [
      {
        ...ref,
        state: 'fresh',
        newestRunAt: '2026-04-08T10:00:00.000Z',
        ageDays: 12,
        message: 'webhook-backend-down passed 12 days ago',
      },
    ],
    changes: {
      added: [],
      removed: [],
      improved: [{ ...ref, from: 0, to: 1, scoreFrom: 30, scoreTo: 48.2 }],
      regressed: [],
    },
    hiddenByVisibility: 0,
    ...overrides,
  };
}

/** A removed API a component's object was last applied in (a blocker). */
export function upgradeFinding(
  overrides: Partial<UpgradeFinding> = {},
): UpgradeFinding {
  return {
    severity: 'blocker',
    category: 'removed-api',
    checkId: 'upgrade.deprecated-api',
    componentId: 'component:default/kyverno',
    componentName: 'kyverno',
    owner: 'group:default/team-security',
    object: 'PodDisruptionBudget kyverno/kyverno-admission-controller',
    apiVersion: 'policy/v1beta1',
    source: 'last-applied-configuration',
    sourceDetail: null,
    removedIn: '1.25',
    replacement: 'policy/v1',
    message:
      'PodDisruptionBudget kyverno/kyverno-admission-controller last applied as policy/v1beta1 (kubectl last-applied-configuration): removed in 1.25; use policy/v1',
    ...overrides,
  };
}

/** A cluster's next-minor readiness; counts and state follow the findings unless given. */
export function clusterUpgradeReadiness(
  overrides: Partial<ClusterUpgradeReadiness> = {},
): ClusterUpgradeReadiness {
  const findings = overrides.findings ?? [];
  const count = (severity: UpgradeFinding['severity']) =>
    findings.filter(f => f.severity === severity).length;
  const blockers = count('blocker');
  const unknowns = count('unknown');
  let state: ClusterUpgradeReadiness['state'] = 'ready';
  if (blockers) state = 'blocked';
  else if (unknowns) state = 'unknown';
  return {
    cluster: 'prod-eu',
    currentVersion: '1.31',
    targetVersion: '1.32',
    state,
    reason: null,
    blockers,
    warnings: count('warning'),
    unknowns,
    sources: [
      { source: 'object', state: 'read', reason: null },
      { source: 'last-applied-configuration', state: 'read', reason: null },
      { source: 'managed-fields', state: 'read', reason: null },
      { source: 'apiserver-metric', state: 'read', reason: null },
      { source: 'crd-status', state: 'read', reason: null },
      { source: 'node-status', state: 'read', reason: null },
    ],
    findings,
    ...overrides,
  };
}

/** The upgrade report of snapshot 7; teams are counted from the clusters unless given. */
export function upgradeReadinessReport(
  overrides: Partial<UpgradeReadinessReport> = {},
): UpgradeReadinessReport {
  const clusters = overrides.clusters ?? [];
  return {
    snapshot: SNAPSHOT_REF.id,
    takenAt: TAKEN_AT,
    clusters,
    teams: upgradeTeams(clusters),
    hiddenFindings: 0,
    ...overrides,
  };
}

/** A saved filter of the component table, saved by ada (the test user). */
export function savedFilter(overrides: Partial<SavedFilter> = {}): SavedFilter {
  return {
    id: 'security-webhooks',
    name: 'Security webhooks',
    description: '',
    filters: {
      owner: ['group:default/team-security'],
      kind: ['admission-webhook'],
    },
    createdBy: 'user:default/ada',
    createdAt: TAKEN_AT,
    resultFields: [],
    campaigns: [],
    ...overrides,
  };
}
