/**
 * A small pool of real X.509 CA certificates for caBundles, generated once per run and
 * shared by every webhook, APIService and conversion webhook of the fleet. Their
 * validity ends are spread relative to `now` (expired, days left, years left) so the
 * certificate checks have every outcome to find.
 */
import { createPrivateKey, webcrypto } from 'node:crypto';

/** One certificate of the pool. */
export interface PoolCertificate {
  /** PEM text. */
  pem: string;
  /** Base64 of the PEM, as a caBundle field holds it. */
  caBundle: string;
  /** ISO time the certificate expires. */
  notAfter: string;
  /** Days from `now` to notAfter (negative: expired). */
  daysLeft: number;
  algorithm: 'ECDSA-P256' | 'RSA-2048';
}

/** Validity ends (days from now) of the default pool: mostly healthy, some expiring or expired. */
export const DEFAULT_VALIDITY_DAYS = [
  -12, 4, 18, 45, 120, 240, 365, 400, 730, 1095, 1825, 3650,
];

function loadX509() {
  // @peculiar/x509 needs the Reflect metadata polyfill before it loads.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  require('reflect-metadata');
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const x509: typeof import('@peculiar/x509') = require('@peculiar/x509');
  const crypto = webcrypto as unknown as Crypto;
  x509.cryptoProvider.set(crypto);
  return { x509, crypto };
}

/** Generates the pool: one certificate per validity, alternating ECDSA and RSA keys. */
export async function createCertificatePool(options: {
  now: Date;
  validityDays?: readonly number[];
}): Promise<PoolCertificate[]> {
  const { x509, crypto } = loadX509();

  const days = options.validityDays ?? DEFAULT_VALIDITY_DAYS;
  const now = options.now.getTime();
  const pool: PoolCertificate[] = [];
  for (let i = 0; i < days.length; i++) {
    const rsa = i % 2 === 1;
    const alg = rsa
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          hash: 'SHA-256',
          publicExponent: new Uint8Array([1, 0, 1]),
          modulusLength: 2048,
        }
      : { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
    const keys = await crypto.subtle.generateKey(alg, false, [
      'sign',
      'verify',
    ]);
    const notAfter = new Date(now + days[i] * 86_400_000);
    const notBefore = new Date(
      Math.min(now, notAfter.getTime()) - 400 * 86_400_000,
    );
    const cert = await x509.X509CertificateGenerator.createSelfSigned({
      serialNumber: (0x1000 + i).toString(16),
      name: `CN=fleet-extension-ca-${i},O=Fleet Benchmark`,
      notBefore,
      notAfter,
      keys,
      signingAlgorithm: alg,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(
          x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign,
          true,
        ),
      ],
    });
    const pem = cert.toString('pem');
    pool.push({
      pem,
      caBundle: Buffer.from(`${pem}\n`).toString('base64'),
      notAfter: notAfter.toISOString(),
      daysLeft: days[i],
      algorithm: rsa ? 'RSA-2048' : 'ECDSA-P256',
    });
  }
  return pool;
}

/** A serving certificate and key for 127.0.0.1 (the stand-in API servers' HTTPS). */
export async function createServingCertificate(): Promise<{
  key: string;
  cert: string;
  caData: string;
}> {
  const { x509, crypto } = loadX509();
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = await crypto.subtle.generateKey(alg, true, ['sign', 'verify']);
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: now.toString(16),
    name: 'CN=fleet-stand-in-kube-apiserver',
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 86_400_000),
    keys,
    signingAlgorithm: alg,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
    ],
  });
  const pkcs8 = Buffer.from(
    await crypto.subtle.exportKey('pkcs8', keys.privateKey),
  );
  const key = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' })
    .export({ format: 'pem', type: 'pkcs8' })
    .toString();
  const pem = cert.toString('pem');
  return { key, cert: pem, caData: Buffer.from(pem).toString('base64') };
}
