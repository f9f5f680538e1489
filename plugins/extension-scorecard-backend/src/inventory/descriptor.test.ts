import fc from 'fast-check';
import { parse } from 'yaml';
import { parseExtensionDescriptor } from './descriptor';

describe('parseExtensionDescriptor', () => {
  it('parses a complete descriptor and normalizes entity refs', () => {
    const raw = parse(`
kind: scheduler-plugin
design:
  whyNotBuiltIn: Gang scheduling cannot be expressed with affinity or topology spread.
  path: scheduling
  failureImpact: Only Pods naming this scheduler stay Pending.
  observability: scheduler_pending_pods and PodScheduled messages.
  rollout: Runs side by side with the default scheduler.
responsibilities:
  certificates: team-api-platform
  rbac: group:default/team-api-platform
  capacity: user:alice.nguyen
  upgrades: group:platform/team-api-platform
  retirement: team-api-platform
kubernetesVersions: '>=1.32.0 <1.34.0'
supportEnds: '2027-01-31'
migration:
  replacement: component:default/kube-scheduler-profiles
  owner: team-api-platform
  targetDate: '2027-06-30'
scheduler:
  schedulerName: scheduler-plugins-scheduler
  extensionPoints: [QueueSort, PreFilter, PostFilter, Reserve, Permit]
  permitTimeoutSeconds: 60
  unreserve: true
declaredPermissions:
  - apiGroups: ['']
    resources: [pods/binding]
    verbs: [create]
    reason: binds Pods
  - apiGroups: ['']
    resources: [serviceaccounts/token]
    resourceNames: [calico-cni-plugin]
    verbs: [create]
alerts:
  - name: SecondSchedulerDown
    expr: absent(up{job="scheduler-plugins-scheduler"} == 1)
deviceResources: [nvidia.com/gpu]
rolloutPlan: one node pool at a time
`);
    const { descriptor, findings } = parseExtensionDescriptor(raw, {
      defaultNamespace: 'default',
    });
    expect(findings).toEqual([]);
    expect(descriptor).toEqual({
      kind: 'scheduler-plugin',
      design: {
        whyNotBuiltIn:
          'Gang scheduling cannot be expressed with affinity or topology spread.',
        path: 'scheduling',
        failureImpact: 'Only Pods naming this scheduler stay Pending.',
        observability: 'scheduler_pending_pods and PodScheduled messages.',
        rollout: 'Runs side by side with the default scheduler.',
      },
      responsibilities: {
        certificates: 'group:default/team-api-platform',
        rbac: 'group:default/team-api-platform',
        capacity: 'user:default/alice.nguyen',
        upgrades: 'group:platform/team-api-platform',
        retirement: 'group:default/team-api-platform',
      },
      kubernetesVersions: '>=1.32.0 <1.34.0',
      supportEnds: '2027-01-31',
      migration: {
        replacement: 'component:default/kube-scheduler-profiles',
        owner: 'group:default/team-api-platform',
        targetDate: '2027-06-30',
      },
      scheduler: {
        schedulerName: 'scheduler-plugins-scheduler',
        extensionPoints: [
          'QueueSort',
          'PreFilter',
          'PostFilter',
          'Reserve',
          'Permit',
        ],
        permitTimeoutSeconds: 60,
        unreserve: true,
      },
      declaredPermissions: [
        {
          apiGroups: [''],
          resources: ['pods/binding'],
          verbs: ['create'],
          reason: 'binds Pods',
        },
        {
          apiGroups: [''],
          resources: ['serviceaccounts/token'],
          resourceNames: ['calico-cni-plugin'],
          verbs: ['create'],
        },
      ],
      alerts: [
        {
          name: 'SecondSchedulerDown',
          expr: 'absent(up{job="scheduler-plugins-scheduler"} == 1)',
        },
      ],
      deviceResources: ['nvidia.com/gpu'],
      rolloutPlan: 'one node pool at a time',
    });
  });

  it('gives no descriptor and no finding when there is no block', () => {
    expect(parseExtensionDescriptor(undefined)).toEqual({
      descriptor: null,
      findings: [],
    });
  });

  it('turns every mistake into a finding with its path, keeping the valid parts', () => {
    const raw = parse(`
kind: webhook
desgin: {}
design:
  path: synchronous
  whyNotBuiltIn: 42
responsibilities:
  certificates: ''
  rbac: 'group:'
  oncall: team-a
kubernetesVersions: 'version 1.30 or newer'
supportEnds: 2025-02-30
migration:
  targetDate: next quarter
  owner: [team-a]
scheduler:
  extensionPoints: [Filter, Prebind, Score]
  permitTimeoutSeconds: -5
  unreserve: 'yes'
declaredPermissions:
  - apiGroups: ['']
    resources: secrets
    verbs: [get]
  - just a string
  - apiGroups: [apps]
    resources: [deployments]
    verbs: [get, 7]
alerts:
  - expr: up == 0
  - name: Good
deviceResources: [gpu, nvidia.com/gpu]
rolloutPlan: {}
`);
    const { descriptor, findings } = parseExtensionDescriptor(raw);
    const byPath = Object.fromEntries(findings.map(f => [f.path, f.message]));
    expect(byPath).toEqual({
      'spec.extension.kind': expect.stringContaining(
        "'webhook' is not an extension kind",
      ),
      'spec.extension.desgin': expect.stringContaining('unknown field'),
      'spec.extension.design.path': expect.stringContaining(
        "'synchronous' is not a path class",
      ),
      'spec.extension.design.whyNotBuiltIn': 'must be text, got a number',
      'spec.extension.responsibilities.certificates': 'is empty',
      'spec.extension.responsibilities.rbac': expect.stringContaining(
        'is not an entity reference',
      ),
      'spec.extension.responsibilities.oncall': expect.stringContaining(
        'unknown responsibility',
      ),
      'spec.extension.kubernetesVersions': expect.stringContaining(
        'is not a semver range',
      ),
      'spec.extension.supportEnds': "'2025-02-30' is not a calendar date",
      'spec.extension.migration.targetDate':
        "'next quarter' is not a date (YYYY-MM-DD)",
      'spec.extension.migration.owner': 'must be text, got a list',
      'spec.extension.scheduler.extensionPoints[1]': expect.stringContaining(
        "'Prebind' is not a scheduler extension point",
      ),
      'spec.extension.scheduler.permitTimeoutSeconds':
        'must be a positive number of seconds, got -5',
      'spec.extension.scheduler.unreserve': "must be true or false, got 'yes'",
      'spec.extension.declaredPermissions[0].resources':
        'must be a list, got a string',
      'spec.extension.declaredPermissions[1]':
        'must be a mapping, got a string',
      'spec.extension.declaredPermissions[2].verbs[1]': 'must be text, got 7',
      'spec.extension.alerts[0].name': 'is missing',
      'spec.extension.deviceResources[0]': expect.stringContaining(
        'is not an extended resource',
      ),
      'spec.extension.rolloutPlan': 'must be text, got a mapping',
    });
    expect(descriptor?.kind).toBeUndefined();
    expect(descriptor?.scheduler?.extensionPoints).toEqual(['Filter', 'Score']);
    expect(descriptor?.alerts).toEqual([{ name: 'Good' }]);
    expect(descriptor?.deviceResources).toEqual(['nvidia.com/gpu']);
    expect(descriptor?.declaredPermissions).toEqual([]);
  });

  it('accepts dates parsed as Date objects by YAML 1.1 loaders', () => {
    const { descriptor, findings } = parseExtensionDescriptor({
      kind: 'csi',
      supportEnds: new Date('2026-03-31T00:00:00Z'),
    });
    expect(findings).toEqual([]);
    expect(descriptor?.supportEnds).toBe('2026-03-31');
  });

  it('rejects a block that is not a mapping', () => {
    expect(parseExtensionDescriptor(['kind', 'csi'])).toEqual({
      descriptor: null,
      findings: [
        { path: 'spec.extension', message: 'must be a mapping, got a list' },
      ],
    });
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(
        fc.anything({ withDate: true, withMap: true, withSet: true }),
        value => {
          const result = parseExtensionDescriptor(value);
          expect(Array.isArray(result.findings)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            kind: fc.oneof(fc.constantFrom('csi', 'cni'), fc.anything()),
            design: fc.anything(),
            responsibilities: fc.dictionary(fc.string(), fc.anything()),
            kubernetesVersions: fc.anything(),
            supportEnds: fc.anything(),
            migration: fc.anything(),
            scheduler: fc.record({
              extensionPoints: fc.anything(),
              permitTimeoutSeconds: fc.anything(),
            }),
            declaredPermissions: fc.array(fc.anything()),
            alerts: fc.array(fc.anything()),
            deviceResources: fc.anything(),
          },
          { requiredKeys: [] },
        ),
        value => {
          parseExtensionDescriptor(value);
        },
      ),
      { numRuns: 500 },
    );
  });
});
