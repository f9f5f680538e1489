import { caBundle, pemCertificate } from './__testUtils__/certificates';
import { evaluateComponent, NOW } from './__testUtils__/components';
import {
  admissionWebhookFixture,
  aggregatedApiFixture,
  certManagerCertificate,
  CLUSTER,
  cniFixture,
  run,
  type Fixture,
} from './__testUtils__/fixtures';
import { FORBIDDEN, NOT_SERVED } from './__testUtils__/kube';

describe('certificate checks', () => {
  let base: Fixture;
  let bundles: Record<
    'long' | 'soon' | 'close' | 'expired' | 'rotating',
    string
  >;
  beforeAll(async () => {
    bundles = {
      long: await caBundle(NOW, { subject: 'CN=kyverno-ca', daysFromNow: 300 }),
      soon: await caBundle(NOW, {
        subject: 'CN=gatekeeper-ca',
        daysFromNow: 5,
      }),
      close: await caBundle(NOW, { subject: 'CN=kyverno-ca', daysFromNow: 20 }),
      expired: await caBundle(NOW, {
        subject: 'CN=podpreset-ca',
        daysFromNow: -30,
      }),
      // an old CA kept next to its successor during rotation
      rotating: await caBundle(
        NOW,
        { subject: 'CN=old-ca', daysFromNow: -2 },
        { subject: 'CN=new-ca', daysFromNow: 365 },
      ),
    };
    base = admissionWebhookFixture(bundles.long);
  });
  const fresh = () => structuredClone(base);
  const clientConfig = (f: Fixture) =>
    (f.objects.validatingWebhookConfigurations[0] as any).webhooks[0]
      .clientConfig;

  describe('cert.ca-bundle', () => {
    it('passes with a bundle, noting cert-manager injection', () => {
      expect(run(fresh(), 'cert.ca-bundle')).toMatchObject({
        status: 'pass',
        message: '1 caBundle set, 1 injected by cert-manager',
      });
    });
    it('fails when empty and no injection annotation', () => {
      const f = fresh();
      delete clientConfig(f).caBundle;
      f.objects.validatingWebhookConfigurations[0].metadata.annotations = {};
      const result = run(f, 'cert.ca-bundle');
      expect(result).toMatchObject({
        status: 'fail',
        message:
          'empty caBundle in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg and no CA injection annotation: the API server cannot verify the backend',
      });
      expect(result.remediation).toContain('cert-manager.io/inject-ca-from');
    });
    it('counts the empty caBundles of many webhooks instead of listing each', () => {
      const f = fresh();
      const configuration = f.objects.validatingWebhookConfigurations[0] as any;
      configuration.metadata.annotations = {};
      configuration.webhooks = [0, 1, 2, 3].map(i => ({
        ...configuration.webhooks[0],
        name: `w${i}.kyverno.svc`,
        clientConfig: { ...configuration.webhooks[0].clientConfig },
      }));
      for (const webhook of configuration.webhooks)
        delete webhook.clientConfig.caBundle;
      expect(run(f, 'cert.ca-bundle').message).toBe(
        '4 empty caBundles in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg and no CA injection annotation: the API server cannot verify the backend',
      );
    });
    it('warns when empty although an injection annotation is set', () => {
      const f = fresh();
      delete clientConfig(f).caBundle;
      const result = run(f, 'cert.ca-bundle');
      expect(result).toMatchObject({
        status: 'warn',
        message:
          'empty caBundle in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg although cert-manager.io/inject-ca-from=kyverno/kyverno-svc-tls: the CA was not injected',
      });
      // the annotation is there: the next step is cainjector, not adding it
      expect(result.remediation).toMatch(
        /^Check that cert-manager's cainjector runs/,
      );
    });
    it('warns for a URL webhook relying on system roots', () => {
      const f = fresh();
      f.objects.validatingWebhookConfigurations[0].metadata.annotations = {};
      (
        f.objects.validatingWebhookConfigurations[0] as any
      ).webhooks[0].clientConfig = {
        url: 'https://policy.example.com/validate',
      };
      const result = run(f, 'cert.ca-bundle');
      expect(result.message).toContain(
        'calls https://policy.example.com/validate trusting the system roots',
      );
      expect(result.remediation).toContain('public CA');
    });
    it('warns for an APIService with insecureSkipTLSVerify', () => {
      const f = aggregatedApiFixture(bundles.long);
      f.objects.apiServices[0].spec.insecureSkipTLSVerify = true;
      delete f.objects.apiServices[0].spec.caBundle;
      const result = run(f, 'cert.ca-bundle');
      expect(result).toMatchObject({
        status: 'warn',
        message:
          'APIService/v1beta1.metrics.k8s.io set insecureSkipTLSVerify: the API server does not verify the backend',
      });
      expect(result.remediation).toMatch(/^Remove insecureSkipTLSVerify/);
    });
    it('does not apply to kinds without TLS endpoints, nor to instances without any', () => {
      expect(run(cniFixture(), 'cert.ca-bundle').status).toBe('not-applicable');
      const f = fresh();
      f.objects.validatingWebhookConfigurations = [];
      expect(run(f, 'cert.ca-bundle').status).toBe('not-applicable');
    });
    it('is unknown when the webhook configurations could not be read', () => {
      const f = fresh();
      f.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
      expect(run(f, 'cert.ca-bundle')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('mutatingwebhookconfigurations'),
      });
    });
    it('fails on an empty bundle that was read, although other webhook configurations were not', () => {
      const f = fresh();
      delete clientConfig(f).caBundle;
      f.objects.validatingWebhookConfigurations[0].metadata.annotations = {};
      f.cluster.reads.mutatingwebhookconfigurations = FORBIDDEN;
      expect(run(f, 'cert.ca-bundle')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'and no CA injection annotation: the API server cannot verify the backend (proven on what was read; reading mutatingwebhookconfigurations',
        ),
      });
    });
    it('judges the caBundles of its facets too (a CNI project with a webhook)', () => {
      const f = fresh();
      f.component.kind = 'cni';
      f.component.facets = ['cni', 'admission-webhook'];
      f.cluster.reads.validatingwebhookconfigurations = FORBIDDEN;
      expect(run(f, 'cert.ca-bundle')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('validatingwebhookconfigurations'),
      });
    });
  });

  describe('cert.expiry', () => {
    it('passes far from expiry and reports subject, issuer and notAfter of every certificate', () => {
      const f = fresh();
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(
        scorecard.results.find(r => r.checkId === 'cert.expiry'),
      ).toMatchObject({
        status: 'pass',
        message:
          '2 certificates valid; the first to expire: kyverno-svc-tls.kyverno.svc expires in 60 days (2026-03-16), in Certificate/kyverno/kyverno-svc-tls',
      });
      expect(scorecard.certificates).toEqual([
        expect.objectContaining({
          cluster: CLUSTER,
          source:
            'ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg/webhooks[0].clientConfig.caBundle',
          subject: 'CN=kyverno-ca',
          issuer: 'CN=kyverno-ca',
          daysLeft: 300,
          fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
        }),
        expect.objectContaining({
          source: 'Certificate/kyverno/kyverno-svc-tls/status.notAfter',
          subject: 'kyverno-svc-tls.kyverno.svc',
          issuer: 'Issuer/selfsigned',
          daysLeft: 60,
        }),
      ]);
    });
    it('fails within failDays', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.soon;
      const result = run(f, 'cert.expiry');
      expect(result).toMatchObject({
        status: 'fail',
        message:
          'CN=gatekeeper-ca expires in 5 days (2026-01-20; threshold 7 days), in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg',
      });
      // the bundle is injected by cert-manager: the next step is why it did not renew
      expect(result.remediation).toMatch(
        /^cert-manager manages these certificates but did not renew them/,
      );
    });
    it('names one CA once however many caBundles carry it', () => {
      const f = fresh();
      const configuration = f.objects.validatingWebhookConfigurations[0] as any;
      configuration.webhooks = [0, 1, 2].map(i => ({
        ...configuration.webhooks[0],
        name: `w${i}.kyverno.svc`,
        clientConfig: {
          ...configuration.webhooks[0].clientConfig,
          caBundle: bundles.expired,
        },
      }));
      f.objects.apiServices = [];
      const result = run(f, 'cert.expiry');
      expect(result.message).toBe(
        'CN=podpreset-ca expired 30 days ago (2025-12-16), in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg',
      );
      expect(result.observed?.certificates).toHaveLength(4);
    });
    it('fails on a bundle that was read although the Certificates were not', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.soon;
      f.cluster.reads.certificates = FORBIDDEN;
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'fail',
        message: expect.stringContaining(
          'threshold 7 days), in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg (proven on what was read; reading certificates in cluster prod-eu was forbidden',
        ),
      });
    });
    it('warns only when every source was read: a nearer expiry could be unread', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.close;
      expect(run(f, 'cert.expiry').status).toBe('warn');
      f.cluster.reads.certificates = FORBIDDEN;
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('(on what was read: warn, '),
      });
    });
    it('fails once expired', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.expired;
      const result = run(f, 'cert.expiry');
      expect(result.message).toMatch(
        /^CN=podpreset-ca expired 30 days ago \(2025-12-16\), in ValidatingWebhookConfiguration\//,
      );
      expect(result.message).not.toContain('threshold');
    });
    it('tells to replace an expired certificate that nothing renews', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.expired;
      f.objects.validatingWebhookConfigurations[0].metadata.annotations = {};
      expect(run(f, 'cert.expiry').remediation).toMatch(
        /^Replace the expired certificate now/,
      );
    });
    it('fails when the cert-manager Certificate expires', () => {
      const f = fresh();
      f.objects.certificates = [
        certManagerCertificate('kyverno', 'kyverno-svc-tls', {
          notAfterDays: 2,
        }),
      ];
      expect(run(f, 'cert.expiry').message).toBe(
        'kyverno-svc-tls.kyverno.svc expires in 2 days (2026-01-17; threshold 7 days), in Certificate/kyverno/kyverno-svc-tls',
      );
    });
    it('warns within warnDays, and honours configured thresholds', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.close;
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'warn',
        message:
          'CN=kyverno-ca expires in 20 days (2026-02-04; threshold 30 days), in ValidatingWebhookConfiguration/kyverno-resource-validating-webhook-cfg',
      });
      const { readChecksConfig } = require('./config');
      const { ConfigReader } = require('@backstage/config');
      const config = readChecksConfig(
        new ConfigReader({
          extensionScorecard: { checks: { 'cert.expiry': { warnDays: 14 } } },
        }),
      );
      expect(run(f, 'cert.expiry', { config }).status).toBe('pass');
    });
    it('judges a rotating bundle by its newest certificate', () => {
      const f = fresh();
      clientConfig(f).caBundle = bundles.rotating;
      expect(run(f, 'cert.expiry').status).toBe('pass');
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(
        scorecard.certificates
          .filter(c => c.source.includes('caBundle'))
          .map(c => c.subject),
      ).toEqual(['CN=old-ca', 'CN=new-ca']);
    });
    it('parses a bundle given as plain PEM too', async () => {
      const f = fresh();
      clientConfig(f).caBundle = await pemCertificate(
        'CN=plain-pem',
        new Date(NOW.getTime() + 100 * 86400000),
      );
      expect(run(f, 'cert.expiry').status).toBe('pass');
    });
    it('is unknown when a bundle does not parse, naming why', () => {
      const f = fresh();
      clientConfig(f).caBundle = Buffer.from('hello').toString('base64');
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'no PEM CERTIFICATE block found after base64 decoding',
        ),
      });
      clientConfig(f).caBundle = Buffer.from(
        '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n',
      ).toString('base64');
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('certificate does not parse'),
      });
      const scorecard = evaluateComponent(f.component, [f.cluster], {
        evidence: f.evidence,
      });
      expect(scorecard.certificates[0]).toMatchObject({
        error: expect.stringContaining('does not parse'),
      });
    });
    it('has nothing to judge when the API server skips verification', () => {
      const f = aggregatedApiFixture(bundles.long);
      f.objects.apiServices[0].spec.insecureSkipTLSVerify = true;
      delete f.objects.apiServices[0].spec.caBundle;
      f.objects.certificates = [];
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'not-applicable',
        message:
          'no certificate is verified: APIService/v1beta1.metrics.k8s.io skip TLS verification (see cert.ca-bundle)',
      });
    });
    it('is unknown with nothing to parse', () => {
      const f = fresh();
      delete clientConfig(f).caBundle;
      f.objects.certificates = [];
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining('no certificate to judge'),
      });
    });
    it('is unknown when Certificates could not be read and the bundles look fine', () => {
      const f = fresh();
      f.objects.certificates = [];
      f.cluster.reads.certificates = FORBIDDEN;
      expect(run(f, 'cert.expiry')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'reading certificates in cluster prod-eu was forbidden',
        ),
      });
    });
  });

  describe('cert.managed', () => {
    it('passes with a Ready cert-manager Certificate', () => {
      expect(run(fresh(), 'cert.managed')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'Certificate kyverno/kyverno-svc-tls Ready, renews',
        ),
      });
    });
    it('fails when not Ready, noting an overdue renewal', () => {
      const f = fresh();
      f.objects.certificates = [
        certManagerCertificate('kyverno', 'kyverno-svc-tls', {
          ready: 'False',
          notAfterDays: 10,
          attempts: 3,
        }),
      ];
      expect(run(f, 'cert.managed')).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(
          /^Certificate kyverno\/kyverno-svc-tls Ready=False \(Expired\), renewal overdue since \d{4}-\d\d-\d\d, 3 failed issuance attempts$/,
        ),
        remediation: expect.stringMatching(/^Fix the Certificate's issuance/),
      });
    });
    it('warns after failed issuance attempts', () => {
      const f = fresh();
      f.objects.certificates = [
        certManagerCertificate('kyverno', 'kyverno-svc-tls', { attempts: 1 }),
      ];
      expect(run(f, 'cert.managed')).toMatchObject({
        status: 'warn',
        message:
          'Certificate kyverno/kyverno-svc-tls Ready but 1 failed issuance attempt',
      });
    });
    it('warns without managed rotation, or without cert-manager', () => {
      const f = fresh();
      f.objects.certificates = [];
      expect(run(f, 'cert.managed')).toMatchObject({
        status: 'warn',
        message:
          'no cert-manager Certificate serves this component in cluster prod-eu: rotation is manual',
      });
      f.cluster.reads.certificates = NOT_SERVED;
      const result = run(f, 'cert.managed');
      expect(result.message).toBe(
        'cert-manager is not installed in cluster prod-eu: no managed rotation',
      );
      expect(result.remediation).toMatch(/^Install cert-manager in prod-eu/);
    });
    it('is unknown when Certificates could not be read', () => {
      const f = fresh();
      f.cluster.reads.certificates = FORBIDDEN;
      expect(run(f, 'cert.managed')).toMatchObject({
        status: 'unknown',
        message: expect.stringContaining(
          'cannot judge rotation: reading certificates',
        ),
      });
    });
  });
});
