/** Real X.509 CA certificates for tests (ECDSA P-256), as caBundles carry them: base64 of PEM. */
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { webcrypto } from 'node:crypto';

x509.cryptoProvider.set(webcrypto as any);

const DAY = 24 * 60 * 60 * 1000;

export async function pemCertificate(
  subject: string,
  notAfter: Date,
): Promise<string> {
  const alg = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
  const keys = (await webcrypto.subtle.generateKey(alg, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: subject,
    notBefore: new Date(notAfter.getTime() - 400 * DAY),
    notAfter,
    signingAlgorithm: alg,
    keys,
    extensions: [new x509.BasicConstraintsExtension(true, undefined, true)],
  });
  return cert.toString('pem');
}

/** A caBundle (base64 of PEM) holding one CA per entry, each expiring `daysFromNow` days after `now`. */
export async function caBundle(
  now: Date,
  ...certs: Array<{ subject: string; daysFromNow: number }>
): Promise<string> {
  const pems = await Promise.all(
    certs.map(c =>
      pemCertificate(c.subject, new Date(now.getTime() + c.daysFromNow * DAY)),
    ),
  );
  return Buffer.from(`${pems.join('\n')}\n`).toString('base64');
}

export function daysFrom(now: Date, days: number): string {
  return new Date(now.getTime() + days * DAY).toISOString();
}
