import { caBundle } from '../__testUtils__/certificates';
import { NOW } from '../__testUtils__/components';
import {
  certManagerCertificate,
  crd,
  crdControllerFixture,
  run,
  type Fixture,
} from '../__testUtils__/fixtures';
import { FORBIDDEN } from '../__testUtils__/kube';

function withConversion(
  f: Fixture,
  clientConfig: Record<string, unknown>,
  annotations?: Record<string, string>,
) {
  const tenant = crd('tenants.platform.example.com', {
    versions: ['v1alpha1', 'v1beta1'],
    conversion: {
      strategy: 'Webhook',
      webhook: {
        conversionReviewVersions: ['v1'],
        clientConfig: {
          service: {
            name: 'tenant-operator-webhook',
            namespace: 'tenant-operator-system',
            path: '/convert',
            port: 443,
          },
          ...clientConfig,
        },
      },
    },
  });
  if (annotations) tenant.metadata.annotations = annotations;
  f.objects.customResourceDefinitions.push(tenant);
  return tenant;
}

describe('CRD checks', () => {
  describe('crd.established', () => {
    it('passes when Established and NamesAccepted are True', () => {
      expect(run(crdControllerFixture(), 'crd.established')).toMatchObject({
        status: 'pass',
        message: '2 CRD(s) Established and NamesAccepted',
      });
    });
    it('fails when a condition is not True', () => {
      const f = crdControllerFixture();
      f.objects.customResourceDefinitions[1] = crd('issuers.cert-manager.io', {
        conditions: { Established: 'False', NamesAccepted: 'False' },
      });
      expect(run(f, 'crd.established')).toMatchObject({
        status: 'fail',
        message:
          'issuers.cert-manager.io Established=False NamesAccepted=False',
      });
      f.objects.customResourceDefinitions[1].status = {};
      expect(run(f, 'crd.established').message).toBe(
        'issuers.cert-manager.io Established=not reported NamesAccepted=not reported',
      );
    });
    it('does not apply without CRDs', () => {
      const f = crdControllerFixture();
      f.objects.customResourceDefinitions = [];
      expect(run(f, 'crd.established').status).toBe('not-applicable');
    });
  });

  describe('crd.conversion', () => {
    let good: string;
    let expiring: string;
    beforeAll(async () => {
      good = await caBundle(NOW, { subject: 'CN=tenant-ca', daysFromNow: 200 });
      expiring = await caBundle(NOW, {
        subject: 'CN=tenant-ca',
        daysFromNow: 3,
      });
    });

    it('passes single-version CRDs without conversion', () => {
      expect(run(crdControllerFixture(), 'crd.conversion')).toMatchObject({
        status: 'pass',
        message:
          'certificates.cert-manager.io serves v1; issuers.cert-manager.io serves v1',
      });
    });
    it('warns for several served versions with strategy None', () => {
      const f = crdControllerFixture();
      f.objects.customResourceDefinitions[0] = crd(
        'certificates.cert-manager.io',
        { versions: ['v1alpha2', 'v1'] },
      );
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'warn',
        message:
          'certificates.cert-manager.io serves v1alpha2, v1 with conversion strategy None',
      });
    });
    it('passes a conversion webhook whose certificates are fine', () => {
      const f = crdControllerFixture();
      withConversion(f, { caBundle: good });
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'tenants.platform.example.com converts v1alpha1, v1beta1 by webhook',
        ),
      });
    });
    it('needs the Certificates for a conversion webhook (unknown, unless a fail is proven)', () => {
      const f = crdControllerFixture();
      withConversion(f, { caBundle: good });
      f.cluster.reads.certificates = FORBIDDEN;
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'conversion webhook certificates: reading certificates in cluster prod-eu was forbidden',
        ),
      });
      const g = crdControllerFixture();
      withConversion(g, {});
      g.cluster.reads.certificates = FORBIDDEN;
      expect(run(g, 'crd.conversion').status).toBe('fail');
      // CRDs without a conversion webhook do not need them
      const h = crdControllerFixture();
      h.cluster.reads.certificates = FORBIDDEN;
      expect(run(h, 'crd.conversion').status).toBe('pass');
    });
    it('fails a conversion webhook with no caBundle and no injection', () => {
      const f = crdControllerFixture();
      withConversion(f, {});
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'fail',
        message:
          'tenants.platform.example.com conversion webhook has an empty caBundle and no CA injection annotation',
      });
    });
    it('fails when its CA expires within failDays, warns within warnDays', async () => {
      const f = crdControllerFixture();
      withConversion(f, { caBundle: expiring });
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('expires'),
      });
      const g = crdControllerFixture();
      withConversion(g, {
        caBundle: await caBundle(NOW, {
          subject: 'CN=tenant-ca',
          daysFromNow: 20,
        }),
      });
      expect(run(g, 'crd.conversion')).toMatchObject({
        status: 'warn',
        message:
          'tenants.platform.example.com conversion webhook: CN=tenant-ca expires in 20 days (2026-02-04; threshold 30 days)',
      });
    });
    it('follows the serving Certificate: not Ready fails, failed issuance warns', () => {
      const f = crdControllerFixture();
      withConversion(
        f,
        { caBundle: good },
        {
          'cert-manager.io/inject-ca-from':
            'tenant-operator-system/serving-cert',
        },
      );
      f.objects.certificates = [
        certManagerCertificate('tenant-operator-system', 'serving-cert', {
          attempts: 1,
          notAfterDays: 60,
        }),
      ];
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'Certificate tenant-operator-system/serving-cert Ready but 1 failed issuance attempt',
        ),
      });
      f.objects.certificates = [
        certManagerCertificate('tenant-operator-system', 'serving-cert', {
          ready: 'False',
          attempts: 3,
          notAfterDays: 60,
        }),
      ];
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining('Ready=False (Expired)'),
      });
    });
    it('is unknown when the caBundle does not parse', () => {
      const f = crdControllerFixture();
      withConversion(f, {
        caBundle: Buffer.from('not a certificate').toString('base64'),
      });
      expect(run(f, 'crd.conversion')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('no PEM CERTIFICATE block found'),
      });
    });
    it('warns when conversionReviewVersions lacks v1', () => {
      const f = crdControllerFixture();
      const tenant = withConversion(f, { caBundle: good });
      tenant.spec.conversion.webhook.conversionReviewVersions = ['v1beta1'];
      expect(run(f, 'crd.conversion').message).toContain(
        'conversionReviewVersions [v1beta1] without v1',
      );
    });
  });
});
