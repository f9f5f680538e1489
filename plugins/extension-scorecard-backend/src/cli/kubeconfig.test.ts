/**
 * `extension-scorecard audit --kubeconfig` end to end: kubeconfig files with a token, a
 * client certificate and an exec credential plugin, against stand-in API servers (HTTPS)
 * serving the eks-prod dump; `--dump` written and audited again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { webcrypto } from 'node:crypto';
import { createMockDirectory } from '@backstage/backend-test-utils';
import { stringify } from 'yaml';
import {
  StandInApiServer,
  StandInCluster,
  standInClusterFromDump,
  startStandInApiServer,
} from '../testUtils/standInApiServer';
import type { AuditEvaluator, AuditReport } from './audit';
import { runCli } from './index';

// client-node (ESM, transpiled on first use), TLS keys, and full audits of eks-prod
jest.setTimeout(120_000);

const REPO = path.resolve(__dirname, '../../../..');
const EKS_PROD = path.join(REPO, 'examples/upstream/clusters/eks-prod');
const CATALOG = path.join(REPO, 'examples/upstream/catalog');
const METRICS = fs.readFileSync(
  path.join(__dirname, '../collect/__fixtures__/apiserver-metrics.txt'),
  'utf8',
);
const NOW = new Date('2025-11-01T00:00:00Z');
const TOKEN = 'kubeconfig-token-3b9e71c2d4';
const EXEC_TOKEN = 'exec-plugin-token-8d41f0aa77';
const NO_CHECKS: AuditEvaluator = () => new Map();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(
  args: string[],
  options: {
    evaluate?: AuditEvaluator;
    env?: Record<string, string | undefined>;
  } = {},
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, {
    stdout: t => {
      stdout += t;
    },
    stderr: t => {
      stderr += t;
    },
    cwd: REPO,
    now: NOW,
    evaluate: 'evaluate' in options ? options.evaluate : NO_CHECKS,
    env: options.env ?? {},
  });
  return { code, stdout, stderr };
}

function report(r: Run): AuditReport {
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

interface Pem {
  caPem: string;
  certPem: string;
  keyPem: string;
}

/** A client CA and a client certificate signed by it, subject `CN=<cn>,O=auditors`. */
async function clientCertificate(cn: string): Promise<Pem> {
  // @peculiar/x509 needs the Reflect polyfill first (as the stand-in loads it)
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('reflect-metadata');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const x509: typeof import('@peculiar/x509') = require('@peculiar/x509');
  const crypto = webcrypto as unknown as Crypto;
  x509.cryptoProvider.set(crypto);
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 24 * 3600_000);
  const caKeys = await crypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${cn}-client-ca`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
        true,
      ),
    ],
  });
  const keys = await crypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: `CN=${cn},O=auditors`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    signingKey: caKeys.privateKey,
    publicKey: keys.publicKey,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
    ],
  });
  const pkcs8 = await crypto.subtle.exportKey('pkcs8', keys.privateKey);
  const keyPem = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .replace(/\n?$/, '\n')}-----END PRIVATE KEY-----\n`;
  return { caPem: ca.toString('pem'), certPem: cert.toString('pem'), keyPem };
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

interface ContextEntry {
  context: string;
  server: StandInApiServer;
  user?: Record<string, unknown>;
}

/**
 * A kubeconfig as kubectl writes it: one cluster and user per context; the current
 * context is the first unless given (null: none).
 */
function kubeconfigYaml(
  entries: ContextEntry[],
  current: string | null = entries[0].context,
): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: entries.map(e => ({
      name: `${e.context}-cluster`,
      cluster: {
        server: e.server.url,
        'certificate-authority-data': e.server.caData,
      },
    })),
    users: entries
      .filter(e => e.user)
      .map(e => ({ name: `${e.context}-user`, user: e.user })),
    contexts: entries.map(e => ({
      name: e.context,
      context: {
        cluster: `${e.context}-cluster`,
        ...(e.user ? { user: `${e.context}-user` } : {}),
        namespace: 'default',
      },
    })),
    ...(current !== null ? { 'current-context': current } : {}),
  });
}

describe('extension-scorecard audit --kubeconfig', () => {
  const tmp = createMockDirectory();
  const servers: StandInApiServer[] = [];
  let cluster: StandInCluster;
  let alice: Pem;
  let mallory: Pem;
  let tokenServer: StandInApiServer;
  let certServer: StandInApiServer;
  let execServer: StandInApiServer;

  /** Writes a file under the tmp dir and returns its absolute path. */
  function write(name: string, text: string, mode?: number) {
    const file = path.join(tmp.path, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text, mode ? { mode } : undefined);
    return file;
  }

  const tokenUser = { token: TOKEN };
  const certUser = () => ({
    'client-certificate-data': b64(alice.certPem),
    'client-key-data': b64(alice.keyPem),
  });
  const execUser = () => ({
    exec: {
      apiVersion: 'client.authentication.k8s.io/v1',
      command: path.join(tmp.path, 'bin/get-token'),
      args: ['--cluster-name', 'eks-prod', '--region', 'eu-west-1'],
      // the script's `#!/usr/bin/env node` finds the Node running the tests
      env: [
        {
          name: 'PATH',
          value: `${path.dirname(process.execPath)}${path.delimiter}${
            process.env.PATH ?? ''
          }`,
        },
      ],
      interactiveMode: 'Never',
    },
  });

  beforeAll(async () => {
    cluster = {
      ...(await standInClusterFromDump(EKS_PROD)),
      metrics: METRICS,
    };
    [alice, mallory] = await Promise.all([
      clientCertificate('alice'),
      clientCertificate('mallory'),
    ]);
    tokenServer = await startStandInApiServer({
      cluster,
      tls: true,
      token: TOKEN,
    });
    certServer = await startStandInApiServer({
      cluster,
      tls: true,
      clientCa: alice.caPem,
    });
    execServer = await startStandInApiServer({
      cluster,
      tls: true,
      token: EXEC_TOKEN,
    });
    servers.push(tokenServer, certServer, execServer);
  });

  afterAll(async () => {
    await Promise.all(servers.map(s => s.close()));
  });

  beforeEach(() => {
    tmp.clear();
    // an exec credential plugin, as `aws eks get-token` prints it
    write(
      'bin/get-token',
      `#!/usr/bin/env node
const args = process.argv.slice(2);
if (args.join(' ') !== '--cluster-name eks-prod --region eu-west-1') {
  process.stderr.write('unexpected arguments: ' + args.join(' '));
  process.exit(1);
}
process.stdout.write(JSON.stringify({
  apiVersion: 'client.authentication.k8s.io/v1',
  kind: 'ExecCredential',
  status: { token: ${JSON.stringify(EXEC_TOKEN)} },
}));
`,
      0o755,
    );
  });

  it('audits the current context of a token user like the dump it serves', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml([
        { context: 'eks-prod', server: tokenServer, user: tokenUser },
      ]),
    );
    const live = await run(['audit', '--kubeconfig', file, '--format', 'json']);
    expect(live.stderr).toBe('');
    const liveReport = report(live);
    expect(liveReport.clusters).toEqual([
      {
        name: 'eks-prod',
        version: 'v1.32.9-eks-113cf36',
        status: 'ok',
        source: 'live',
        problems: [],
      },
    ]);
    expect(live.stdout).not.toContain(TOKEN);
    // the same components as the audit of the dump the stand-in serves
    const offline = report(
      await run([
        'audit',
        '--cluster',
        `eks-prod=${EKS_PROD}`,
        '--format',
        'json',
      ]),
    );
    expect(liveReport.components.map(c => c.id)).toEqual(
      offline.components.map(c => c.id),
    );
    expect(liveReport.components.length).toBeGreaterThan(5);
    expect(
      tokenServer.requests.every(r => r.authorization === `Bearer ${TOKEN}`),
    ).toBe(true);
  });

  it('reports a rejected token as a cluster error, without the token', async () => {
    const wrong = 'wrong-token-0c7d55e1a9';
    const file = write(
      'kubeconfig',
      kubeconfigYaml([
        { context: 'eks-prod', server: tokenServer, user: { token: wrong } },
      ]),
    );
    const r = await run(['audit', '--kubeconfig', file, '--format', 'json']);
    expect(r.code).toBe(0); // as for a dump that could not be read
    const cluster0 = (JSON.parse(r.stdout) as AuditReport).clusters[0];
    expect(cluster0).toMatchObject({
      name: 'eks-prod',
      status: 'error',
      source: 'live',
      error: expect.stringMatching(/unauthorized \(HTTP 401\).*kubeconfig/),
    });
    expect(r.stdout + r.stderr).not.toContain(wrong);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
    const table = await run(['audit', '--kubeconfig', file]);
    expect(table.stdout).toMatch(/^eks-prod\s+-\s+error\s+unauthorized/m);
    expect(table.stdout).not.toContain(wrong);
    // nothing was read, so there is nothing to dump
    const dumpDir = path.join(tmp.path, 'dumps');
    const dumped = await run([
      'audit',
      '--kubeconfig',
      file,
      '--dump',
      dumpDir,
    ]);
    expect(dumped.code).toBe(0);
    expect(dumped.stderr).toContain(
      "no dump of cluster 'eks-prod': it could not be read",
    );
    expect(fs.readdirSync(dumpDir)).toEqual([]);
  });

  it('authenticates with a client certificate (files relative to the kubeconfig too)', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml([
        { context: 'onprem', server: certServer, user: certUser() },
      ]),
    );
    const before = certServer.requests.length;
    const ok = report(
      await run(['audit', '--kubeconfig', file, '--format', 'json']),
    );
    expect(ok.clusters[0]).toMatchObject({ name: 'onprem', status: 'ok' });
    const mine = certServer.requests.slice(before);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every(r => r.clientCertificate === 'alice')).toBe(true);
    expect(mine.every(r => r.authorization === undefined)).toBe(true);

    // the same user with client-certificate / client-key files next to the kubeconfig
    write('certs/alice.crt', alice.certPem);
    write('certs/alice.key', alice.keyPem);
    const withFiles = write(
      'sub/../kubeconfig-files',
      kubeconfigYaml([
        {
          context: 'onprem',
          server: certServer,
          user: {
            'client-certificate': 'certs/alice.crt',
            'client-key': 'certs/alice.key',
          },
        },
      ]),
    );
    expect(
      report(
        await run([
          'audit',
          '--kubeconfig',
          path.relative(REPO, withFiles),
          '--format',
          'json',
        ]),
      ).clusters[0].status,
    ).toBe('ok');

    // a certificate of another CA is not accepted: 401, and the key is not printed
    const untrusted = write(
      'kubeconfig-mallory',
      kubeconfigYaml([
        {
          context: 'onprem',
          server: certServer,
          user: {
            'client-certificate-data': b64(mallory.certPem),
            'client-key-data': b64(mallory.keyPem),
          },
        },
      ]),
    );
    const rejected = await run([
      'audit',
      '--kubeconfig',
      untrusted,
      '--format',
      'json',
    ]);
    expect(
      (JSON.parse(rejected.stdout) as AuditReport).clusters[0],
    ).toMatchObject({
      status: 'error',
      error: expect.stringContaining('HTTP 401'),
    });
    const keyBody = mallory.keyPem.split('\n')[1];
    expect(rejected.stdout + rejected.stderr).not.toContain(keyBody);
    expect(rejected.stdout + rejected.stderr).not.toContain(
      b64(mallory.keyPem),
    );
  });

  it('runs an exec credential plugin and never prints the token it returns', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml([
        { context: 'eks', server: execServer, user: execUser() },
      ]),
    );
    const before = execServer.requests.length;
    const r = await run(['audit', '--kubeconfig', file, '--format', 'json']);
    expect(report(r).clusters[0]).toMatchObject({ name: 'eks', status: 'ok' });
    const mine = execServer.requests.slice(before);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.every(x => x.authorization === `Bearer ${EXEC_TOKEN}`)).toBe(
      true,
    );
    expect(r.stdout + r.stderr).not.toContain(EXEC_TOKEN);

    // a plugin that fails: the cluster is reported, the audit goes on
    const failing = execUser();
    failing.exec.args = ['--cluster-name', 'other'];
    const broken = write(
      'kubeconfig-broken',
      kubeconfigYaml([{ context: 'eks', server: execServer, user: failing }]),
    );
    const bad = await run([
      'audit',
      '--kubeconfig',
      broken,
      '--format',
      'json',
    ]);
    expect(report(bad).clusters[0]).toMatchObject({
      status: 'error',
      error: expect.stringContaining('cannot configure client'),
    });
    expect(bad.stdout).toContain('unexpected arguments');
  });

  it('audits several contexts of one kubeconfig, each a cluster, next to a dump', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml(
        [
          { context: 'prod-token', server: tokenServer, user: tokenUser },
          { context: 'prod-cert', server: certServer, user: certUser() },
          { context: 'prod-exec', server: execServer, user: execUser() },
        ],
        'prod-cert',
      ),
    );
    const r = await run([
      'audit',
      '--cluster',
      `from-dump=${EKS_PROD}`,
      '--kubeconfig',
      file,
      '--context',
      'prod-exec',
      '--context',
      'prod-token',
      '--context',
      'prod-cert',
      '--format',
      'json',
    ]);
    const result = report(r);
    expect(result.clusters.map(c => [c.name, c.source, c.status])).toEqual([
      ['from-dump', 'dump', 'ok'],
      ['prod-exec', 'live', 'ok'],
      ['prod-token', 'live', 'ok'],
      ['prod-cert', 'live', 'ok'],
    ]);
    // the same extensions in every cluster: one component, one instance per cluster
    const cilium = result.components.find(c => c.name === 'cilium');
    expect(cilium?.instances.map(i => i.cluster)).toEqual([
      'from-dump',
      'prod-exec',
      'prod-token',
      'prod-cert',
    ]);
    expect(result.upgradeReadiness.map(u => u.cluster)).toEqual([
      'from-dump',
      'prod-exec',
      'prod-token',
      'prod-cert',
    ]);
    for (const secret of [TOKEN, EXEC_TOKEN, b64(alice.keyPem)])
      expect(r.stdout + r.stderr).not.toContain(secret);

    // without --context: the current context only
    const current = report(
      await run(['audit', '--kubeconfig', file, '--format', 'json']),
    );
    expect(current.clusters.map(c => c.name)).toEqual(['prod-cert']);
  });

  it('reads KUBECONFIG (a list of files, first definition wins) without --kubeconfig', async () => {
    const first = write(
      'a/config',
      kubeconfigYaml(
        [{ context: 'token-ctx', server: tokenServer, user: tokenUser }],
        'token-ctx',
      ),
    );
    const second = write(
      'b/config',
      kubeconfigYaml(
        [
          { context: 'exec-ctx', server: execServer, user: execUser() },
          // defined in the first file already: ignored here
          { context: 'token-ctx', server: certServer, user: tokenUser },
        ],
        'exec-ctx',
      ),
    );
    const missing = path.join(tmp.path, 'nope/config');
    const env = {
      KUBECONFIG: [first, missing, second].join(path.delimiter),
      HOME: tmp.path,
    };
    const both = report(
      await run(
        [
          'audit',
          '--context',
          'exec-ctx',
          '--context',
          'token-ctx',
          '--format',
          'json',
        ],
        { env },
      ),
    );
    expect(both.clusters.map(c => [c.name, c.status])).toEqual([
      ['exec-ctx', 'ok'],
      ['token-ctx', 'ok'],
    ]);
    // --kubeconfig without a file: the current context of the first file
    const current = report(
      await run(['audit', '--kubeconfig', '--format', 'json'], { env }),
    );
    expect(current.clusters.map(c => c.name)).toEqual(['token-ctx']);
    // ~/.kube/config when KUBECONFIG is not set
    write(
      'home/.kube/config',
      kubeconfigYaml([
        { context: 'home', server: tokenServer, user: tokenUser },
      ]),
    );
    const home = report(
      await run(['audit', '--kubeconfig', '--format', 'json'], {
        env: { HOME: path.join(tmp.path, 'home') },
      }),
    );
    expect(home.clusters.map(c => c.name)).toEqual(['home']);
  });

  it('rejects bad cluster input with exit code 2, naming contexts and never credentials', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml(
        [
          { context: 'alpha', server: tokenServer, user: tokenUser },
          { context: 'beta', server: tokenServer, user: tokenUser },
        ],
        'alpha',
      ),
    );
    const unknown = await run([
      'audit',
      '--kubeconfig',
      file,
      '--context',
      'gamma',
    ]);
    expect(unknown).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /Context 'gamma' is not in the kubeconfig .*; available contexts: alpha, beta/,
      ),
    });
    expect(
      await run(['audit', '--catalog', 'examples/org.yaml']),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'Give at least one cluster: --cluster <name>=<dump-dir> for a dump, --kubeconfig [file] or --context <name> for a live cluster',
      ),
    });
    expect(
      await run(['audit', '--context', 'alpha'], {
        env: { HOME: path.join(tmp.path, 'nohome') },
      }),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No kubeconfig: KUBECONFIG is not set'),
    });
    expect(
      await run(['audit', '--kubeconfig', path.join(tmp.path, 'missing')]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('no such file'),
    });
    // a YAML error names the line, never the text around it (which holds the token)
    const broken = write(
      'broken',
      `users:\n- name: u\n  user:\n    token: ${TOKEN}\n   bad: indent\n`,
    );
    const yamlError = await run(['audit', '--kubeconfig', broken]);
    expect(yamlError).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /Cannot load kubeconfig .*broken: malformed YAML: .* at line \d+/,
      ),
    });
    expect(yamlError.stderr).not.toContain(TOKEN);
    const noCurrent = write(
      'no-current',
      kubeconfigYaml(
        [{ context: 'alpha', server: tokenServer, user: tokenUser }],
        null,
      ),
    );
    expect(await run(['audit', '--kubeconfig', noCurrent])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        'has no current-context; pass --context <name> (available contexts: alpha)',
      ),
    });
    expect(
      await run([
        'audit',
        '--cluster',
        `alpha=${EKS_PROD}`,
        '--kubeconfig',
        file,
      ]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("Cluster name 'alpha' is given twice"),
    });
    expect(
      await run(['audit', '--cluster', `x=${EKS_PROD}`, '--dump', tmp.path]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining(
        '--dump writes what was read from live clusters',
      ),
    });
    expect(
      await run(['audit', '--kubeconfig', file, '--timeout', 'soon']),
    ).toMatchObject({ code: 2, stderr: expect.stringContaining('--timeout') });
  });

  it('writes --dump directories that audit again to the same report', async () => {
    const file = write(
      'kubeconfig',
      kubeconfigYaml(
        [
          { context: 'eks-prod', server: tokenServer, user: tokenUser },
          { context: 'eks-exec', server: execServer, user: execUser() },
        ],
        'eks-prod',
      ),
    );
    const dumpDir = path.join(tmp.path, 'dumps');
    const catalog = fs
      .readdirSync(CATALOG)
      .flatMap(f => ['--catalog', path.join(CATALOG, f)]);
    // the real checks: the re-audit must give the same results
    const withChecks = { evaluate: undefined };
    const live = await run(
      [
        'audit',
        '--kubeconfig',
        file,
        '--context',
        'eks-prod',
        '--context',
        'eks-exec',
        '--dump',
        dumpDir,
        ...catalog,
        '--format',
        'json',
        '--no-fail-on-critical',
      ],
      withChecks,
    );
    expect(live.stderr).toContain(
      `wrote the dump of cluster 'eks-prod' to ${path.join(
        dumpDir,
        'eks-prod',
      )}`,
    );
    const files = fs.readdirSync(path.join(dumpDir, 'eks-prod')).sort();
    expect(files).toEqual(
      expect.arrayContaining([
        'deployments.yaml',
        'metrics.txt',
        'reads.yaml',
        'version.json',
      ]),
    );
    for (const name of ['eks-prod', 'eks-exec']) {
      for (const f of fs.readdirSync(path.join(dumpDir, name))) {
        const text = fs.readFileSync(path.join(dumpDir, name, f), 'utf8');
        expect([f, text.includes(TOKEN) || text.includes(EXEC_TOKEN)]).toEqual([
          f,
          false,
        ]);
      }
    }
    const again = await run(
      [
        'audit',
        '--cluster',
        `eks-prod=${path.join(dumpDir, 'eks-prod')}`,
        '--cluster',
        `eks-exec=${path.join(dumpDir, 'eks-exec')}`,
        ...catalog,
        '--format',
        'json',
        '--no-fail-on-critical',
      ],
      withChecks,
    );
    expect(again.stderr).toBe('');
    const liveReport: AuditReport = JSON.parse(live.stdout);
    const dumpReport: AuditReport = JSON.parse(again.stdout);
    expect(liveReport.clusters.map(c => c.source)).toEqual(['live', 'live']);
    expect(dumpReport.clusters.map(c => c.source)).toEqual(['dump', 'dump']);
    // checks ran, and some of them have something to say
    expect(liveReport.components.some(c => c.checks.length > 0)).toBe(true);
    // what differs is how each source was read, and the advice that goes with it
    const managedFields = (r: AuditReport) =>
      r.upgradeReadiness.map(
        u => u.sources.find(s => s.source === 'managed-fields')?.reason,
      );
    expect(managedFields(liveReport)).toEqual([
      'no object carries metadata.managedFields',
      'no object carries metadata.managedFields',
    ]);
    expect(managedFields(dumpReport)).toEqual([
      expect.stringContaining('no object in the dump carries'),
      expect.stringContaining('no object in the dump carries'),
    ]);
    const comparable = (r: AuditReport) => ({
      ...r,
      generatedAt: undefined,
      clusters: r.clusters.map(({ source: _source, ...c }) => c),
      upgradeReadiness: r.upgradeReadiness.map(u => ({
        ...u,
        sources: u.sources.filter(s => s.source !== 'managed-fields'),
      })),
    });
    expect(comparable(dumpReport)).toEqual(comparable(liveReport));

    // a second run replaces the dumps it wrote
    const rerun = await run([
      'audit',
      '--kubeconfig',
      file,
      '--dump',
      dumpDir,
      '--format',
      'json',
    ]);
    expect(rerun.code).toBe(0);
    expect(fs.readdirSync(path.join(dumpDir, 'eks-prod')).sort()).toEqual(
      files,
    );
    // but never into a directory holding anything else
    write('dumps/eks-prod/notes.yaml', 'kind: List\nitems: []\n');
    expect(
      await run(['audit', '--kubeconfig', file, '--dump', dumpDir]),
    ).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('notes.yaml'),
    });
  });
});
