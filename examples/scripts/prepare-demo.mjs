#!/usr/bin/env node
// Prepare the demo cluster dumps: copy examples/clusters/* to an output folder
// and make every certificate-related value relative to "now", so that the
// expiry checks find the same flaws whatever day the demo runs.
//
//   node examples/scripts/prepare-demo.mjs [outDir]      (default: <repo>/.demo/clusters)
//
// Annotations it acts on (see examples/README.md):
//   demo.extension-scorecard.io/ca-validity  on webhook configurations, APIServices, CRDs
//       "expires-in:5d"   CA valid until now+5d (issued 365 days before that)
//       "valid-for:365d"  CA issued yesterday, valid until now+365d
//       "expired:30d-ago" CA expired now-30d (issued 365 days before that)
//       optional ",lifetime:90d" sets the total validity (default 365d), e.g.
//       "expires-in:20d,lifetime:90d" for a 90-day certificate with 20 days left
//     -> a fresh self-signed EC P-256 CA is written, base64 PEM, into every caBundle
//        of the object (webhooks[].clientConfig.caBundle, APIService spec.caBundle,
//        CRD spec.conversion.webhook.clientConfig.caBundle).
//   demo.extension-scorecard.io/not-after    on cert-manager Certificates
//       "in:61d" | "ago:30d"  -> status.notAfter, notBefore (notAfter - spec.duration),
//        renewalTime (notAfter - spec.renewBefore), and the Ready/Issuing condition
//        times and messages follow.
//   demo.extension-scorecard.io/time-shift   on experiment records (Chaos Mesh, LitmusChaos)
//       "ago:12d" -> every timestamp in the object moves by the same amount so that the
//        newest one lands 12 days before now.
// Files without such objects are copied byte for byte. Running it again simply
// rewrites the output.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';
import {
  mkdir,
  readdir,
  readFile,
  rm,
  writeFile,
  copyFile,
  stat,
} from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { parseDump, objectsOf, formatDump, isList } from './lib/kube-yaml.mjs';

x509.cryptoProvider.set(webcrypto);

export const ANNOTATION_CA = 'demo.extension-scorecard.io/ca-validity';
export const ANNOTATION_NOT_AFTER = 'demo.extension-scorecard.io/not-after';
export const ANNOTATION_TIME_SHIFT = 'demo.extension-scorecard.io/time-shift';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(HERE, '..', '..');
const DAY = 86_400_000;
const UNIT = { s: 1000, m: 60_000, h: 3_600_000, d: DAY, w: 7 * DAY };

function parseSpan(text) {
  const m = /^(\d+)([smhdw])$/.exec(text.trim());
  if (!m)
    throw new Error(`cannot read duration "${text}" (expected e.g. 5d, 12h)`);
  return Number(m[1]) * UNIT[m[2]];
}

/**
 * CA validity window for a ca-validity annotation value: one of
 * "expires-in:<span>", "valid-for:<span>", "expired:<span>-ago", optionally
 * followed by ",lifetime:<span>" (total validity, default 365d).
 */
export function caWindow(value, now) {
  const t = now.getTime();
  const [what, ...options] = value.split(',').map(p => p.trim());
  let lifetime = 365 * DAY;
  for (const o of options) {
    const lm = /^lifetime:(\w+)$/.exec(o);
    if (!lm)
      throw new Error(`unknown ${ANNOTATION_CA} option "${o}" in "${value}"`);
    lifetime = parseSpan(lm[1]);
  }
  let m;
  if ((m = /^expires-in:(\w+)$/.exec(what))) {
    const notAfter = t + parseSpan(m[1]);
    return {
      notBefore: new Date(notAfter - lifetime),
      notAfter: new Date(notAfter),
    };
  }
  if ((m = /^valid-for:(\w+)$/.exec(what))) {
    const notAfter = t + parseSpan(m[1]);
    const notBefore = options.length ? notAfter - lifetime : t - DAY;
    return { notBefore: new Date(notBefore), notAfter: new Date(notAfter) };
  }
  if ((m = /^expired:(\w+)-ago$/.exec(what))) {
    const notAfter = t - parseSpan(m[1]);
    return {
      notBefore: new Date(notAfter - lifetime),
      notAfter: new Date(notAfter),
    };
  }
  throw new Error(`unknown ${ANNOTATION_CA} value "${value}"`);
}

/** A point in time for "in:5d" / "ago:30d". */
export function relativeTime(value, now) {
  const m = /^(in|ago):(\w+)$/.exec(value.trim());
  if (!m)
    throw new Error(
      `cannot read relative time "${value}" (expected in:5d or ago:30d)`,
    );
  const span = parseSpan(m[2]);
  return new Date(now.getTime() + (m[1] === 'in' ? span : -span));
}

function rfc3339(d) {
  return new Date(Math.floor(d.getTime() / 1000) * 1000)
    .toISOString()
    .replace('.000Z', 'Z');
}

function rfc1123(d) {
  return new Date(Math.floor(d.getTime() / 1000) * 1000)
    .toUTCString()
    .replace('GMT', 'UTC');
}

/** Go duration ("2160h0m0s", "720h") in milliseconds. */
function goDuration(text, fallback) {
  if (!text) return fallback;
  let ms = 0;
  const re = /(\d+(?:\.\d+)?)(h|m|s|ms)/g;
  let m;
  let matched = false;
  while ((m = re.exec(text))) {
    matched = true;
    ms += Number(m[1]) * { h: 3_600_000, m: 60_000, s: 1000, ms: 1 }[m[2]];
  }
  return matched ? ms : fallback;
}

async function generateCa(subject, { notBefore, notAfter }) {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await webcrypto.subtle.generateKey(alg, true, [
    'sign',
    'verify',
  ]);
  const serial = Buffer.from(webcrypto.getRandomValues(new Uint8Array(8)));
  serial[0] &= 0x7f;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial.toString('hex'),
    name: subject,
    notBefore,
    notAfter,
    signingAlgorithm: alg,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign |
          x509.KeyUsageFlags.cRLSign |
          x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return Buffer.from(`${cert.toString('pem')}\n`).toString('base64');
}

function subjectOf(caBundle, fallback) {
  try {
    const pem = Buffer.from(caBundle, 'base64').toString('utf8');
    const first = pem.match(
      /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/,
    );
    if (first) return new x509.X509Certificate(first[0]).subject || fallback;
  } catch {
    // fall through
  }
  return fallback;
}

/** Where an object keeps its CA bundle(s): [{ holder, key }] to read and write. */
function caBundleSlots(obj) {
  const slots = [];
  if (Array.isArray(obj.webhooks)) {
    for (const w of obj.webhooks) {
      w.clientConfig ??= {};
      slots.push({ holder: w.clientConfig, key: 'caBundle' });
    }
  } else if (obj.kind === 'APIService' && obj.spec) {
    slots.push({ holder: obj.spec, key: 'caBundle' });
  } else if (
    obj.kind === 'CustomResourceDefinition' &&
    obj.spec?.conversion?.webhook
  ) {
    const webhook = obj.spec.conversion.webhook;
    webhook.clientConfig ??= {};
    slots.push({ holder: webhook.clientConfig, key: 'caBundle' });
  }
  return slots;
}

async function applyCaValidity(obj, value, now) {
  const slots = caBundleSlots(obj);
  if (!slots.length)
    throw new Error(
      `${obj.kind} ${obj.metadata.name}: no caBundle field to write`,
    );
  const existing = slots.find(s => s.holder[s.key])?.holder.caBundle;
  const subject = subjectOf(existing, `CN=${obj.metadata.name}-ca`);
  const bundle = await generateCa(subject, caWindow(value, now));
  for (const s of slots) s.holder[s.key] = bundle;
}

function applyNotAfter(cert, value, now) {
  const status = (cert.status ??= {});
  const spec = cert.spec ?? {};
  const duration = goDuration(spec.duration, 90 * DAY);
  const renewBefore = goDuration(spec.renewBefore, duration / 3);
  const notAfter = relativeTime(value, now);
  const notBefore = new Date(notAfter.getTime() - duration);
  const renewalTime = new Date(notAfter.getTime() - renewBefore);
  status.notAfter = rfc3339(notAfter);
  status.notBefore = rfc3339(notBefore);
  status.renewalTime = rfc3339(renewalTime);
  if (status.lastFailureTime)
    status.lastFailureTime = rfc3339(new Date(now.getTime() - 2 * UNIT.h));
  for (const c of status.conditions ?? []) {
    if (c.type === 'Ready') {
      if (notAfter <= now) {
        c.status = 'False';
        c.reason = 'Expired';
        c.message = `Certificate expired on ${rfc1123(notAfter)}`;
        c.lastTransitionTime = rfc3339(notAfter);
      } else {
        c.lastTransitionTime = rfc3339(notBefore);
      }
    } else if (c.type === 'Issuing' && c.reason === 'Failed') {
      c.lastTransitionTime = rfc3339(renewalTime < now ? renewalTime : now);
    }
  }
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function walkStrings(value, visit, skip) {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      if (typeof v === 'string') value[i] = visit(v);
      else walkStrings(v, visit, skip);
    });
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (skip(value, k)) continue;
      if (typeof v === 'string') value[k] = visit(v);
      else walkStrings(v, visit, skip);
    }
  }
}

function applyTimeShift(obj, value, now) {
  const target = relativeTime(value, now).getTime();
  const skip = (_holder, key) => key === 'annotations';
  let newest = -Infinity;
  walkStrings(
    structuredClone(obj),
    s => {
      if (TIMESTAMP.test(s)) newest = Math.max(newest, Date.parse(s));
      return s;
    },
    skip,
  );
  if (newest === -Infinity) return;
  const delta = target - newest;
  walkStrings(
    obj,
    s => (TIMESTAMP.test(s) ? rfc3339(new Date(Date.parse(s) + delta)) : s),
    skip,
  );
}

/** Rewrite one object in place; returns true when it changed. */
export async function prepareObject(obj, now) {
  const ann = obj?.metadata?.annotations ?? {};
  let changed = false;
  if (ann[ANNOTATION_CA]) {
    await applyCaValidity(obj, ann[ANNOTATION_CA], now);
    changed = true;
  }
  if (ann[ANNOTATION_NOT_AFTER] && obj.kind === 'Certificate') {
    applyNotAfter(obj, ann[ANNOTATION_NOT_AFTER], now);
    changed = true;
  }
  if (ann[ANNOTATION_TIME_SHIFT]) {
    applyTimeShift(obj, ann[ANNOTATION_TIME_SHIFT], now);
    changed = true;
  }
  return changed;
}

async function prepareFile(src, dest, now) {
  if (!/\.ya?ml$/i.test(src)) {
    await copyFile(src, dest);
    return 0;
  }
  const text = await readFile(src, 'utf8');
  // no demo annotation: nothing to rewrite (parsing YAML is most of the time)
  if (!text.includes('demo.extension-scorecard.io/')) {
    await copyFile(src, dest);
    return 0;
  }
  const { shape, docs } = parseDump(text);
  let changed = 0;
  for (const obj of objectsOf(docs)) {
    try {
      if (await prepareObject(obj, now)) changed++;
    } catch (e) {
      throw new Error(`${src}: ${e.message}`);
    }
  }
  if (changed) await writeFile(dest, formatDump(shape, docs));
  else await copyFile(src, dest);
  return changed;
}

/**
 * Copy every cluster folder of srcDir into outDir, rewriting the annotated objects
 * relative to `now`. Returns a summary per cluster.
 */
async function prepareClusters({ srcDir, outDir, now }) {
  const summary = [];
  const entries = await readdir(srcDir, { withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const from = path.join(srcDir, entry.name);
    const to = path.join(outDir, entry.name);
    await rm(to, { recursive: true, force: true });
    await mkdir(to, { recursive: true });
    let files = 0;
    let rewritten = 0;
    for (const file of (await readdir(from)).sort()) {
      if (!(await stat(path.join(from, file))).isFile()) continue;
      rewritten += await prepareFile(
        path.join(from, file),
        path.join(to, file),
        now,
      );
      files++;
    }
    summary.push({
      cluster: entry.name,
      directory: to,
      files,
      rewrittenObjects: rewritten,
    });
  }
  return summary;
}

/**
 * Copy every cluster folder of srcDir into outDir, rewriting the annotated
 * objects relative to `now`; write the demo's campaigns and its history (earlier
 * readings, see examples/history.yaml) beside them. Returns a summary per cluster.
 */
export async function prepareDemo({
  srcDir = path.join(REPO_ROOT, 'examples', 'clusters'),
  outDir = path.join(REPO_ROOT, '.demo', 'clusters'),
  now = new Date(),
} = {}) {
  const when = now instanceof Date ? now : new Date(now);
  const summary = await prepareClusters({ srcDir, outDir, now: when });
  await prepareCampaigns({
    src: path.join(srcDir, '..', 'campaigns.yaml'),
    dest: path.join(outDir, 'campaigns.yaml'),
    now: when,
  });
  await prepareHistory({
    src: path.join(srcDir, '..', 'history.yaml'),
    srcDir,
    outDir,
    now: when,
  });
  return summary;
}

/** `spec.replicas` / `webhooks.0.failurePolicy` set to `value` in `obj`. */
function setPath(obj, dotted, value, where) {
  const parts = dotted.split('.');
  let at = obj;
  for (const part of parts.slice(0, -1)) {
    at = at?.[/^\d+$/.test(part) ? Number(part) : part];
    if (at === null || typeof at !== 'object')
      throw new Error(`${where}: ${dotted} does not exist`);
  }
  const last = parts[parts.length - 1];
  at[/^\d+$/.test(last) ? Number(last) : last] = value;
}

function matches(obj, ref) {
  return (
    obj?.kind === ref.kind &&
    obj?.metadata?.name === ref.name &&
    (obj?.metadata?.namespace ?? undefined) === (ref.namespace ?? undefined)
  );
}

/** Undo one fix in a prepared cluster folder: the object as it was before. */
async function undoFix(clusterDir, fix, where) {
  for (const file of (await readdir(clusterDir)).sort()) {
    if (!/\.ya?ml$/i.test(file)) continue;
    const full = path.join(clusterDir, file);
    const text = await readFile(full, 'utf8');
    if (!text.includes(fix.object.name)) continue;
    const { shape, docs } = parseDump(text);
    const lists = docs.filter(isList);
    const owner = lists.find(l => l.items.some(o => matches(o, fix.object)));
    const single = docs.findIndex(d => matches(d, fix.object));
    if (!owner && single === -1) continue;
    if (fix.before === 'absent') {
      if (owner) owner.items = owner.items.filter(o => !matches(o, fix.object));
      else docs.splice(single, 1);
    } else {
      const obj = owner
        ? owner.items.find(o => matches(o, fix.object))
        : docs[single];
      for (const [dotted, value] of Object.entries(fix.before)) {
        setPath(obj, dotted, value, where);
      }
    }
    await writeFile(full, formatDump(shape, docs));
    return;
  }
  throw new Error(`${where}: ${JSON.stringify(fix.object)} not found`);
}

/**
 * The demo's earlier readings (examples/history.yaml): each span's clusters prepared
 * as of that day with the fixes made since undone, in <outDir>/history/<span>, and
 * <outDir>/history.yaml listing them with their times, for
 * extensionScorecard.history.importFiles.
 */
export async function prepareHistory({ src, srcDir, outDir, now }) {
  const spec = parse(await readFile(src, 'utf8'));
  const historyDir = path.join(outDir, 'history');
  await rm(historyDir, { recursive: true, force: true });
  // the readings side by side: certificate generation waits on the thread pool
  const readings = await Promise.all(
    spec.readings.map(async span => {
      const at = new Date(now.getTime() - parseSpan(span));
      const dir = path.join(historyDir, span);
      const clusters = await prepareClusters({ srcDir, outDir: dir, now: at });
      for (const [i, fix] of spec.fixes.entries()) {
        // made after this reading: undone in it
        if (parseSpan(fix.fixed) >= parseSpan(span)) continue;
        for (const { cluster, directory } of clusters) {
          if (fix.cluster && fix.cluster !== cluster) continue;
          await undoFix(directory, fix, `${src} fixes[${i}] (${cluster})`);
        }
      }
      return {
        takenAt: at.toISOString(),
        dumps: clusters.map(c => ({
          name: c.cluster,
          directory: path.relative(outDir, c.directory),
        })),
      };
    }),
  );
  await writeFile(
    path.join(outDir, 'history.yaml'),
    `# Written by examples/scripts/prepare-demo.mjs from examples/history.yaml\n${stringify(
      readings,
      { lineWidth: 0 },
    )}`,
  );
}

/** "in:21d" / "ago:7d" → that day at midnight UTC, as RFC 3339. */
function campaignDate(value, now) {
  const at = relativeTime(value, now);
  at.setUTCHours(0, 0, 0, 0);
  return at.toISOString();
}

/**
 * The demo campaigns (examples/campaigns.yaml) with their dates relative to `now`:
 * startsAt, deadline and enforceFrom written as "in:<span>" or "ago:<span>".
 */
export async function prepareCampaigns({ src, dest, now }) {
  const campaigns = parse(await readFile(src, 'utf8'));
  for (const campaign of campaigns) {
    for (const field of ['startsAt', 'deadline', 'enforceFrom']) {
      if (typeof campaign[field] === 'string') {
        campaign[field] = campaignDate(campaign[field], now);
      }
    }
  }
  await mkdir(path.dirname(dest), { recursive: true });
  await writeFile(
    dest,
    `# Written by examples/scripts/prepare-demo.mjs from examples/campaigns.yaml\n${stringify(
      campaigns,
      { lineWidth: 0 },
    )}`,
  );
}

if (
  process.argv[1] &&
  path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)
) {
  const outArg = process.argv[2];
  const outDir = outArg ? path.resolve(process.cwd(), outArg) : undefined;
  const started = Date.now();
  prepareDemo({ outDir })
    .then(summary => {
      for (const s of summary) {
        console.log(
          `${s.cluster}: ${s.files} files, ${
            s.rewrittenObjects
          } objects rewritten -> ${
            path.relative(process.cwd(), s.directory) || '.'
          }`,
        );
      }
      console.log(`prepared in ${Date.now() - started} ms`);
    })
    .catch(err => {
      console.error(`prepare-demo: ${err.message}`);
      process.exitCode = 1;
    });
}
