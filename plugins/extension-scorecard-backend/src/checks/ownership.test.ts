import { caBundle } from './__testUtils__/certificates';
import {
  catalogLink,
  completeDescriptor,
  NOW,
  ownerGroup,
} from './__testUtils__/components';
import {
  admissionWebhookFixture,
  run,
  type Fixture,
} from './__testUtils__/fixtures';

describe('ownership checks', () => {
  let fx: Fixture;
  beforeAll(async () => {
    // one bundle for all cases; each case starts from a fresh fixture
    const bundle = await caBundle(NOW, {
      subject: 'CN=kyverno-ca',
      daysFromNow: 300,
    });
    fx = admissionWebhookFixture(bundle);
  });
  const fresh = () => structuredClone(fx);

  describe('ownership.owner-exists', () => {
    it('passes for a resolved Group owner', () => {
      expect(run(fresh(), 'ownership.owner-exists')).toMatchObject({
        status: 'pass',
        message: 'owned by Platform team (group:default/team-platform)',
      });
    });

    it('fails for an orphan, naming its objects', () => {
      const f = fresh();
      f.component.catalog = null;
      f.component.id = 'orphan:vault-agent-injector';
      expect(run(f, 'ownership.owner-exists')).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(
          /^orphan: ValidatingWebhookConfiguration\/kyverno-resource-validating-webhook-cfg in prod-eu.*claimed by no catalog entity/,
        ),
      });
    });

    it('fails when spec.owner is missing or does not resolve', () => {
      const f = fresh();
      f.component.catalog!.owner = null;
      expect(run(f, 'ownership.owner-exists')).toMatchObject({
        status: 'fail',
        message: 'component:default/kyverno has no spec.owner',
      });
      f.component.catalog!.owner = ownerGroup({
        ref: 'group:default/team-gone',
        resolved: false,
      });
      expect(run(f, 'ownership.owner-exists')).toMatchObject({
        status: 'fail',
        message:
          'owner group:default/team-gone of component:default/kyverno does not exist in the catalog',
        remediation: expect.stringMatching(
          /^Register group:default\/team-gone in the catalog/,
        ),
      });
    });

    it('warns when a User owns it', () => {
      const f = fresh();
      f.component.catalog!.owner = ownerGroup({
        ref: 'user:default/alice',
        kind: 'User',
        displayName: undefined,
      });
      expect(run(f, 'ownership.owner-exists')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining(
          'user:default/alice is a User, not a Group',
        ),
        remediation: expect.stringContaining(
          'set spec.owner of component:default/kyverno to its Group',
        ),
      });
    });
  });

  describe('ownership.contacts', () => {
    it('passes with contacts and names their types', () => {
      expect(run(fresh(), 'ownership.contacts')).toMatchObject({
        status: 'pass',
        message: 'owner group:default/team-platform reachable by chat, oncall',
      });
    });

    it('warns when the owning group lists no contact', () => {
      const f = fresh();
      f.component.catalog!.owner = ownerGroup({
        ref: 'group:default/team-security',
        contacts: [],
      });
      expect(run(f, 'ownership.contacts')).toMatchObject({
        status: 'warn',
        message:
          'owner group:default/team-security lists no on-call, chat or email contact',
      });
    });

    it('warns when there is no owner to reach', () => {
      const f = fresh();
      f.component.catalog = null;
      expect(run(f, 'ownership.contacts')).toMatchObject({
        status: 'warn',
        message: 'orphan: no catalog entity, so no owner to reach',
        remediation: expect.stringContaining('see ownership.owner-exists'),
      });
    });
  });

  describe('ownership.design-record', () => {
    it('passes when Q1 and Q2 are answered', () => {
      expect(run(fresh(), 'ownership.design-record')).toMatchObject({
        status: 'pass',
        message: 'design record answers Q1 and Q2',
      });
    });

    it('fails without a design record', () => {
      const f = fresh();
      f.component.catalog = catalogLink('tenant-operator', 'crd-controller', {
        descriptor: null,
      });
      expect(run(f, 'ownership.design-record')).toMatchObject({
        status: 'fail',
        message:
          'component:default/tenant-operator has no spec.extension design record',
      });
    });

    it('fails when the record answers none of the questions', () => {
      const f = fresh();
      f.component.catalog!.descriptor!.design = {};
      expect(run(f, 'ownership.design-record')).toMatchObject({
        status: 'fail',
        message:
          'component:default/kyverno declares spec.extension but answers none of the six questions',
      });
    });

    it('warns when Q1 or Q2 is unanswered, and notes the other gaps', () => {
      const f = fresh();
      const d = f.component.catalog!.descriptor!;
      d.design = {
        ...d.design,
        whyNotBuiltIn: undefined,
        observability: undefined,
      };
      expect(run(f, 'ownership.design-record')).toMatchObject({
        status: 'warn',
        message:
          'design record leaves Q1 why not built-in unanswered (also unanswered: Q4 observability)',
        remediation:
          'Answer Q1 why not built-in, Q4 observability in spec.extension.design.',
      });
      d.design = { ...d.design, whyNotBuiltIn: 'x', path: undefined };
      expect(run(f, 'ownership.design-record').message).toContain(
        'Q2 path unanswered',
      );
    });

    it('warns on descriptor mistakes the inventory found', () => {
      const f = fresh();
      f.component.descriptorFindings = [
        {
          path: 'spec.extension.migration.targetDate',
          message: "'soon' is not a date",
        },
      ];
      expect(run(f, 'ownership.design-record')).toMatchObject({
        status: 'warn',
        message:
          "design record has 1 mistake: spec.extension.migration.targetDate: 'soon' is not a date",
        remediation:
          'Correct spec.extension.migration.targetDate in the catalog entity.',
      });
    });

    it('notes a declared path that differs from the kind', () => {
      const f = fresh();
      f.component.catalog!.descriptor!.design.path = 'node';
      expect(run(f, 'ownership.design-record').message).toContain(
        'declared path node, the admission-webhook kind sits on sync-api',
      );
    });
  });

  describe('ownership.responsibilities', () => {
    it('passes when every responsibility has an owner', () => {
      expect(run(fresh(), 'ownership.responsibilities')).toMatchObject({
        status: 'pass',
        message: expect.stringContaining(
          'certificates group:default/team-platform',
        ),
      });
    });

    it('warns per missing role', () => {
      const f = fresh();
      f.component.catalog!.descriptor = completeDescriptor(
        'admission-webhook',
        {
          responsibilities: {
            certificates: 'group:default/a',
            rbac: 'group:default/a',
            upgrades: 'group:default/a',
          },
        },
      );
      expect(run(f, 'ownership.responsibilities')).toMatchObject({
        status: 'warn',
        message: 'no owner named for capacity, retirement',
        remediation:
          'Name an owner (entity ref) for capacity, retirement under spec.extension.responsibilities.',
      });
    });

    it('says an orphan has no entity to name them on', () => {
      const f = fresh();
      f.component.catalog = null;
      expect(run(f, 'ownership.responsibilities')).toMatchObject({
        status: 'fail',
        message: 'orphan: no catalog entity, so no responsibility is named',
        remediation: expect.stringMatching(/^Register the extension/),
      });
    });

    it('fails when none is named', () => {
      const f = fresh();
      f.component.catalog!.descriptor!.responsibilities = {};
      expect(run(f, 'ownership.responsibilities')).toMatchObject({
        status: 'fail',
        message:
          'no owner named for any of certificates, rbac, capacity, upgrades, retirement',
      });
    });
  });
});
