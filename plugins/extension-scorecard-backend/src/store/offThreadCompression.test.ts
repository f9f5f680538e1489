import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import * as encoding from './encoding';
import { compressionCounts, compressBodies } from './offThreadCompression';

const utf8 = (input: string[]) => input.map(t => Buffer.from(t, 'utf8'));

const texts = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      componentId: `component:default/c${i}`,
      message: `Deployment/ns-${i}/controller runs ${i % 3} replicas — naïve ☸`,
      results: Array.from({ length: i % 7 }, (__, j) => ({
        checkId: `c.${j}`,
      })),
    }),
  );

describe('compressBodies', () => {
  it('compresses many bodies off the calling thread to the very bytes of compressJson', async () => {
    const input = [...texts(200), JSON.stringify('x'.repeat(300_000))];
    const expected = input.map(encoding.compressJson);
    const before = compressionCounts();
    const bodies = await compressBodies(utf8(input));
    expect(compressionCounts()).toEqual({
      here: before.here,
      offThread: before.offThread + input.length,
    });
    expect(bodies.map(b => b.toString('base64'))).toEqual(
      expected.map(b => b.toString('base64')),
    );
    expect(bodies.map(b => encoding.decompressJson(b))).toEqual(
      input.map(t => JSON.parse(t)),
    );
  });

  it('compresses a few bodies here', async () => {
    const before = compressionCounts();
    const input = texts(3);
    const bodies = await compressBodies(utf8(input));
    expect(compressionCounts()).toEqual({
      here: before.here + 3,
      offThread: before.offThread,
    });
    expect(bodies.map(b => encoding.decompressJson(b))).toEqual(
      input.map(t => JSON.parse(t)),
    );
  });

  it('serves calls made at the same time, each its own bodies', async () => {
    const [a, b] = await Promise.all([
      compressBodies(utf8(texts(100))),
      compressBodies(utf8(texts(150).reverse())),
    ]);
    expect(a.map(x => encoding.decompressJson(x))).toEqual(
      texts(100).map(t => JSON.parse(t)),
    );
    expect(b.map(x => encoding.decompressJson(x))).toEqual(
      texts(150)
        .reverse()
        .map(t => JSON.parse(t)),
    );
  });

  it('keeps a process with nothing else to wait for alive until the bodies are back, then lets it end', async () => {
    // a script writing to SQLite has no open handle while it waits for the worker
    const script = `
      const { compressBodies } = require(${JSON.stringify(
        path.join(__dirname, 'offThreadCompression'),
      )});
      const bodies = Array.from({ length: 300 }, (_, i) => Buffer.from(JSON.stringify({ i })));
      compressBodies(bodies).then(out => console.log('compressed', out.length));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--require',
        require.resolve('@backstage/cli/config/nodeTransform.cjs'),
        '-e',
        script,
      ],
      { timeout: 60_000 },
    );
    expect(stdout.trim()).toBe('compressed 300');
  });
});
