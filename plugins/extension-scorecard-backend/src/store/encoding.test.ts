import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { compressJson, decompressJson, frameContentSize } from './encoding';

const ZSTD_MAGIC = 0xfd2fb528;

describe('compressJson', () => {
  const cases: Array<[string, unknown]> = [
    ['a small body', { id: 'component:default/kyverno', results: [] }],
    [
      'a body of a few kilobytes',
      {
        results: Array.from({ length: 40 }, (_, i) => ({
          checkId: `check.${i}`,
          message: `Deployment/kyverno/kyverno-admission-controller runs ${i} replicas`,
        })),
      },
    ],
    [
      'text beyond the basic plane and accents',
      { message: 'naïve café — 🚀 ☸ 日本語', nested: ['ü', '€'] },
    ],
    // random characters barely compress: the frame is larger than the text
    [
      'an incompressible body',
      { noise: randomBytes(200_000).toString('latin1') },
    ],
    ['a body larger than the shared buffer', { big: 'x'.repeat(3 << 20) }],
  ];

  it.each(cases)('reads back %s as it was written', (_, value) => {
    const body = compressJson(JSON.stringify(value));
    expect(body.readUInt32LE(0)).toBe(ZSTD_MAGIC);
    expect(decompressJson(body)).toEqual(value);
  });

  it('writes one frame per body, each readable alone', () => {
    const a = compressJson(JSON.stringify({ a: 1 }));
    const b = compressJson(JSON.stringify({ b: 'two' }));
    expect(zlib.zstdDecompressSync(a).toString()).toBe('{"a":1}');
    expect(decompressJson(Uint8Array.from(b))).toEqual({ b: 'two' });
  });

  it.each([10, 255, 256, 300, 65_791, 70_000, 5_000_000])(
    'declares the size of a %d-byte text in the frame header',
    size => {
      const text = JSON.stringify('a'.repeat(size - 2));
      const body = compressJson(text);
      expect(frameContentSize(body)).toBe(size);
      expect(decompressJson(body)).toBe('a'.repeat(size - 2));
    },
  );

  it('reads a frame that declares no size', () => {
    const body = zlib.zstdCompressSync(Buffer.from('{"streamed":true}'), {
      params: { [zlib.constants.ZSTD_c_contentSizeFlag]: 0 },
    });
    expect(frameContentSize(body)).toBeUndefined();
    expect(decompressJson(body)).toEqual({ streamed: true });
  });

  it('reads gzip bodies written by earlier versions', () => {
    const gzip = zlib.gzipSync(Buffer.from('{"level":6}'), { level: 6 });
    expect(decompressJson(gzip)).toEqual({ level: 6 });
  });
});
