#!/usr/bin/env node
// Self-check for the demo data in examples/:
//   node examples/scripts/validate-demo.mjs
// Parses every YAML file, checks object shape and catalog <-> cluster links,
// decodes every caBundle, forbids Secrets, then runs prepare-demo into a
// temporary folder and checks that the certificates it writes match their
// annotations. Prints one line per check and "N passed, N failed".
import { X509Certificate } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { parseDump, objectsOf } from './lib/kube-yaml.mjs';
import {
  prepareDemo,
  caWindow,
  relativeTime,
  ANNOTATION_CA,
  ANNOTATION_NOT_AFTER,
  ANNOTATION_TIME_SHIFT,
} from './prepare-demo.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const EXAMPLES = path.resolve(HERE, '..');
const K8S_ID = 'backstage.io/kubernetes-id';
const KINDS = [
  'crd-controller',
  'admission-webhook',
  'admission-policy',
  'aggregated-api',
  'scheduler-plugin',
  'cri-runtime',
  'cni',
  'csi',
  'device-plugin',
  'dra-driver',
];
const ORPHAN_WEBHOOK = 'vault-agent-injector-cfg';

let passed = 0;
let failed = 0;
function check(ok, what, detail = '') {
  if (ok) passed++;
  else failed++;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${what}${!ok && detail ? ` - ${detail}` : ''}`,
  );
  return ok;
}

async function loadYaml(file) {
  return parseDump(await readFile(file, 'utf8'));
}

/** { cluster -> [{ file, shape, objects }] } for a clusters folder. */
async function loadClusters(dir) {
  const clusters = {};
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // prepare-demo's earlier readings (history/<span>/<cluster>) are checked apart
    if (!entry.isDirectory() || entry.name === 'history') continue;
    const files = [];
    for (const file of (await readdir(path.join(dir, entry.name))).sort()) {
      const full = path.join(dir, entry.name, file);
      if (file.endsWith('.json')) {
        files.push({
          file,
          shape: 'json',
          json: JSON.parse(await readFile(full, 'utf8')),
          objects: [],
        });
      } else if (/\.ya?ml$/.test(file)) {
        try {
          const { shape, docs } = await loadYaml(full);
          files.push({ file, shape, docs, objects: objectsOf(docs) });
        } catch (e) {
          check(false, `${entry.name}/${file} parses`, e.message);
        }
      }
    }
    clusters[entry.name] = files;
  }
  return clusters;
}

function caBundles(obj) {
  const out = [];
  for (const w of obj.webhooks ?? [])
    if (w.clientConfig?.caBundle) out.push(w.clientConfig.caBundle);
  if (obj.kind === 'APIService' && obj.spec?.caBundle)
    out.push(obj.spec.caBundle);
  const conv = obj.spec?.conversion?.webhook?.clientConfig?.caBundle;
  if (obj.kind === 'CustomResourceDefinition' && conv) out.push(conv);
  return out;
}

function certsIn(caBundle) {
  const pem = Buffer.from(caBundle, 'base64').toString('utf8');
  const blocks =
    pem.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g,
    ) ?? [];
  return blocks.map(b => new X509Certificate(b));
}

function checkClusterFiles(label, clusters) {
  const shapes = new Set();
  for (const [cluster, files] of Object.entries(clusters)) {
    const version = files.find(f => f.file === 'version.json');
    check(
      Boolean(
        version?.json?.clientVersion &&
          version.json.serverVersion?.gitVersion &&
          version.json.kustomizeVersion,
      ),
      `${label}/${cluster}/version.json has clientVersion, kustomizeVersion and serverVersion`,
    );
    const bad = [];
    let count = 0;
    for (const f of files) {
      if (f.shape === 'json') continue;
      shapes.add(f.shape);
      if (f.shape === 'list') {
        const list = f.docs[0];
        if (
          list.apiVersion !== 'v1' ||
          list.kind !== 'List' ||
          list.metadata?.resourceVersion !== ''
        )
          bad.push(`${f.file}: List wrapper`);
      }
      for (const o of f.objects) {
        count++;
        if (!o?.apiVersion || !o?.kind || !o?.metadata?.name)
          bad.push(`${f.file}: ${o?.kind ?? '?'} ${o?.metadata?.name ?? '?'}`);
      }
    }
    check(
      bad.length === 0,
      `${label}/${cluster}: all ${count} objects have apiVersion, kind and metadata.name`,
      bad.slice(0, 5).join(', '),
    );
    const secrets = files
      .flatMap(f => f.objects)
      .filter(o => o.kind === 'Secret');
    check(
      secrets.length === 0,
      `${label}/${cluster}: no Secret objects`,
      secrets.map(s => s.metadata.name).join(', '),
    );
    const badCa = [];
    let bundles = 0;
    for (const o of files.flatMap(f => f.objects)) {
      for (const b of caBundles(o)) {
        bundles++;
        try {
          if (certsIn(b).length === 0)
            badCa.push(`${o.kind} ${o.metadata.name}: no PEM certificate`);
        } catch (e) {
          badCa.push(`${o.kind} ${o.metadata.name}: ${e.message}`);
        }
      }
    }
    check(
      bundles > 0 && badCa.length === 0,
      `${label}/${cluster}: all ${bundles} caBundles decode to parseable PEM certificates`,
      badCa.join('; '),
    );
  }
  check(
    ['list', 'object', 'multi'].every(s => shapes.has(s)),
    `${label}: files cover all three shapes (List, single object, multi-document)`,
    [...shapes].join(','),
  );
}

async function main() {
  // ---------------- catalog
  const org = objectsOf((await loadYaml(path.join(EXAMPLES, 'org.yaml'))).docs);
  const entities = objectsOf(
    (await loadYaml(path.join(EXAMPLES, 'entities.yaml'))).docs,
  );
  const all = [...org, ...entities];
  check(
    all.every(e => e.apiVersion && e.kind && e.metadata?.name),
    'catalog entities have apiVersion, kind and metadata.name',
  );
  const groups = new Set(
    org
      .filter(e => e.kind === 'Group')
      .map(e => `group:default/${e.metadata.name}`),
  );
  const users = new Set(
    org.filter(e => e.kind === 'User').map(e => e.metadata.name),
  );
  check(
    groups.size >= 4 && users.size >= 8,
    `org has ${groups.size} groups and ${users.size} users`,
  );
  const memberOfOk = org
    .filter(e => e.kind === 'User')
    .every(u =>
      (u.spec?.memberOf ?? []).every(g => groups.has(`group:default/${g}`)),
    );
  check(memberOfOk, 'every User.spec.memberOf names an existing Group');
  const security = org.find(e => e.metadata.name === 'team-security');
  check(
    security &&
      !security.spec?.profile?.email &&
      !security.metadata.links?.length &&
      !Object.keys(security.metadata.annotations ?? {}).length,
    'team-security has no contact of any kind',
  );
  const components = entities.filter(e => e.kind === 'Component');
  const refsOk = [];
  for (const c of components) {
    const ext = c.spec?.extension ?? {};
    if (!groups.has(c.spec?.owner))
      refsOk.push(`${c.metadata.name}: owner ${c.spec?.owner}`);
    if (!KINDS.includes(ext.kind))
      refsOk.push(`${c.metadata.name}: extension.kind ${ext.kind}`);
    for (const [role, ref] of Object.entries(ext.responsibilities ?? {}))
      if (!groups.has(ref)) refsOk.push(`${c.metadata.name}: ${role} ${ref}`);
    if (!c.metadata.annotations?.[K8S_ID])
      refsOk.push(`${c.metadata.name}: no ${K8S_ID}`);
  }
  check(
    refsOk.length === 0,
    `all ${components.length} Components: owner/responsibility refs resolve, kind is known, ${K8S_ID} set`,
    refsOk.join('; '),
  );
  const kinds = new Set(components.map(c => c.spec.extension.kind));
  check(
    KINDS.every(k => kinds.has(k)),
    'Components cover all 10 extension kinds',
    KINDS.filter(k => !kinds.has(k)).join(', '),
  );

  // ---------------- cluster dumps as committed
  const srcDir = path.join(EXAMPLES, 'clusters');
  const clusters = await loadClusters(srcDir);
  check(
    Object.keys(clusters).length >= 2,
    `dumps for ${Object.keys(clusters).join(', ')}`,
  );
  checkClusterFiles('clusters', clusters);

  const labelled = new Map();
  for (const [cluster, files] of Object.entries(clusters)) {
    for (const o of files.flatMap(f => f.objects)) {
      const id = o.metadata?.labels?.[K8S_ID];
      if (id)
        labelled.set(id, [
          ...(labelled.get(id) ?? []),
          `${cluster}:${o.kind}/${o.metadata.name}`,
        ]);
    }
  }
  for (const c of components) {
    const id = c.metadata.annotations[K8S_ID];
    const found = labelled.get(id) ?? [];
    check(
      found.length > 0,
      `component ${c.metadata.name}: ${found.length} labelled objects in the dumps`,
    );
  }
  const ids = new Set(components.map(c => c.metadata.annotations[K8S_ID]));
  const dangling = [...labelled.keys()].filter(id => !ids.has(id));
  check(
    dangling.length === 0,
    'every backstage.io/kubernetes-id label in the dumps belongs to a Component',
    dangling.join(', '),
  );
  const orphan = Object.values(clusters)
    .flatMap(files => files.flatMap(f => f.objects))
    .filter(o => o.metadata?.name === ORPHAN_WEBHOOK);
  check(
    orphan.length > 0 && orphan.every(o => !o.metadata.labels?.[K8S_ID]),
    `orphan ${ORPHAN_WEBHOOK} is present and unlabelled`,
  );

  // ---------------- prepare-demo output
  const now = new Date();
  const out = await mkdtemp(path.join(tmpdir(), 'extension-scorecard-demo-'));
  try {
    const started = Date.now();
    await prepareDemo({ srcDir, outDir: out, now });
    const elapsed = Date.now() - started;
    check(elapsed < 15000, `prepare-demo ran in ${elapsed} ms`);
    const prepared = await loadClusters(out);
    checkClusterFiles('prepared', prepared);
    const history = parse(
      await readFile(path.join(out, 'history.yaml'), 'utf8'),
    );
    const spec = parse(
      await readFile(path.join(EXAMPLES, 'history.yaml'), 'utf8'),
    );
    check(
      history.length === spec.readings.length &&
        history.every(
          r =>
            Date.parse(r.takenAt) < now.getTime() &&
            r.dumps.map(d => d.name).join() === Object.keys(prepared).join(),
        ),
      `history.yaml lists ${spec.readings.length} readings of every cluster, all in the past`,
    );
    for (const reading of history) {
      const clusters = await loadClusters(
        path.join(out, path.dirname(reading.dumps[0].directory)),
      );
      checkClusterFiles(`history ${reading.takenAt}`, clusters);
    }
    const problems = [];
    let seen = 0;
    for (const [cluster, files] of Object.entries(prepared)) {
      for (const o of files.flatMap(f => f.objects)) {
        const ann = o.metadata?.annotations ?? {};
        const where = `${cluster}:${o.kind}/${o.metadata.name}`;
        if (ann[ANNOTATION_CA]) {
          seen++;
          const want = caWindow(ann[ANNOTATION_CA], now);
          for (const b of caBundles(o)) {
            const cert = certsIn(b)[0];
            const notAfter = new Date(cert.validTo).getTime();
            if (Math.abs(notAfter - want.notAfter.getTime()) > 60_000)
              problems.push(`${where}: notAfter ${cert.validTo}`);
          }
        }
        if (ann[ANNOTATION_NOT_AFTER] && o.kind === 'Certificate') {
          seen++;
          const want = relativeTime(ann[ANNOTATION_NOT_AFTER], now).getTime();
          if (Math.abs(Date.parse(o.status?.notAfter) - want) > 60_000)
            problems.push(`${where}: status.notAfter ${o.status?.notAfter}`);
          const ready = o.status?.conditions?.find(c => c.type === 'Ready');
          if (want <= now.getTime() && ready?.status !== 'False')
            problems.push(`${where}: expired but Ready=${ready?.status}`);
        }
        if (ann[ANNOTATION_TIME_SHIFT]) {
          seen++;
          if (Date.parse(o.metadata.creationTimestamp) > now.getTime())
            problems.push(`${where}: creationTimestamp in the future`);
        }
      }
    }
    check(
      seen > 0 && problems.length === 0,
      `prepare-demo: ${seen} annotated objects match their annotations`,
      problems.join('; '),
    );
    const again = await mkdtemp(
      path.join(tmpdir(), 'extension-scorecard-demo-'),
    );
    try {
      await prepareDemo({ srcDir, outDir: again, now });
      await prepareDemo({ srcDir, outDir: again, now });
      const twice = await loadClusters(again);
      check(
        JSON.stringify(
          Object.keys(twice).map(c => twice[c].map(f => f.file)),
        ) ===
          JSON.stringify(
            Object.keys(prepared).map(c => prepared[c].map(f => f.file)),
          ),
        'prepare-demo is idempotent (same files after running twice)',
      );
    } finally {
      await rm(again, { recursive: true, force: true });
    }
  } finally {
    await rm(out, { recursive: true, force: true });
  }

  console.log(`${passed} passed, ${failed} failed`);
  if (failed) process.exitCode = 1;
}

main().catch(err => {
  console.error(err);
  process.exitCode = 1;
});
