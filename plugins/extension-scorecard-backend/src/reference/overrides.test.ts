import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { BUILTIN_CHECKS } from '../checks/catalogue';
import { effectiveThresholds, readChecksConfig } from '../checks/config';
import { draFixture, run } from '../checks/__testUtils__/fixtures';
import {
  defaultDataDirectory,
  defaultReferenceTables,
  deprecatedApiKey,
  loadReferenceTables,
  REFERENCE_TABLE_NAMES,
} from '.';

const shipped = defaultReferenceTables();

describe('shipped reference data', () => {
  it('gives every row of the versioned tables an upstream source', () => {
    const missing = [
      ...shipped.deprecatedApis
        .filter(row => !row.source)
        .map(row => `deprecated-apis ${deprecatedApiKey(row)}`),
      ...shipped.csiSidecars
        .filter(row => !row.source)
        .map(row => `csi-sidecars ${row.name}`),
      ...shipped.draVersions
        .filter(row => !row.source)
        .map(row => `dra-versions ${row.version}`),
      ...(shipped.versionSkew.source ? [] : ['version-skew']),
    ];
    expect(missing).toEqual([]);
    for (const row of [
      ...shipped.deprecatedApis,
      ...shipped.csiSidecars,
      ...shipped.draVersions,
    ]) {
      expect(row.source).toMatch(/^https:\/\/[^\s]+$/);
    }
  });

  it('covers the removals of the Deprecated API Migration Guide', () => {
    const removedIn = (apiVersion: string, kind: string) => {
      const [group, version] = apiVersion.includes('/')
        ? apiVersion.split('/')
        : ['', apiVersion];
      return shipped.deprecatedApis.find(
        row =>
          row.group === group &&
          row.version === version &&
          (!row.kinds.length || row.kinds.includes(kind)),
      )?.removedIn;
    };
    const guide: Array<[string, string, string]> = [
      ['extensions/v1beta1', 'Deployment', '1.16'],
      ['apps/v1beta1', 'StatefulSet', '1.16'],
      ['apps/v1beta2', 'DaemonSet', '1.16'],
      ['extensions/v1beta1', 'NetworkPolicy', '1.16'],
      ['extensions/v1beta1', 'PodSecurityPolicy', '1.16'],
      ['extensions/v1beta1', 'Ingress', '1.22'],
      ['networking.k8s.io/v1beta1', 'IngressClass', '1.22'],
      ['authentication.k8s.io/v1beta1', 'TokenReview', '1.22'],
      ['authorization.k8s.io/v1beta1', 'SubjectAccessReview', '1.22'],
      ['certificates.k8s.io/v1beta1', 'CertificateSigningRequest', '1.22'],
      ['coordination.k8s.io/v1beta1', 'Lease', '1.22'],
      ['storage.k8s.io/v1beta1', 'CSINode', '1.22'],
      ['batch/v1beta1', 'CronJob', '1.25'],
      ['discovery.k8s.io/v1beta1', 'EndpointSlice', '1.25'],
      ['events.k8s.io/v1beta1', 'Event', '1.25'],
      ['autoscaling/v2beta1', 'HorizontalPodAutoscaler', '1.25'],
      ['policy/v1beta1', 'PodSecurityPolicy', '1.25'],
      ['node.k8s.io/v1beta1', 'RuntimeClass', '1.25'],
      ['flowcontrol.apiserver.k8s.io/v1beta1', 'FlowSchema', '1.26'],
      ['autoscaling/v2beta2', 'HorizontalPodAutoscaler', '1.26'],
      ['storage.k8s.io/v1beta1', 'CSIStorageCapacity', '1.27'],
      ['flowcontrol.apiserver.k8s.io/v1beta2', 'FlowSchema', '1.29'],
      [
        'flowcontrol.apiserver.k8s.io/v1beta3',
        'PriorityLevelConfiguration',
        '1.32',
      ],
    ];
    expect(
      guide.map(([apiVersion, kind]) => removedIn(apiVersion, kind)),
    ).toEqual(guide.map(([, , release]) => release));
  });

  it('names only built-in checks in thresholds.yaml', () => {
    const ids = new Set(BUILTIN_CHECKS.map(c => c.id));
    expect(Object.keys(shipped.thresholds).filter(id => !ids.has(id))).toEqual(
      [],
    );
  });

  it('records its provenance: every row shipped, no override', () => {
    expect(shipped.overrideDirectory).toBeNull();
    expect(shipped.dataVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(Object.keys(shipped.provenance).sort()).toEqual(
      [...REFERENCE_TABLE_NAMES].sort(),
    );
    for (const table of Object.values(shipped.provenance)) {
      expect(table).toMatchObject({
        file: `${table.table}.yaml`,
        rows: table.shippedRows,
        overriddenRows: 0,
        addedRows: 0,
        removedRows: 0,
        overrideFile: null,
      });
    }
    expect(shipped.provenance['deprecated-apis'].rows).toBe(
      shipped.deprecatedApis.length,
    );
    expect(shipped.provenance['dra-versions'].rows).toBe(
      shipped.draVersions.length + 1,
    );
  });
});

describe('override directory', () => {
  let dir: string;
  const write = (file: string, content: string) =>
    fs.writeFileSync(path.join(dir, file), content);
  const load = () =>
    loadReferenceTables(defaultDataDirectory(), { overrideDirectory: dir });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-overrides-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves every table as shipped when the directory is empty', () => {
    const tables = load();
    expect(tables.overrideDirectory).toBe(path.resolve(dir));
    expect(tables.deprecatedApis).toEqual(shipped.deprecatedApis);
    expect(tables.thresholds).toEqual(shipped.thresholds);
    expect(
      Object.values(tables.provenance).every(p => p.overrideFile === null),
    ).toBe(true);
  });

  it('replaces a deprecated-API row with the same group, version and kinds', () => {
    write(
      'deprecated-apis.yaml',
      `apis:
  - group: resource.k8s.io
    version: v1beta1
    kinds: [ResourceSlice, DeviceClass, ResourceClaimTemplate, ResourceClaim]
    product: kubernetes
    deprecatedIn: '1.35'
    removedIn: '1.37'
    replacement: resource.k8s.io/v1
    note: our vendor's 1.37 drops it early
`,
    );
    const tables = load();
    const overridden = tables.deprecatedApis.filter(
      r => r.group === 'resource.k8s.io' && r.version === 'v1beta1',
    );
    expect(overridden).toEqual([
      expect.objectContaining({ removedIn: '1.37', source: undefined }),
    ]);
    // in place, not appended
    expect(tables.deprecatedApis.indexOf(overridden[0])).toBe(
      shipped.deprecatedApis.findIndex(
        r => r.group === 'resource.k8s.io' && r.version === 'v1beta1',
      ),
    );
    expect(tables.provenance['deprecated-apis']).toEqual({
      table: 'deprecated-apis',
      file: 'deprecated-apis.yaml',
      rows: shipped.deprecatedApis.length,
      shippedRows: shipped.deprecatedApis.length,
      overriddenRows: 1,
      addedRows: 0,
      removedRows: 0,
      overrideFile: path.join(path.resolve(dir), 'deprecated-apis.yaml'),
    });
    expect(tables.provenance['csi-sidecars'].overrideFile).toBeNull();
  });

  it('adds a row with a new key and drops one marked remove', () => {
    write(
      'deprecated-apis.yaml',
      `apis:
  - group: example.com
    version: v1alpha1
    kinds: [Widget]
    product: kubernetes
    deprecatedIn: '1.30'
    removedIn: '1.33'
    replacement: example.com/v1
    source: https://example.com/widgets/migration
  - group: rbac.authorization.k8s.io
    version: v1beta1
    remove: true
`,
    );
    const tables = load();
    expect(tables.deprecatedApis.at(-1)).toMatchObject({
      group: 'example.com',
      kinds: ['Widget'],
      removedIn: '1.33',
    });
    expect(
      tables.deprecatedApis.some(r => r.group === 'rbac.authorization.k8s.io'),
    ).toBe(false);
    expect(tables.provenance['deprecated-apis']).toMatchObject({
      rows: shipped.deprecatedApis.length,
      addedRows: 1,
      removedRows: 1,
      overriddenRows: 0,
    });
  });

  it('keys CSI sidecars by name, DRA versions by version', () => {
    write(
      'csi-sidecars.yaml',
      `sidecars:
  - name: external-attacher
    images: [csi-attacher]
    releases:
      - versions: '>=4.0.0 <6.0.0'
        minKubernetes: '1.17'
        recommendedKubernetes: '1.30'
  - name: livenessprobe
    remove: true
`,
    );
    write(
      'dra-versions.yaml',
      `versions:
  - version: v1beta1
    stability: beta
    introducedIn: '1.32'
    lastServedIn: '1.36'
`,
    );
    const tables = load();
    expect(
      tables.csiSidecars.find(s => s.name === 'external-attacher'),
    ).toEqual({
      name: 'external-attacher',
      images: ['csi-attacher'],
      releases: [
        expect.objectContaining({
          versions: '>=4.0.0 <6.0.0',
          recommendedKubernetes: '1.30',
        }),
      ],
    });
    expect(tables.csiSidecars.map(s => s.name)).not.toContain('livenessprobe');
    expect(
      tables.draVersions.find(v => v.version === 'v1beta1')?.lastServedIn,
    ).toBe('1.36');
    expect(tables.draFeatureGate).toEqual(shipped.draFeatureGate);
    expect(tables.provenance['csi-sidecars']).toMatchObject({
      overriddenRows: 1,
      removedRows: 1,
    });
    expect(tables.provenance['dra-versions']).toMatchObject({
      overriddenRows: 1,
      rows: shipped.draVersions.length + 1,
    });
  });

  it('merges thresholds by check id, then setting', () => {
    write('thresholds.yaml', 'cert.expiry:\n  warnDays: 45\n');
    const tables = load();
    expect(tables.thresholds['cert.expiry']).toEqual({
      failDays: 7,
      warnDays: 45,
    });
    expect(tables.thresholds['webhook.timeout']).toEqual(
      shipped.thresholds['webhook.timeout'],
    );
    expect(tables.provenance.thresholds).toMatchObject({
      overriddenRows: 1,
      addedRows: 0,
    });
  });

  it('replaces kinds of failure-signals and experiment-scenarios, top-level keys of the rest', () => {
    write(
      'failure-signals.yaml',
      'kinds:\n  cni:\n    - cilium_drop_count_total\n',
    );
    write('experiment-scenarios.yaml', 'freshnessDays: 30\n');
    write(
      'version-skew.yaml',
      'controlPlane:\n  maxMinorsOlder: 0\n  newerAllowed: false\n',
    );
    const tables = load();
    expect(tables.failureSignals.cni).toEqual(['cilium_drop_count_total']);
    expect(tables.failureSignals.csi).toEqual(shipped.failureSignals.csi);
    expect(tables.experiments.freshnessDays).toBe(30);
    expect(tables.experiments.kinds).toEqual(shipped.experiments.kinds);
    expect(tables.versionSkew).toEqual({
      ...shipped.versionSkew,
      controlPlane: { maxMinorsOlder: 0, newerAllowed: false },
    });
    expect(tables.provenance['version-skew']).toMatchObject({
      shippedRows: 4,
      overriddenRows: 1,
    });
  });

  it('skips hidden entries, as a mounted ConfigMap has', () => {
    fs.mkdirSync(path.join(dir, '..data'));
    write('.keep', '');
    expect(() => load()).not.toThrow();
  });

  describe('refuses at load, naming the file and the row', () => {
    const file = (name: string) => path.join(path.resolve(dir), name);

    it('a bad row', () => {
      write(
        'deprecated-apis.yaml',
        "apis:\n  - group: policy\n    version: v1beta1\n    kinds: [PodDisruptionBudget]\n    product: kubernetes\n    deprecatedIn: '1.21'\n    removedIn: soon\n    replacement: policy/v1\n",
      );
      expect(() => load()).toThrow(
        `Invalid reference data in ${file(
          'deprecated-apis.yaml',
        )} at apis[0].removedIn: expected a release like '1.22', got 'soon'`,
      );
    });

    it('a file that is not a table', () => {
      write('deprecated-api.yaml', 'apis: []\n');
      expect(() => load()).toThrow(
        `Reference data override ${file(
          'deprecated-api.yaml',
        )} is not a table: the file names are deprecated-apis.yaml, csi-sidecars.yaml`,
      );
    });

    it('a missing directory', () => {
      const missing = path.join(dir, 'nope');
      expect(() =>
        loadReferenceTables(defaultDataDirectory(), {
          overrideDirectory: missing,
        }),
      ).toThrow(
        `Reference data override directory ${missing} (extensionScorecard.referenceData.directory) cannot be read`,
      );
    });

    it('YAML that does not parse', () => {
      write('csi-sidecars.yaml', 'sidecars: [');
      expect(() => load()).toThrow(
        `Reference data ${file('csi-sidecars.yaml')} is not valid YAML`,
      );
    });

    it('removing a row that is not shipped, or naming a key twice', () => {
      write(
        'deprecated-apis.yaml',
        'apis:\n  - { group: policy, version: v1beta1, remove: true }\n',
      );
      expect(() => load()).toThrow(
        `${file(
          'deprecated-apis.yaml',
        )} at apis[0].remove: no shipped row has the key policy/v1beta1 []`,
      );
      write(
        'csi-sidecars.yaml',
        'sidecars:\n  - { name: livenessprobe, remove: true }\n  - { name: livenessprobe, remove: true }\n',
      );
      write('deprecated-apis.yaml', 'apis: []\n');
      expect(() => load()).toThrow(
        `${file(
          'csi-sidecars.yaml',
        )} at sidecars[1]: repeats the key livenessprobe of sidecars[0]`,
      );
    });

    it('a setting of another type, or one the check does not have', () => {
      write('thresholds.yaml', 'cert.expiry:\n  warnDays: soon\n');
      expect(() => load()).toThrow(
        `${file(
          'thresholds.yaml',
        )} at cert.expiry.warnDays: expected a number like the shipped value, got 'soon'`,
      );
      write('thresholds.yaml', 'cert.expiry:\n  warnDay: 3\n');
      expect(() => load()).toThrow(
        'at cert.expiry.warnDay: unknown setting; cert.expiry has failDays, warnDays',
      );
    });

    it('an unknown key, and a bad value of a replaced top-level key', () => {
      write('scoring.yaml', 'weight: {}\n');
      expect(() => load()).toThrow(
        `${file(
          'scoring.yaml',
        )} at weight: unknown key; the table's keys are weights, points, waived`,
      );
      write('scoring.yaml', 'weights: { critical: 10 }\n');
      expect(() => load()).toThrow(
        `Invalid reference data in ${file(
          'scoring.yaml',
        )} at weights.high: expected a number, got undefined`,
      );
    });
  });
});

describe('extensionScorecard.referenceData.directory', () => {
  let dir: string;
  const config = (extra: object = {}) =>
    new ConfigReader({
      extensionScorecard: { referenceData: { directory: dir }, ...extra },
    });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-referencedata-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('makes upgrade.deprecated-api judge with the overridden row', () => {
    const f = draFixture(); // Kubernetes 1.34
    f.objects.deviceClasses[0].apiVersion = 'resource.k8s.io/v1beta1';
    // shipped: deprecated in 1.35, so fine on 1.34 and the next minor
    expect(run(f, 'upgrade.deprecated-api').status).toBe('pass');

    fs.writeFileSync(
      path.join(dir, 'deprecated-apis.yaml'),
      `apis:
  - group: resource.k8s.io
    version: v1beta1
    kinds: [DeviceClass, ResourceClaim, ResourceClaimTemplate, ResourceSlice]
    product: kubernetes
    deprecatedIn: '1.33'
    removedIn: '1.35'
    replacement: resource.k8s.io/v1
`,
    );
    const checksConfig = readChecksConfig(config());
    expect(checksConfig.tables.provenance['deprecated-apis']).toMatchObject({
      overriddenRows: 1,
      overrideFile: path.join(path.resolve(dir), 'deprecated-apis.yaml'),
    });
    const result = run(f, 'upgrade.deprecated-api', { config: checksConfig });
    expect(result.status).toBe('fail');
    expect(result.message).toMatch(
      /DeviceClass.*gpu\.example\.com.*resource\.k8s\.io\/v1beta1.*removed in 1\.35/,
    );
    // the shipped tables, used when no config is given, are untouched
    expect(run(f, 'upgrade.deprecated-api').status).toBe('pass');
  });

  it('layers thresholds under app-config', () => {
    fs.writeFileSync(
      path.join(dir, 'thresholds.yaml'),
      'cert.expiry:\n  warnDays: 45\n  failDays: 10\n',
    );
    const checksConfig = readChecksConfig(
      config({ checks: { 'cert.expiry': { failDays: 14 } } }),
    );
    expect(effectiveThresholds(checksConfig)['cert.expiry']).toEqual({
      warnDays: 45,
      failDays: 14,
    });
  });

  it('stops the start on a missing directory or a check id no check has', () => {
    fs.rmSync(dir, { recursive: true });
    expect(() => readChecksConfig(config())).toThrow(
      `Reference data override directory ${dir} (extensionScorecard.referenceData.directory) cannot be read`,
    );
    fs.mkdirSync(dir);
    fs.writeFileSync(
      path.join(dir, 'thresholds.yaml'),
      'webhook.timeouts:\n  passMaxSeconds: 3\n',
    );
    expect(() => readChecksConfig(config())).toThrow(
      `Invalid reference data in ${path.join(
        dir,
        'thresholds.yaml',
      )} at webhook.timeouts: no check has the id 'webhook.timeouts'`,
    );
  });

  it('names the override file when its thresholds contradict each other', () => {
    fs.writeFileSync(
      path.join(dir, 'thresholds.yaml'),
      'cert.expiry:\n  failDays: 60\n',
    );
    expect(() => readChecksConfig(config())).toThrow(
      `Invalid reference data in ${path.join(
        dir,
        'thresholds.yaml',
      )} at cert.expiry: failDays (60) must not exceed warnDays (30)`,
    );
  });

  it('refuses a value that is not a path', () => {
    expect(() =>
      readChecksConfig(
        new ConfigReader({
          extensionScorecard: { referenceData: { directory: 42 } },
        }),
      ),
    ).toThrow(
      'Invalid config at extensionScorecard.referenceData.directory: expected the path of a directory, got 42',
    );
  });
});
