import { cniFixture, run } from './__testUtils__/fixtures';

describe('retirement checks', () => {
  describe('retirement.lifecycle', () => {
    it('passes with a lifecycle', () => {
      expect(run(cniFixture(), 'retirement.lifecycle')).toMatchObject({
        status: 'pass',
        severity: 'info',
        message: 'lifecycle production',
      });
    });
    it('warns for deprecated components, missing lifecycles and orphans', () => {
      const f = cniFixture();
      f.component.catalog!.lifecycle = 'deprecated';
      const deprecated = run(f, 'retirement.lifecycle');
      expect(deprecated.message).toBe(
        'component:default/calico is deprecated: no replacement named (see retirement.migration-plan)',
      );
      // a declared lifecycle is not told to declare its lifecycle
      expect(deprecated.remediation).not.toContain('Set spec.lifecycle');
      expect(deprecated.remediation).toContain('spec.extension.migration');
      f.component.catalog!.lifecycle = undefined;
      expect(run(f, 'retirement.lifecycle').status).toBe('warn');
      expect(run(f, 'retirement.lifecycle').remediation).toMatch(
        /^Set spec.lifecycle/,
      );
      f.component.catalog = null;
      const orphan = run(f, 'retirement.lifecycle');
      expect(orphan.message).toBe('orphan: no catalog entity, so no lifecycle');
      expect(orphan.remediation).toMatch(/^Register the extension/);
    });
    it('points a deprecated component with a plan at finishing it', () => {
      const f = cniFixture();
      f.component.catalog!.lifecycle = 'deprecated';
      f.component.catalog!.descriptor!.migration = {
        replacement: 'cilium',
        owner: 'group:default/team-node',
        targetDate: '2026-09-01',
      };
      expect(run(f, 'retirement.lifecycle')).toMatchObject({
        status: 'warn',
        message:
          'component:default/calico is deprecated: replaced by cilium by 2026-09-01',
        remediation:
          'Finish the migration to cilium (owner group:default/team-node) and remove the instances by 2026-09-01; then retire the catalog entity.',
      });
    });
  });

  describe('retirement.migration-plan', () => {
    const deprecated = () => {
      const f = cniFixture();
      f.component.catalog!.lifecycle = 'deprecated';
      return f;
    };
    it('passes when nothing needs migrating', () => {
      expect(run(cniFixture(), 'retirement.migration-plan')).toMatchObject({
        status: 'pass',
        message:
          'not deprecated and supported until 2027-06-30: no migration needed yet',
      });
    });
    it('is unknown, not pass, for an orphan: nobody said it is not deprecated', () => {
      const f = cniFixture();
      f.component.catalog = null;
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'unknown',
        message:
          'orphan: no catalog entity, so no lifecycle and no support end: whether it is deprecated is unknown',
        observed: { orphan: true },
      });
    });
    it('is unknown without a declared lifecycle, unless a past support end proves the need', () => {
      const f = cniFixture();
      f.component.catalog!.lifecycle = undefined;
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'unknown',
        message:
          'component:default/calico declares no spec.lifecycle (supported until 2027-06-30): whether it is deprecated is unknown',
      });
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'fail',
        message:
          'support of component:default/calico ended 2025-06-30 but it declares no spec.extension.migration',
      });
    });
    it('fails when a deprecated component has no plan', () => {
      expect(run(deprecated(), 'retirement.migration-plan')).toMatchObject({
        status: 'fail',
        message:
          'component:default/calico is deprecated but it declares no spec.extension.migration',
        remediation: expect.stringMatching(
          /^Declare spec.extension.migration with the replacement/,
        ),
      });
    });
    it('names only the missing parts of a partial plan', () => {
      const f = deprecated();
      f.component.catalog!.descriptor!.migration = { replacement: 'cilium' };
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'fail',
        message:
          'component:default/calico is deprecated but spec.extension.migration has no owner and targetDate',
        remediation:
          'Add owner and targetDate to spec.extension.migration (the migration to cilium), and remove the instances by the target date.',
      });
    });
    it('fails once support has ended without a plan', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      expect(run(f, 'retirement.migration-plan').message).toBe(
        'support of component:default/calico ended 2025-06-30 but it declares no spec.extension.migration',
      );
    });
    it('fails when the target date passed and it still runs, warns within 30 days', () => {
      const f = deprecated();
      f.component.catalog!.descriptor!.migration = {
        replacement: 'cilium',
        owner: 'group:default/team-node',
        targetDate: '2026-01-01',
      };
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'fail',
        message:
          'migration to cilium (owner group:default/team-node) was due 2026-01-01, 15 days ago; it still runs in prod-eu',
        remediation:
          'Finish the migration to cilium and remove the instances left in prod-eu, or agree a new targetDate with group:default/team-node and update spec.extension.migration.',
      });
      f.component.catalog!.descriptor!.migration!.targetDate = '2026-02-01';
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'warn',
        message:
          'migration to cilium (owner group:default/team-node) due 2026-02-01, in 16 days (threshold 30 days); it still runs in prod-eu',
      });
      f.component.catalog!.descriptor!.migration!.targetDate = '2026-09-01';
      expect(run(f, 'retirement.migration-plan').status).toBe('pass');
    });
    it('fails for a target date that is not a date', () => {
      const f = deprecated();
      f.component.catalog!.descriptor!.migration = {
        replacement: 'cilium',
        owner: 'group:default/team-node',
        targetDate: 'Q3',
      };
      const result = run(f, 'retirement.migration-plan');
      expect(result.message).toContain("targetDate 'Q3' is not a date");
      expect(result.remediation).toContain('YYYY-MM-DD');
    });
  });

  describe('retirement.support-window', () => {
    it('passes far from the end of support', () => {
      expect(run(cniFixture(), 'retirement.support-window')).toMatchObject({
        status: 'pass',
        message: 'supported until 2027-06-30 (530 days left)',
      });
    });
    it('warns within 90 days, fails past it', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = '2026-03-01';
      expect(run(f, 'retirement.support-window')).toMatchObject({
        status: 'warn',
        message: 'support ends in 44 days (2026-03-01; threshold 90 days)',
        remediation: expect.stringMatching(
          /^Upgrade to a supported version .* before 2026-03-01\.$/,
        ),
      });
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      const ended = run(f, 'retirement.support-window');
      expect(ended).toMatchObject({
        status: 'fail',
        message: 'support ended 200 days ago (2025-06-30)',
      });
      // supportEnds is declared: it is not told to declare it
      expect(ended.remediation).not.toContain('Declare');
    });
    it('points a deprecated component past support at its migration', () => {
      const f = cniFixture();
      f.component.catalog!.lifecycle = 'deprecated';
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      f.component.catalog!.descriptor!.migration = {
        replacement: 'cilium',
        owner: 'group:default/team-node',
        targetDate: '2026-03-01',
      };
      expect(run(f, 'retirement.support-window').remediation).toBe(
        'Finish the migration to cilium (due 2026-03-01): the version in use gets no fixes.',
      );
    });
    it('warns when no end is declared or it is not a date', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = undefined;
      const undeclared = run(f, 'retirement.support-window');
      expect(undeclared.message).toBe(
        'component:default/calico declares no support end (spec.extension.supportEnds)',
      );
      expect(undeclared.remediation).toMatch(
        /^Declare spec.extension.supportEnds/,
      );
      f.component.catalog!.descriptor!.supportEnds = 'soon';
      expect(run(f, 'retirement.support-window')).toMatchObject({
        status: 'warn',
        message: "supportEnds 'soon' is not a date",
        remediation: expect.stringContaining('YYYY-MM-DD'),
      });
    });
  });
});
