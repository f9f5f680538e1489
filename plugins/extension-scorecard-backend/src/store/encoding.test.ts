import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import fc from 'fast-check';
import {
  canonicalJson,
  compressBytes,
  compressJson,
  decompressJson,
  frameContentSize,
  sameJson,
  sha256,
  utf8Bytes,
} from './encoding';

const ZSTD_MAGIC = 0xfd2fb528;

/** Any value, with what JSON.stringify treats apart: boxes, Dates, Maps, holes. */
const anyValue = fc.anything({
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

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

  it('compresses UTF-8 bytes to the very frame of their text', () => {
    for (const [, value] of cases) {
      const text = JSON.stringify(value);
      expect(compressBytes(utf8Bytes(text)).equals(compressJson(text))).toBe(
        true,
      );
    }
  });

  it('reads gzip bodies written by earlier versions', () => {
    const gzip = zlib.gzipSync(Buffer.from('{"level":6}'), { level: 6 });
    expect(decompressJson(gzip)).toEqual({ level: 6 });
  });
});

describe('utf8Bytes', () => {
  // countdown tokens (private use), arrows, astral characters and lone surrogates,
  // in texts from empty to beyond the shared buffer
  const text = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc
      .tuple(
        fc.string({ unit: 'grapheme', maxLength: 50 }),
        fc.constantFrom('\uE000', '→', '≥', '…', '\uD800', '😀', ''),
        fc.nat({ max: 3 << 20 }),
      )
      .map(([a, b, n]) => `${a}${b}${'x'.repeat(n)}${b}`),
  );

  it('is what Buffer.from encodes, in a buffer of its own, hashed alike', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const bytesA = utf8Bytes(a);
        const bytesB = utf8Bytes(b);
        // the second encoding leaves the first untouched
        expect(bytesA.equals(Buffer.from(a, 'utf8'))).toBe(true);
        expect(bytesB.equals(Buffer.from(b, 'utf8'))).toBe(true);
        expect(sha256(bytesA)).toBe(sha256(a));
      }),
      { numRuns: 60 },
    );
  });
});

describe('canonicalJson', () => {
  /** What canonicalJson was, and what the stored state hashes were made with. */
  function withReplacer(value: unknown): string {
    return JSON.stringify(value, (_key, item) => {
      if (item && typeof item === 'object' && !Array.isArray(item)) {
        const sorted: Record<string, unknown> = {};
        for (const key of Object.keys(item).sort()) sorted[key] = item[key];
        return sorted;
      }
      return item;
    });
  }

  it('sorts keys at every depth, whatever order the object was built in', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ f: 1, e: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[{"e":2,"f":1}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('writes the very text the replacer did, for any value', () => {
    fc.assert(
      fc.property(anyValue, value => {
        expect(canonicalJson(value)).toBe(withReplacer(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('calls toJSON once, with the key, as JSON.stringify does', () => {
    const keys: string[] = [];
    const stamp = (name: string) => ({
      toJSON(key: string) {
        keys.push(key);
        return { z: name, a: { toJSON: () => 'inner' } };
      },
    });
    const value = {
      when: new Date(0),
      list: [stamp('first')],
      one: stamp('x'),
    };
    expect(canonicalJson(value)).toBe(withReplacer(value));
    expect(keys).toEqual(['0', 'one', '0', 'one']);
  });
});

describe('sameJson', () => {
  /** Small values, so that equal texts and near misses come up by chance. */
  const small = fc.letrec(tie => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom<unknown>(
        null,
        undefined,
        0,
        -0,
        1,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        '',
        '1',
        'null',
        true,
        false,
        () => 1,
        Symbol.for('s'),
        new Date(0),
        Object(1),
        Object('1'),
      ),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom('a', 'b', '1', '0'), tie('value'), {
        maxKeys: 3,
      }),
    ),
  })).value;
  const stringifiedAlike = (a: unknown, b: unknown) =>
    JSON.stringify(a) === JSON.stringify(b);

  it('is true exactly when JSON.stringify writes the same text', () => {
    fc.assert(
      fc.property(small, small, (a, b) => {
        expect(sameJson(a, b)).toBe(stringifiedAlike(a, b));
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(anyValue, anyValue, (a, b) => {
        expect(sameJson(a, b)).toBe(stringifiedAlike(a, b));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds a value equal to its copy through JSON, and to that copy changed only as the text is', () => {
    fc.assert(
      fc.property(anyValue, value => {
        const text = JSON.stringify(value);
        if (text === undefined) return;
        expect(sameJson(value, JSON.parse(text))).toBe(true);
        const changed = JSON.parse(text.replace(/\d/, '7'));
        expect(sameJson(value, changed)).toBe(JSON.stringify(changed) === text);
      }),
      { numRuns: 2000 },
    );
  });

  it('tells key order apart, as the text does, and skips what is not written', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, f: () => 2 }, { f: undefined, a: 1 })).toBe(true);
    expect(sameJson([undefined, () => 1], [null, null])).toBe(true);
    expect(
      sameJson({ d: new Date(0) }, { d: '1970-01-01T00:00:00.000Z' }),
    ).toBe(true);
    const shared = Object.freeze(['kube-system', 'default']);
    expect(sameJson({ names: shared }, { names: shared })).toBe(true);
    expect(sameJson({ names: shared }, { names: ['kube-system'] })).toBe(false);
  });
});
