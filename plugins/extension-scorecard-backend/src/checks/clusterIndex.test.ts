import { ClusterIndex } from './clusterIndex';
import { clusterCollection, kubeObject } from './__testUtils__/kube';

describe('ClusterIndex.memo', () => {
  const deployment = kubeObject('apps/v1', 'Deployment', 'web', 'shop');
  const other = kubeObject('apps/v1', 'Deployment', 'api', 'shop');

  it('computes a value once per object of a collection, for every index of that collection', () => {
    const collection = clusterCollection('c1', {
      objects: { deployments: [deployment, other] },
    });
    const compute = jest.fn((o: { metadata: { name: string } }) => ({
      name: o.metadata.name,
    }));
    const first = new ClusterIndex(collection);
    const value = first.memo('name', deployment, compute);
    expect(value).toEqual({ name: 'web' });
    expect(first.memo('name', deployment, compute)).toBe(value);
    // the next-minor report builds its own index of the same collection, and a
    // release view copies the collection around the same objects: both share it
    expect(new ClusterIndex(collection).memo('name', deployment, compute)).toBe(
      value,
    );
    const atRelease = new ClusterIndex({
      ...collection,
      version: { major: '1', minor: '32', gitVersion: 'v1.32.0' },
    });
    expect(atRelease.memo('name', deployment, compute)).toBe(value);
    expect(compute).toHaveBeenCalledTimes(1);

    expect(first.memo('name', other, compute)).toEqual({ name: 'api' });
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('keeps values of different names and collections apart', () => {
    const a = new ClusterIndex(
      clusterCollection('a', { objects: { deployments: [deployment] } }),
    );
    const b = new ClusterIndex(
      clusterCollection('b', { objects: { deployments: [deployment] } }),
    );
    expect(a.memo('x', deployment, () => 1)).toBe(1);
    expect(a.memo('y', deployment, () => 2)).toBe(2);
    expect(b.memo('x', deployment, () => 3)).toBe(3);
    expect(a.memo('x', deployment, () => 4)).toBe(1);
  });

  it('keeps a value that is undefined without computing it again', () => {
    const index = new ClusterIndex(
      clusterCollection('c1', { objects: { deployments: [deployment] } }),
    );
    const compute = jest.fn(() => undefined);
    expect(index.memo('none', deployment, compute)).toBeUndefined();
    expect(index.memo('none', deployment, compute)).toBeUndefined();
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
