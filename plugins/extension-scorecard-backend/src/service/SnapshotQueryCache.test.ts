import { SnapshotQueryCache } from './SnapshotQueryCache';

describe('SnapshotQueryCache', () => {
  it('computes an answer once per query, snapshot and parameters', async () => {
    const cache = new SnapshotQueryCache();
    const compute = jest.fn(async () => ({ n: 1 }));
    const first = await cache.get('teams', 7, { owner: ['a'] }, compute);
    const again = await cache.get('teams', 7, { owner: ['a'] }, compute);
    expect(again).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);

    await cache.get('teams', 8, { owner: ['a'] }, compute);
    await cache.get('teams', 7, { owner: ['b'] }, compute);
    await cache.get('heatmap', 7, { owner: ['a'] }, compute);
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('shares one computation between concurrent callers', async () => {
    const cache = new SnapshotQueryCache();
    let resolve: (v: number) => void = () => {};
    const compute = jest.fn(() => new Promise<number>(r => (resolve = r)));
    const a = cache.get('q', 1, {}, compute);
    const b = cache.get('q', 1, {}, compute);
    resolve(42);
    await expect(Promise.all([a, b])).resolves.toEqual([42, 42]);
    expect(compute).toHaveBeenCalledTimes(1);
  });

  it('does not remember failures', async () => {
    const cache = new SnapshotQueryCache();
    const compute = jest
      .fn()
      .mockRejectedValueOnce(new Error('database busy'))
      .mockResolvedValueOnce('ok');
    await expect(cache.get('q', 1, {}, compute)).rejects.toThrow(
      'database busy',
    );
    await expect(cache.get('q', 1, {}, compute)).resolves.toBe('ok');
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('drops the least recently used answer beyond its size, and is off at 0', async () => {
    const cache = new SnapshotQueryCache(2);
    const compute = jest.fn(async () => 'x');
    await cache.get('q', 1, {}, compute);
    await cache.get('q', 2, {}, compute);
    await cache.get('q', 1, {}, compute); // 1 is now the most recent
    await cache.get('q', 3, {}, compute); // drops 2
    await cache.get('q', 1, {}, compute);
    expect(compute).toHaveBeenCalledTimes(3);
    await cache.get('q', 2, {}, compute);
    expect(compute).toHaveBeenCalledTimes(4);

    const off = new SnapshotQueryCache(0);
    const fresh = jest.fn(async () => 'y');
    await off.get('q', 1, {}, fresh);
    await off.get('q', 1, {}, fresh);
    expect(fresh).toHaveBeenCalledTimes(2);
  });
});
