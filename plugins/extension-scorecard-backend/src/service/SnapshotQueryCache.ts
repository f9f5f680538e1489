import { sha256 } from '../store/encoding';

/**
 * Answers of summary queries over one snapshot, kept in memory. A snapshot never
 * changes once written, so an answer for (query, snapshot id, filter, what the
 * reader may see) stays right for as long as the snapshot exists; the platform page
 * asks for the same summaries on every visit. Least recently used answers are
 * dropped beyond `maxEntries`. Per replica; nothing to invalidate.
 */
export class SnapshotQueryCache {
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(private readonly maxEntries = 500) {}

  /** The cached answer, or `compute()` once (concurrent callers share it). */
  async get<T>(
    query: string,
    snapshotId: number,
    parameters: unknown,
    compute: () => Promise<T>,
  ): Promise<T> {
    if (this.maxEntries <= 0) return compute();
    const key = `${query}|${snapshotId}|${sha256(JSON.stringify(parameters))}`;
    const hit = this.entries.get(key);
    if (hit) {
      // most recently used last
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const answer = compute();
    this.entries.set(key, answer);
    // a failed computation is not remembered
    answer.catch(() => this.entries.delete(key));
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return answer;
  }
}
