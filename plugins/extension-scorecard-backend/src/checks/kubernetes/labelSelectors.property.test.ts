/**
 * Property-based test of the label index (fast-check): matching selectors against
 * all labelled namespaces at once gives exactly the namespaces, in order, that
 * testing each one with `selectorMatches` gives.
 */
import fc from 'fast-check';
import {
  LabelIndex,
  type LabelSelector,
  type Labels,
  selectorMatches,
} from './labelSelectors';

// few keys and values, so that selectors often hit and miss
const key = fc.constantFrom(
  'kubernetes.io/metadata.name',
  'team',
  'env',
  'opt-in',
  'app.kubernetes.io/part-of',
);
const value = fc.constantFrom('a', 'b', 'kube-system', 'prod', '');
const labels: fc.Arbitrary<Labels> = fc.dictionary(key, value, {
  maxKeys: 4,
});
const requirement = fc.record({
  key,
  operator: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Unknown'),
  values: fc.option(fc.array(value, { maxLength: 3 }), { nil: undefined }),
});
const selector: fc.Arbitrary<LabelSelector | null | undefined> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.record(
    {
      matchLabels: fc.option(fc.dictionary(key, value, { maxKeys: 2 }), {
        nil: null,
      }),
      matchExpressions: fc.option(fc.array(requirement, { maxLength: 3 }), {
        nil: null,
      }),
    },
    { requiredKeys: [] },
  ),
);

describe('LabelIndex', () => {
  it('matches as selectorMatches does on each labelled object, in order', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.string({ maxLength: 6 }), labels), {
          selector: ([name]) => name,
          maxLength: 12,
        }),
        fc.array(selector, { maxLength: 3 }),
        (namespaces, selectors) => {
          const byName = new Map(namespaces);
          const expected = namespaces
            .filter(([, l]) => selectors.every(s => selectorMatches(s, l)))
            .map(([name]) => name);
          expect(new LabelIndex(byName).matching(selectors)).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('answers a fleet webhook selector: all but kube-system and its own, opted out', () => {
    const index = new LabelIndex(
      new Map<string, Labels>([
        ['default', { 'kubernetes.io/metadata.name': 'default' }],
        ['kube-system', { 'kubernetes.io/metadata.name': 'kube-system' }],
        ['kyverno', { 'kubernetes.io/metadata.name': 'kyverno' }],
        [
          'payments',
          {
            'kubernetes.io/metadata.name': 'payments',
            'kyverno.io/ignore': 'true',
          },
        ],
        ['shop', { 'kubernetes.io/metadata.name': 'shop', env: 'prod' }],
      ]),
    );
    const webhookSelector = {
      matchExpressions: [
        {
          key: 'kubernetes.io/metadata.name',
          operator: 'NotIn',
          values: ['kube-system', 'kyverno'],
        },
        { key: 'kyverno.io/ignore', operator: 'DoesNotExist' },
      ],
    };
    expect(index.matching([webhookSelector])).toEqual(['default', 'shop']);
    expect(
      index.matching([webhookSelector, { matchLabels: { env: 'prod' } }]),
    ).toEqual(['shop']);
    expect(index.matching([])).toEqual([
      'default',
      'kube-system',
      'kyverno',
      'payments',
      'shop',
    ]);
    expect(
      index.matching([
        { matchExpressions: [{ key: 'env', operator: 'Gt', values: ['1'] }] },
      ]),
    ).toEqual([]);
  });
});
