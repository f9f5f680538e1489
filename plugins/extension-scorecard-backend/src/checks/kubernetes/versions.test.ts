import { isFloatingTag, tagVersion } from './images';
import { formatRelease, parseRelease, serverRelease } from './releases';
import { describeUpstream, upstreamVersion } from './versions';

describe('upstream versions behind vendor build tags', () => {
  it.each([
    ['v2.13.0-eksbuild.1', '2.13.0', 'eksbuild.1'],
    ['v5.1.0-eks-1-31-7', '5.1.0', 'eks-1-31-7'],
    ['v1.30.5-gke.1014001', '1.30.5', 'gke.1014001'],
    ['v1.2.3+vmware.1', '1.2.3', 'vmware.1'],
    ['v1.2.3_vmware.1', '1.2.3', 'vmware.1'],
    ['v1.32.9-eks-113cf36', '1.32.9', 'eks-113cf36'],
    ['v1.30.2+k3s1', '1.30.2', 'k3s1'],
    ['v4.8.0-amd64', '4.8.0', 'amd64'],
    ['v2.15.0-eks-1-33-latest', '2.15.0', 'eks-1-33-latest'],
    ['1.14', '1.14.0', undefined],
    ['v0.32.7', '0.32.7', undefined],
    ['1.31+', '1.31.0', undefined],
  ])('%s is upstream %s', (text, version, vendor) => {
    expect(upstreamVersion(text)).toEqual({
      version: expect.objectContaining({ version }),
      ...(vendor ? { vendor } : {}),
    });
  });

  it('keeps upstream pre-releases below their release', () => {
    expect(upstreamVersion('v0.30.6-rc.1')?.version.version).toBe(
      '0.30.6-rc.1',
    );
    expect(upstreamVersion('v1.33.0-alpha.2')?.version.prerelease).toEqual([
      'alpha',
      2,
    ]);
    expect(upstreamVersion('v5.0.0-rc.1+eks.2')).toMatchObject({
      version: expect.objectContaining({ version: '5.0.0-rc.1' }),
      vendor: 'eks.2',
    });
  });

  it.each([
    'latest',
    'main',
    'sha-1a2b3c',
    'v1',
    '3',
    '',
    '1.2.3abc',
    'release-1.2',
  ])('%p names no release', text => {
    expect(upstreamVersion(text)).toBeNull();
    expect(tagVersion(text)).toBeNull();
  });

  it('feeds every version table: releases, server versions, image tags', () => {
    expect(formatRelease(parseRelease('v1.32.9-eks-113cf36')!)).toBe('1.32');
    expect(formatRelease(parseRelease('v1.30.5-gke.1014001')!)).toBe('1.30');
    expect(formatRelease(parseRelease('v1.29.15+vmware.1')!)).toBe('1.29');
    expect(
      serverRelease({
        major: '1',
        minor: '32+',
        gitVersion: 'v1.32.9-eks-113cf36',
      }),
    ).toBe(parseRelease('1.32'));
    expect(
      serverRelease({ major: '1', minor: '31+', gitVersion: 'unknown' }),
    ).toBe(parseRelease('1.31'));
    expect(tagVersion('v5.1.0-eks-1-31-7')?.version).toBe('5.1.0');
    expect(tagVersion('v1.2.3_vmware.1')?.version).toBe('1.2.3');
  });

  it('names the vendor build when describing a version', () => {
    expect(describeUpstream('v5.1.0-eks-1-31-7')).toBe(
      '5.1.0 (vendor build eks-1-31-7)',
    );
    expect(describeUpstream('v1.2.3')).toBe('1.2.3');
    expect(describeUpstream('latest')).toBe('latest');
  });

  it('tells tags that still move', () => {
    expect(isFloatingTag('v2.15.0-eks-1-33-latest')).toBe(true);
    expect(isFloatingTag('latest')).toBe(true);
    expect(isFloatingTag('v2.15.0-eks-1-33-7')).toBe(false);
    expect(isFloatingTag('v1.0.0-latestfix')).toBe(false);
  });
});
