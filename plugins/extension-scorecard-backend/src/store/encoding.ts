import { hash } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * JSON with object keys sorted, so equal content always gives equal text
 * (and equal hashes) whatever order the producer built the object in.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item) => {
    if (item && typeof item === 'object' && !Array.isArray(item)) {
      const sorted: Record<string, unknown> = {};
      for (const key of Object.keys(item).sort()) sorted[key] = item[key];
      return sorted;
    }
    return item;
  });
}

/** SHA-256 hex of a text (one-shot: several times faster than a Hash object for short texts). */
export function sha256(text: string): string {
  return hash('sha256', text, 'hex');
}

/*
 * zstd at level 1 where Node.js has it (22.15 and later): about three times faster than
 * gzip at level 6 for a smaller result on scorecards. Else gzip at level 1. Reading
 * tells the two apart by their magic numbers, so bodies written by either (and the
 * gzip level 6 bodies of earlier versions) read back alike.
 */
const zstd =
  typeof zlib.zstdCompressSync === 'function'
    ? {
        compress: zlib.zstdCompressSync,
        decompress: zlib.zstdDecompressSync,
        options: {
          params: { [zlib.constants.ZSTD_c_compressionLevel]: 1 },
        },
      }
    : undefined;
const ZSTD_MAGIC = 0xfd2fb528; // little-endian 28 b5 2f fd

/**
 * One buffer to encode texts into before compressing them: a snapshot compresses
 * thousands of bodies of a few kilobytes, and a new buffer for each (and a zstd
 * context sized for a large input) made the garbage collector run over the whole heap
 * again and again. Compressing is synchronous, so one buffer serves every call.
 */
let scratch = Buffer.allocUnsafe(1 << 20);
const MAX_SCRATCH = 32 << 20;

/** Compresses a JSON text for a binary column. */
export function compressJson(text: string): Buffer {
  if (!zstd) return zlib.gzipSync(Buffer.from(text, 'utf8'), { level: 1 });
  // a UTF-16 code unit is at most 3 bytes of UTF-8
  const most = text.length * 3;
  if (most > scratch.length && most <= MAX_SCRATCH) {
    scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
  }
  const input =
    most <= scratch.length
      ? scratch.subarray(0, scratch.write(text, 0, 'utf8'))
      : Buffer.from(text, 'utf8');
  // the size known in advance lets zstd size its window and tables to the input
  return zstd.compress(input, {
    ...zstd.options,
    pledgedSrcSize: input.length,
  });
}

/** Reverses {@link compressJson}; accepts what either database driver returns. */
export function decompressJson<T>(body: Buffer | Uint8Array): T {
  const input = Buffer.from(body);
  let text: Buffer;
  if (input.length >= 4 && input.readUInt32LE(0) === ZSTD_MAGIC) {
    if (!zstd)
      throw new Error(
        'this value is zstd-compressed and this Node.js has no zstd (use Node.js 22.15 or later)',
      );
    text = zstd.decompress(input);
  } else {
    text = zlib.gunzipSync(input);
  }
  return JSON.parse(text.toString('utf8')) as T;
}

/** Parses a JSON text column. */
export function parseJsonColumn<T>(
  text: string | null | undefined,
  fallback: T,
): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}
