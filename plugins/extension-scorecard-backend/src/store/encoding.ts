import { hash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';

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

/** Compresses a JSON text for a binary column. */
export function compressJson(text: string): Buffer {
  return gzipSync(Buffer.from(text, 'utf8'), { level: 6 });
}

/** Reverses {@link compressJson}; accepts what either database driver returns. */
export function decompressJson<T>(body: Buffer | Uint8Array): T {
  return JSON.parse(gunzipSync(Buffer.from(body)).toString('utf8')) as T;
}

/** Parses a JSON text column. */
export function parseJsonColumn<T>(
  text: string | null | undefined,
  fallback: T,
): T {
  if (text === null || text === undefined || text === '') return fallback;
  return JSON.parse(text) as T;
}
