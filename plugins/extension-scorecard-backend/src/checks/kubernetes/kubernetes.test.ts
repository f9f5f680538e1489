import { node } from '../__testUtils__/kube';
import { parseImage, tagVersion } from './images';
import { formatSelector, selectorMatches } from './labelSelectors';
import { podSpecFitsNode } from './nodePlacement';
import { formatRelease, parseRelease, serverRelease } from './releases';

describe('label selectors', () => {
  const labels = {
    'kubernetes.io/metadata.name': 'kube-system',
    tier: 'system',
  };
  it.each([
    [{}, true],
    [{ matchLabels: { tier: 'system' } }, true],
    [{ matchLabels: { tier: 'app' } }, false],
    [
      {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'In',
            values: ['kube-system', 'kyverno'],
          },
        ],
      },
      true,
    ],
    [
      {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'NotIn',
            values: ['kyverno'],
          },
        ],
      },
      true,
    ],
    [
      {
        matchExpressions: [
          {
            key: 'kubernetes.io/metadata.name',
            operator: 'NotIn',
            values: ['kube-system'],
          },
        ],
      },
      false,
    ],
    [
      {
        matchExpressions: [{ key: 'absent', operator: 'NotIn', values: ['x'] }],
      },
      true,
    ],
    [{ matchExpressions: [{ key: 'tier', operator: 'Exists' }] }, true],
    [
      {
        matchExpressions: [
          { key: 'admission.gatekeeper.sh/ignore', operator: 'DoesNotExist' },
        ],
      },
      true,
    ],
    [{ matchExpressions: [{ key: 'tier', operator: 'DoesNotExist' }] }, false],
    [
      { matchExpressions: [{ key: 'tier', operator: 'Gt', values: ['1'] }] },
      false,
    ],
  ])('%j matches: %s', (selector, expected) => {
    expect(selectorMatches(selector as any, labels)).toBe(expected);
  });
  it('prints like kubectl', () => {
    expect(
      formatSelector({
        matchLabels: { a: 'b' },
        matchExpressions: [
          { key: 'c', operator: 'NotIn', values: ['d', 'e'] },
          { key: 'f', operator: 'DoesNotExist' },
        ],
      }),
    ).toBe('a=b,c notin (d,e),!f');
    expect(formatSelector(undefined)).toBe('{}');
  });
});

describe('node placement', () => {
  const gpu = node('gpu-a', {
    labels: {
      'nvidia.com/gpu.present': 'true',
      'eks.amazonaws.com/compute-type': 'ec2',
    },
  });
  it('honours nodeSelector and required node affinity', () => {
    expect(
      podSpecFitsNode(
        { nodeSelector: { 'nvidia.com/gpu.present': 'true' } },
        gpu,
      ),
    ).toBe(true);
    expect(
      podSpecFitsNode(
        { nodeSelector: { 'nvidia.com/gpu.present': 'false' } },
        gpu,
      ),
    ).toBe(false);
    const affinity = (operator: string, values: string[]) => ({
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              {
                matchExpressions: [
                  { key: 'eks.amazonaws.com/compute-type', operator, values },
                ],
              },
            ],
          },
        },
      },
    });
    expect(podSpecFitsNode(affinity('NotIn', ['fargate', 'auto']), gpu)).toBe(
      true,
    );
    expect(podSpecFitsNode(affinity('In', ['fargate']), gpu)).toBe(false);
  });
});

describe('images and releases', () => {
  it('parses image references', () => {
    expect(
      parseImage('registry.k8s.io/sig-storage/csi-provisioner:v5.2.0'),
    ).toEqual({
      repository: 'registry.k8s.io/sig-storage/csi-provisioner',
      name: 'csi-provisioner',
      tag: 'v5.2.0',
      digest: undefined,
    });
    expect(parseImage('localhost:5000/app@sha256:abc')).toEqual({
      repository: 'localhost:5000/app',
      name: 'app',
      tag: undefined,
      digest: 'sha256:abc',
    });
    expect(parseImage('busybox')).toMatchObject({
      name: 'busybox',
      tag: undefined,
    });
    expect(tagVersion('v0.32.7')?.minor).toBe(32);
    expect(tagVersion('latest')).toBeNull();
  });
  it('compares releases across minors', () => {
    expect(parseRelease('v1.9.0')! < parseRelease('1.10')!).toBe(true);
    expect(
      serverRelease({
        major: '1',
        minor: '31+',
        gitVersion: 'v1.31.4-gke.100',
      }),
    ).toBe(parseRelease('1.31'));
    expect(serverRelease({ major: '', minor: '', gitVersion: 'v1.29.2' })).toBe(
      parseRelease('1.29'),
    );
    expect(formatRelease(parseRelease('1.34.1')!)).toBe('1.34');
  });
});
