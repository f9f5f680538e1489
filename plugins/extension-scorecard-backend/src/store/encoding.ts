import { hash } from 'node:crypto';
import zlib from 'node:zlib';

/**
 * JSON with object keys sorted, so equal content always gives equal text
 * (and equal hashes) whatever order the producer built the object in.
 *
 * The text is that of `JSON.stringify` with a replacer sorting each object's keys (what
 * this function was, and what stored state hashes were made with); a copy with sorted
 * keys is serialized instead, which keeps JSON.stringify on its fast path: a replacer
 * called for every key made the state hashes of a first snapshot of 10,000 components
 * cost about a second.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortedCopy(value, ''));
}

/** `value` as JSON.stringify would see it after toJSON, objects copied with sorted keys. */
function sortedCopy(value: unknown, key: string): unknown {
  let item = value;
  // JSON.stringify calls toJSON once, with the key, before anything else (Dates)
  if (
    item !== null &&
    typeof item === 'object' &&
    typeof (item as { toJSON?: unknown }).toJSON === 'function'
  ) {
    item = (item as { toJSON(key: string): unknown }).toJSON(key);
  }
  if (item === null || typeof item !== 'object') return item;
  if (Array.isArray(item)) {
    const out: unknown[] = new Array(item.length);
    for (let i = 0; i < item.length; i++)
      out[i] = sortedCopy(item[i], String(i));
    return out;
  }
  const sorted: Record<string, unknown> = {};
  for (const name of Object.keys(item).sort()) {
    sorted[name] = sortedCopy((item as Record<string, unknown>)[name], name);
  }
  return sorted;
}

/**
 * Whether `JSON.stringify` writes the same text for both values, without writing it:
 * the same keys in the same order at every depth. Values held by both (a list shared by
 * many scorecards) compare at once, where the text would be written out twice.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  return a === b || sameAsJson(asJson(a, ''), asJson(b, ''));
}

/**
 * What JSON.stringify writes in place of `value` at `key` (an array's index is named
 * as a number, and written out only for a toJSON): after toJSON, unboxed.
 */
function asJson(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== 'object') return value;
  let item: unknown = value;
  if (typeof (item as { toJSON?: unknown }).toJSON === 'function') {
    item = (item as { toJSON(key: string): unknown }).toJSON(String(key));
    if (item === null || typeof item !== 'object') return item;
  }
  if (
    item instanceof Number ||
    item instanceof String ||
    item instanceof Boolean
  )
    return item.valueOf();
  return item;
}

/** Not written: an object's property holding it is left out, an array writes null. */
function unwritten(value: unknown): boolean {
  return (
    value === undefined ||
    typeof value === 'function' ||
    typeof value === 'symbol'
  );
}

/** Two primitives, not identical: the same text only as numbers, null or unwritten. */
function samePrimitive(a: unknown, b: unknown): boolean {
  const kinds = `${typeof a} ${typeof b}`;
  if (kinds.includes('string') || kinds.includes('boolean')) return false;
  return JSON.stringify(a) === JSON.stringify(b); // NaN, Infinity and null write null
}

/** {@link sameJson} of two values already through {@link asJson}. */
function sameAsJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const aObject = a !== null && typeof a === 'object';
  const bObject = b !== null && typeof b === 'object';
  if (!aObject || !bObject) return !aObject && !bObject && samePrimitive(a, b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      const x = asJson(a[i], i);
      const y = asJson(b[i], i);
      if (!sameAsJson(unwritten(x) ? null : x, unwritten(y) ? null : y))
        return false;
    }
    return true;
  }
  if (Array.isArray(b)) return false;
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const aKeys = Object.keys(aRecord);
  const bKeys = Object.keys(bRecord);
  let i = 0;
  let j = 0;
  for (;;) {
    let x: unknown = undefined;
    let y: unknown = undefined;
    for (; i < aKeys.length; i++) {
      x = asJson(aRecord[aKeys[i]], aKeys[i]);
      if (!unwritten(x)) break;
    }
    for (; j < bKeys.length; j++) {
      y = asJson(bRecord[bKeys[j]], bKeys[j]);
      if (!unwritten(y)) break;
    }
    if (i === aKeys.length || j === bKeys.length)
      return i === aKeys.length && j === bKeys.length;
    if (aKeys[i] !== bKeys[j] || !sameAsJson(x, y)) return false;
    i++;
    j++;
  }
}

/**
 * SHA-256 hex of a text, or of its UTF-8 bytes (the same digest). One-shot: several
 * times faster than a Hash object for short texts.
 */
export function sha256(text: string | Uint8Array): string {
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

/**
 * The UTF-8 of a text in the scratch buffer (valid until the next call), or in a
 * buffer of its own when it is too large for it.
 */
function encodedInScratch(text: string): Buffer {
  // a UTF-16 code unit is at most 3 bytes of UTF-8
  const most = text.length * 3;
  if (most > scratch.length && most <= MAX_SCRATCH) {
    scratch = Buffer.allocUnsafe(Math.max(most, scratch.length * 2));
  }
  return most <= scratch.length
    ? scratch.subarray(0, scratch.write(text, 0, 'utf8'))
    : Buffer.from(text, 'utf8');
}

/**
 * A text's UTF-8 bytes in a buffer of their own. Encoding once for hashing, sizing and
 * compressing matters for stored evaluations: their countdown tokens and arrows make
 * them two-byte strings, which every hash or compression of the string itself encodes
 * again (`Buffer.from` alone measures the string, then encodes it: about twice the
 * time of writing into a buffer large enough and copying the bytes out).
 */
export function utf8Bytes(text: string): Buffer {
  return Buffer.from(encodedInScratch(text));
}

/** Compresses UTF-8 JSON for a binary column (what {@link compressJson} stores). */
export function compressBytes(input: Uint8Array): Buffer {
  if (!zstd) return zlib.gzipSync(input, { level: 1 });
  return zstd.compress(input, zstdFrameOptions(input.length));
}

/** Compresses a JSON text for a binary column. */
export function compressJson(text: string): Buffer {
  return compressBytes(encodedInScratch(text));
}

/** True when bodies are compressed with zstd (Node.js 22.15 and later), else gzip. */
export const ZSTD_AVAILABLE = zstd !== undefined;

/**
 * The zstd options for a body of `size` bytes (also what off-thread compression
 * applies): level 1; the size known in advance, so zstd sizes its window and tables to
 * the input and writes it in the frame header; and the output buffer sized to the most
 * it can take (else each call allocates zstd's 128 KiB stream buffer for a body of a
 * few kilobytes).
 */
export function zstdFrameOptions(size: number): zlib.ZstdOptions {
  return {
    params: { [zlib.constants.ZSTD_c_compressionLevel]: 1 },
    pledgedSrcSize: size,
    chunkSize: compressBound(size),
  };
}

/** ZSTD_compressBound: the largest frame zstd makes of `size` bytes. */
function compressBound(size: number): number {
  const small = 128 << 10;
  return size + (size >> 8) + (size < small ? (small - size) >> 11 : 0) + 64;
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
    // the output buffer sized to the frame's content (else 128 KiB a body, as above)
    const size = frameContentSize(input);
    text = zstd.decompress(
      input,
      size !== undefined && size <= MAX_SCRATCH
        ? { chunkSize: Math.max(64, size) }
        : {},
    );
  } else {
    text = zlib.gunzipSync(input);
  }
  return JSON.parse(text.toString('utf8')) as T;
}

/**
 * The content size a zstd frame's header declares (compressJson pledges it), or
 * undefined when it declares none. Header: magic (4 bytes), descriptor (content size
 * field size in bits 7-6, single segment in bit 5, dictionary id size in bits 1-0),
 * a window byte unless single segment, the dictionary id, then the size (little
 * endian; a 2-byte size counts from 256).
 */
export function frameContentSize(frame: Buffer): number | undefined {
  if (frame.length < 5) return undefined;
  const descriptor = frame[4];
  const sizeFlag = descriptor >> 6;
  const singleSegment = (descriptor >> 5) & 1;
  const dictionaryBytes = [0, 1, 2, 4][descriptor & 3];
  const sizeBytes = [singleSegment ? 1 : 0, 2, 4, 8][sizeFlag];
  if (sizeBytes === 0) return undefined;
  const at = 5 + (singleSegment ? 0 : 1) + dictionaryBytes;
  if (frame.length < at + sizeBytes) return undefined;
  switch (sizeBytes) {
    case 1:
      return frame[at];
    case 2:
      return frame.readUInt16LE(at) + 256;
    case 4:
      return frame.readUInt32LE(at);
    default:
      return Number(frame.readBigUInt64LE(at));
  }
}

/** Parses a JSON text column. */
export function parseJsonColumn<T>(
  text: string | null | undefined,
  fallback: T,
): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}
