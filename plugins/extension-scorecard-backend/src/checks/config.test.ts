import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigReader } from '@backstage/config';
import { BUILTIN_CHECKS } from './catalogue';
import { readChecksConfig, resolveChecks } from './config';
import { defaultDataDirectory } from '../reference';
import type { ScorecardCheck } from './types';

const read = (checks: unknown, experiments?: unknown) =>
  readChecksConfig(
    new ConfigReader({
      extensionScorecard: { checks, ...(experiments ? { experiments } : {}) },
    } as any),
  );

describe('readChecksConfig', () => {
  it('takes defaults from data/thresholds.yaml', () => {
    const config = readChecksConfig(new ConfigReader({}));
    const timeout = resolveChecks(config).find(
      c => c.check.id === 'webhook.timeout',
    )!;
    expect(timeout.settings).toEqual({ passMaxSeconds: 5, warnMaxSeconds: 10 });
    expect(config.freshnessDays).toBe(90);
    expect(resolveChecks(config)).toHaveLength(BUILTIN_CHECKS.length);
  });

  it('overrides thresholds, severity and switches checks off, dotted or nested', () => {
    const config = read({
      'cert.expiry': { warnDays: 45 },
      webhook: {
        'match-policy': { enabled: false },
        timeout: { severity: 'critical', warnMaxSeconds: 15 },
      },
    });
    const checks = resolveChecks(config);
    expect(checks.find(c => c.check.id === 'cert.expiry')!.settings).toEqual({
      failDays: 7,
      warnDays: 45,
    });
    expect(
      checks.find(c => c.check.id === 'webhook.match-policy'),
    ).toBeUndefined();
    expect(checks.find(c => c.check.id === 'webhook.timeout')).toMatchObject({
      severity: 'critical',
      settings: { passMaxSeconds: 5, warnMaxSeconds: 15 },
    });
  });

  it('reads the experiment freshness window', () => {
    expect(read({}, { freshnessDays: 30 }).freshnessDays).toBe(30);
  });

  it.each([
    [
      { 'webhook.timout': { enabled: false } },
      "Invalid config at extensionScorecard.checks.webhook.timout: no check has the id 'webhook.timout'",
    ],
    [
      { webhook: { nope: {} } },
      "Invalid config at extensionScorecard.checks.webhook.nope: no check has the id 'webhook.nope'",
    ],
    [
      { 'cert.expiry': { warnDayz: 3 } },
      'Invalid config at extensionScorecard.checks.cert.expiry.warnDayz: unknown setting; cert.expiry accepts enabled, severity, failDays, warnDays',
    ],
    [
      { 'cert.expiry': { warnDays: '30' } },
      'Invalid config at extensionScorecard.checks.cert.expiry.warnDays: expected a number, got string',
    ],
    [
      { 'cert.expiry': { warnDays: -1 } },
      'Invalid config at extensionScorecard.checks.cert.expiry.warnDays: expected a number ≥ 0, got -1',
    ],
    [
      { 'cert.expiry': { enabled: 'no' } },
      'Invalid config at extensionScorecard.checks.cert.expiry.enabled: expected true or false, got string',
    ],
    [
      { 'cert.expiry': { severity: 'urgent' } },
      'Invalid config at extensionScorecard.checks.cert.expiry.severity: expected one of critical, high, medium, low, info, got "urgent"',
    ],
    [
      { 'cert.expiry': false },
      'Invalid config at extensionScorecard.checks.cert.expiry: expected an object such as { enabled: false }',
    ],
    [
      { 'runtime.handler-nodes': { vmHandlerPatterns: 'kata' } },
      'Invalid config at extensionScorecard.checks.runtime.handler-nodes.vmHandlerPatterns: expected a list of strings, got string',
    ],
    [
      { 'cert.expiry': { failDays: 40 } },
      'Invalid config at extensionScorecard.checks.cert.expiry: failDays (40) must not exceed warnDays (30)',
    ],
  ])('rejects %j with an error naming the key', (checks, message) => {
    expect(() => read(checks)).toThrow(
      expect.objectContaining({
        name: 'InputError',
        message: expect.stringContaining(message),
      }),
    );
  });

  it('rejects a bad experiments section', () => {
    expect(() => read({}, { freshnessDays: 0 })).toThrow(
      'extensionScorecard.experiments.freshnessDays: expected a positive number of days, got 0',
    );
    expect(() => read({}, { fresh: 10 })).toThrow(
      'extensionScorecard.experiments.fresh: unknown setting',
    );
  });

  it('validates settings of checks added by modules, and refuses duplicate ids', () => {
    const extra: ScorecardCheck = {
      id: 'acme.sidecar-version',
      dimension: 'upgrade',
      kinds: 'all',
      severity: 'medium',
      scope: 'component',
      title: 't',
      remediation: 'r',
      defaults: { minimum: '1.2.0' },
      evaluate: () => ({ status: 'pass', message: 'ok' }),
    };
    const config = readChecksConfig(
      new ConfigReader({
        extensionScorecard: {
          checks: { 'acme.sidecar-version': { minimum: '1.3.0' } },
        },
      }),
      { extraChecks: [extra] },
    );
    expect(
      resolveChecks(config).find(c => c.check.id === 'acme.sidecar-version')!
        .settings,
    ).toEqual({ minimum: '1.3.0' });
    expect(() =>
      readChecksConfig(
        new ConfigReader({
          extensionScorecard: { checks: { 'acme.sidecar-version': {} } },
        }),
      ),
    ).toThrow("no check has the id 'acme.sidecar-version'");
    expect(() =>
      readChecksConfig(new ConfigReader({}), {
        extraChecks: [{ ...extra, id: 'webhook.timeout' }],
      }),
    ).toThrow("Check id 'webhook.timeout' is registered twice");
    expect(() =>
      readChecksConfig(new ConfigReader({}), {
        extraKinds: [
          {
            id: 'cni',
            title: 'x',
            pathClass: 'node',
            failureImpact: '',
            syncPath: false,
            nodeExtension: true,
          },
        ],
      }),
    ).toThrow("Kind 'cni' is built in");
  });
});

describe('reference data', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scorecard-data-'));
    for (const file of fs.readdirSync(defaultDataDirectory())) {
      fs.copyFileSync(
        path.join(defaultDataDirectory(), file),
        path.join(dir, file),
      );
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is read from the data directory, so tables change without code changes', () => {
    fs.writeFileSync(
      path.join(dir, 'thresholds.yaml'),
      'webhook.timeout:\n  passMaxSeconds: 1\n  warnMaxSeconds: 2\n',
    );
    const config = readChecksConfig(new ConfigReader({}), {
      dataDirectory: dir,
    });
    expect(
      resolveChecks(config).find(c => c.check.id === 'webhook.timeout')!
        .settings,
    ).toEqual({ passMaxSeconds: 1, warnMaxSeconds: 2 });
  });

  it.each([
    [
      'deprecated-apis.yaml',
      'apis:\n  - group: policy\n    version: v1beta1\n    product: kubernetes\n    deprecatedIn: soon\n    replacement: policy/v1\n',
      "Invalid reference data in deprecated-apis.yaml at apis[0].deprecatedIn: expected a release like '1.22', got 'soon'",
    ],
    [
      'csi-sidecars.yaml',
      'sidecars:\n  - name: x\n    images: [x]\n    releases:\n      - versions: banana\n',
      "Invalid reference data in csi-sidecars.yaml at sidecars[0].releases[0].versions: 'banana' is not a semver range",
    ],
    [
      'experiment-scenarios.yaml',
      'freshnessDays: 90\nkinds: {}\nconditional:\n  - when: full-moon\n    kinds: [cni]\n    scenario: { id: a, title: b, fault: c, observations: [] }\n',
      "unknown condition 'full-moon'",
    ],
    [
      'scoring.yaml',
      'weights: {}\npoints: {}\nwaived: 0.5\n',
      'Invalid reference data in scoring.yaml at weights.critical: expected a number',
    ],
    [
      'rbac-risks.yaml',
      'adminVerbs: [get]\n',
      'Invalid reference data in rbac-risks.yaml at adminRoles: expected a list',
    ],
    [
      'version-skew.yaml',
      'kubelet: [1]\n',
      'Invalid reference data in version-skew.yaml at kubelet: expected a mapping, got a list',
    ],
    [
      'dra-versions.yaml',
      'versions: [{version: v1, stability: stable, introducedIn: "1.34"}]\n',
      "at versions[0].stability: expected alpha, beta or ga, got 'stable'",
    ],
    [
      'failure-signals.yaml',
      'kinds: { cni: [1] }\n',
      'at kinds.cni[0]: expected a string, got number',
    ],
    ['thresholds.yaml', 'a: [', 'is not valid YAML'],
  ])('stops the start on a malformed %s', (file, content, message) => {
    fs.writeFileSync(path.join(dir, file), content);
    expect(() =>
      readChecksConfig(new ConfigReader({}), { dataDirectory: dir }),
    ).toThrow(message);
  });

  it('names a missing file', () => {
    fs.rmSync(path.join(dir, 'csi-sidecars.yaml'));
    expect(() =>
      readChecksConfig(new ConfigReader({}), { dataDirectory: dir }),
    ).toThrow(/Cannot read reference data .*csi-sidecars.yaml/);
  });
});
