/**
 * Property-based test of the extension descriptor parser (fast-check): a complete,
 * valid `spec.extension` with one field given a wrong-typed, out-of-range,
 * unicode or injection-style value. Must hold: a finding names that field, and every
 * other section is parsed exactly as in the valid descriptor (one mistake never costs
 * the rest).
 */
import fc from 'fast-check';
import semver from 'semver';
import { parse } from 'yaml';
import {
  hostileString,
  nonString,
} from '../__faults__/__testUtils__/hostileInput';
import { parseExtensionDescriptor } from './descriptor';

const VALID = parse(`
kind: scheduler-plugin
design:
  whyNotBuiltIn: Gang scheduling cannot be expressed with affinity.
  path: scheduling
  failureImpact: Only Pods naming this scheduler stay Pending.
  observability: scheduler_pending_pods and PodScheduled messages.
  rollout: Runs side by side with the default scheduler.
responsibilities:
  certificates: team-api-platform
  rbac: group:default/team-api-platform
  capacity: team-api-platform
  upgrades: team-api-platform
  retirement: team-api-platform
kubernetesVersions: '>=1.32.0 <1.34.0'
supportEnds: '2027-01-31'
migration:
  replacement: component:default/kube-scheduler-profiles
  owner: team-api-platform
  targetDate: '2027-06-30'
scheduler:
  schedulerName: scheduler-plugins-scheduler
  extensionPoints: [QueueSort, PreFilter, Permit]
  permitTimeoutSeconds: 60
  unreserve: true
declaredPermissions:
  - apiGroups: ['']
    resources: [pods/binding]
    verbs: [create]
    reason: binds Pods
alerts:
  - name: SecondSchedulerDown
    expr: absent(up{job="scheduler-plugins-scheduler"} == 1)
deviceResources: [nvidia.com/gpu]
rolloutPlan: one node pool at a time
`);

const notDate = hostileString(40).filter(s => !/^\d{4}-\d\d-\d\d/.test(s));
const text = fc.oneof(
  nonString().filter(v => v !== null),
  fc.constant(''),
);
const notList = nonString().filter(v => !Array.isArray(v) && v !== null);

/** Field path (dot-separated, inside spec.extension) and values that are wrong for it. */
const WRONG: Array<[string, fc.Arbitrary<unknown>]> = [
  [
    'kind',
    fc.oneof(
      hostileString(30).filter(s => !['scheduler-plugin'].includes(s)),
      nonString().filter(v => v !== null),
    ),
  ],
  ['design', notList.filter(v => typeof v !== 'object')],
  ['design.whyNotBuiltIn', text],
  [
    'design.path',
    hostileString(30).filter(
      s => !/^(sync-api|async-control|scheduling|node|data-plane)$/.test(s),
    ),
  ],
  ['design.rollout', text],
  ['responsibilities.rbac', nonString().filter(v => v !== null)],
  ['responsibilities', fc.oneof(fc.string(), fc.integer())],
  [
    'kubernetesVersions',
    hostileString(40).filter(
      s => s.trim() !== '' && semver.validRange(s) === null,
    ),
  ],
  ['supportEnds', notDate],
  ['migration.targetDate', notDate],
  ['migration.owner', nonString().filter(v => v !== null)],
  [
    'scheduler.extensionPoints',
    fc.oneof(
      notList,
      fc.array(
        hostileString(20).filter(
          s =>
            !/^(PreEnqueue|QueueSort|PreFilter|Filter|PostFilter|PreScore|Score|NormalizeScore|Reserve|Unreserve|Permit|PreBind|Bind|PostBind)$/.test(
              s,
            ),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    ),
  ],
  [
    'scheduler.permitTimeoutSeconds',
    fc.oneof(fc.integer({ max: 0 }), hostileString(10)),
  ],
  ['scheduler.unreserve', fc.oneof(hostileString(10), fc.integer())],
  [
    'declaredPermissions',
    fc.oneof(
      notList,
      fc.array(fc.oneof(hostileString(10), fc.integer()), {
        minLength: 1,
        maxLength: 2,
      }),
    ),
  ],
  ['alerts', fc.oneof(notList, fc.constant([{ expr: 'up == 0' }]))],
  [
    'deviceResources',
    fc.oneof(
      notList,
      fc.array(
        hostileString(20).filter(
          s => !/^[a-z0-9.-]+\/[A-Za-z0-9_.-]+$/.test(s),
        ),
        { minLength: 1, maxLength: 2 },
      ),
    ),
  ],
  ['rolloutPlan', text],
];

function withValue(raw: any, path: string, value: unknown): any {
  const copy = structuredClone(raw);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key];
  target[keys[keys.length - 1]] = value;
  return copy;
}

describe('parseExtensionDescriptor under one hostile field', () => {
  const valid = parseExtensionDescriptor(VALID);

  it('the valid descriptor has no findings', () => {
    expect(valid.findings).toEqual([]);
  });

  it('names the bad field in a finding and keeps every other section', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...WRONG)
          .chain(([path, values]) => values.map(value => ({ path, value }))),
        ({ path, value }) => {
          const { descriptor, findings } = parseExtensionDescriptor(
            withValue(VALID, path, value),
          );
          const top = path.split('.')[0];
          expect({
            path,
            named: findings.some(f =>
              f.path.startsWith(`spec.extension.${path}`),
            ),
          }).toEqual({ path, named: true });
          const others = Object.keys(valid.descriptor!).filter(k => k !== top);
          const pick = (d: any) =>
            Object.fromEntries(others.map(k => [k, d?.[k]]));
          expect(pick(descriptor)).toEqual(pick(valid.descriptor));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('reports an unknown field, whatever its name, and keeps the rest', () => {
    fc.assert(
      fc.property(
        hostileString(30).filter(s => s !== '' && !(s in VALID)),
        fc.jsonValue(),
        (name, value) => {
          const { descriptor, findings } = parseExtensionDescriptor({
            ...VALID,
            [name]: value,
          });
          expect(findings).toHaveLength(1);
          expect(findings[0].path).toBe(`spec.extension.${name}`);
          expect(descriptor).toEqual(valid.descriptor);
        },
      ),
      { numRuns: 200 },
    );
  });
});
