import {
  UPGRADE_FINDING_CATEGORIES,
  UPGRADE_FINDING_SOURCES,
} from '@extension-scorecard/plugin-extension-scorecard-common';
import {
  CATEGORY_LABELS,
  SOURCE_NAMES,
  countsText,
  sourceHint,
  sourceLabel,
  truncate,
} from './labels';

describe('upgrade labels', () => {
  it('words every category and source of the contract', () => {
    for (const category of UPGRADE_FINDING_CATEGORIES) {
      expect(CATEGORY_LABELS[category]).toMatch(/^[A-Z]/);
    }
    for (const source of UPGRADE_FINDING_SOURCES) {
      expect(SOURCE_NAMES[source]).toBeTruthy();
      const { label } = sourceLabel(
        { source, sourceDetail: null, checkId: 'upgrade.version-skew' },
        '1.32',
      );
      expect(label).not.toBe(source);
    }
  });

  it('says where a finding was seen', () => {
    expect(
      sourceLabel({
        source: 'managed-fields',
        sourceDetail: 'kube-controller-manager',
        checkId: null,
      }),
    ).toEqual({ label: 'field manager kube-controller-manager' });
    expect(
      sourceLabel({
        source: 'apiserver-metric',
        sourceDetail: 'apiserver_requested_deprecated_apis{group="policy"}',
        checkId: null,
      }),
    ).toEqual({
      label: 'API server metric',
      detail: 'apiserver_requested_deprecated_apis{group="policy"}',
    });
    expect(
      sourceLabel(
        { source: 'check', sourceDetail: null, checkId: 'csi.sidecar-matrix' },
        '1.32',
      ).label,
    ).toBe('check csi.sidecar-matrix at 1.32');
  });

  it('counts what is there and says what to grant', () => {
    expect(countsText({ blockers: 3, warnings: 1, unknowns: 0 })).toBe(
      '3 blockers, 1 warning',
    );
    expect(countsText({ blockers: 0, warnings: 0, unknowns: 0 })).toBe('');
    expect(
      sourceHint({
        source: 'apiserver-metric',
        state: 'unavailable',
        reason: 'forbidden: 403',
      }),
    ).toMatch(/nonResourceURLs \/metrics/);
    expect(
      sourceHint({
        source: 'apiserver-metric',
        state: 'unavailable',
        reason: 'the API server metrics were not collected',
      }),
    ).toBeUndefined();
  });

  it('cuts long text at a word', () => {
    expect(truncate('short', 10)).toBe('short');
    expect(truncate('one two three four five', 14)).toBe('one two three…');
  });
});
