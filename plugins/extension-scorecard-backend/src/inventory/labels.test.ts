import {
  matchesLabelSelector,
  matchesSelectorMap,
  parseLabelSelectorString,
} from './labels';

describe('label selectors', () => {
  const labels = {
    app: 'web',
    tier: 'frontend',
    'kubernetes.io/metadata.name': 'shop',
  };

  it('evaluates matchLabels and matchExpressions like the API server', () => {
    expect(matchesLabelSelector({ matchLabels: { app: 'web' } }, labels)).toBe(
      true,
    );
    expect(
      matchesLabelSelector(
        {
          matchLabels: { app: 'web' },
          matchExpressions: [
            { key: 'tier', operator: 'In', values: ['frontend', 'edge'] },
            {
              key: 'kubernetes.io/metadata.name',
              operator: 'NotIn',
              values: ['kube-system'],
            },
            { key: 'legacy', operator: 'DoesNotExist' },
            { key: 'app', operator: 'Exists' },
          ],
        },
        labels,
      ),
    ).toBe(true);
    expect(
      matchesLabelSelector(
        {
          matchExpressions: [
            { key: 'tier', operator: 'NotIn', values: ['frontend'] },
          ],
        },
        labels,
      ),
    ).toBe(false);
    // an empty selector matches everything, a missing one nothing
    expect(matchesLabelSelector({}, labels)).toBe(true);
    expect(matchesLabelSelector(undefined, labels)).toBe(false);
    expect(
      matchesLabelSelector(
        { matchExpressions: [{ key: 'a', operator: 'Gt', values: ['1'] }] },
        labels,
      ),
    ).toBe(false);
  });

  it('treats an empty Service selector as selecting nothing', () => {
    expect(matchesSelectorMap({ app: 'web' }, labels)).toBe(true);
    expect(matchesSelectorMap({}, labels)).toBe(false);
    expect(matchesSelectorMap(undefined, labels)).toBe(false);
  });

  it('parses the string form used by backstage.io/kubernetes-label-selector', () => {
    expect(
      parseLabelSelectorString(
        'app=web,tier in (frontend, edge),!legacy,env!=dev,release',
      ),
    ).toEqual({
      matchLabels: { app: 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['frontend', 'edge'] },
        { key: 'legacy', operator: 'DoesNotExist' },
        { key: 'env', operator: 'NotIn', values: ['dev'] },
        { key: 'release', operator: 'Exists' },
      ],
    });
    expect(parseLabelSelectorString('app.kubernetes.io/name==kyverno')).toEqual(
      {
        matchLabels: { 'app.kubernetes.io/name': 'kyverno' },
        matchExpressions: [],
      },
    );
    for (const bad of ['app in (a', 'a=b,,c=d', 'a=b)', '=x', 'a b c']) {
      expect(parseLabelSelectorString(bad)).toBeUndefined();
    }
  });
});
