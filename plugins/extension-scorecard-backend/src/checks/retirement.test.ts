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
      expect(run(f, 'retirement.lifecycle').message).toBe(
        'lifecycle deprecated: see retirement.migration-plan',
      );
      f.component.catalog!.lifecycle = undefined;
      expect(run(f, 'retirement.lifecycle').status).toBe('warn');
      f.component.catalog = null;
      expect(run(f, 'retirement.lifecycle').message).toBe(
        'orphan: no catalog entity, so no lifecycle',
      );
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
          'support ended 2025-06-30 but the migration plan has no replacement, owner, targetDate',
      });
    });
    it('fails when a deprecated component has no plan', () => {
      expect(run(deprecated(), 'retirement.migration-plan')).toMatchObject({
        status: 'fail',
        message:
          'lifecycle deprecated but the migration plan has no replacement, owner, targetDate',
      });
    });
    it('fails once support has ended without a plan', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      expect(run(f, 'retirement.migration-plan').message).toBe(
        'support ended 2025-06-30 but the migration plan has no replacement, owner, targetDate',
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
          'migration to cilium owned by group:default/team-node, target 2026-01-01 passed 15 days ago and it still runs in prod-eu',
      });
      f.component.catalog!.descriptor!.migration!.targetDate = '2026-02-01';
      expect(run(f, 'retirement.migration-plan')).toMatchObject({
        status: 'warn',
        message: expect.stringContaining('16 days left, still runs in prod-eu'),
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
      expect(run(f, 'retirement.migration-plan').message).toContain(
        "targetDate 'Q3' is not a date",
      );
    });
  });

  describe('retirement.support-window', () => {
    it('passes far from the end of support', () => {
      expect(run(cniFixture(), 'retirement.support-window')).toMatchObject({
        status: 'pass',
        message: 'supported until 2027-06-30 (530 days)',
      });
    });
    it('warns within 90 days, fails past it', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = '2026-03-01';
      expect(run(f, 'retirement.support-window')).toMatchObject({
        status: 'warn',
        message: 'support ends 2026-03-01, in 44 days (≤ 90)',
      });
      f.component.catalog!.descriptor!.supportEnds = '2025-06-30';
      expect(run(f, 'retirement.support-window')).toMatchObject({
        status: 'fail',
        message: 'support ended 2025-06-30 (200 days ago)',
      });
    });
    it('warns when no end is declared or it is not a date', () => {
      const f = cniFixture();
      f.component.catalog!.descriptor!.supportEnds = undefined;
      expect(run(f, 'retirement.support-window').message).toBe(
        'no support end declared (spec.extension.supportEnds)',
      );
      f.component.catalog!.descriptor!.supportEnds = 'soon';
      expect(run(f, 'retirement.support-window').status).toBe('warn');
    });
  });
});
