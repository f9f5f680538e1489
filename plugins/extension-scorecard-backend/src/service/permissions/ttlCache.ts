/**
 * Answers reused for a while per key (visibility, group membership): a promise is
 * cached so concurrent callers share one lookup, and dropped when it fails.
 */
export class TtlCache<T> {
  private readonly entries = new Map<
    string,
    { value: Promise<T>; until: number }
  >();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5000,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (this.entries.size > this.maxEntries) {
      for (const [k, entry] of this.entries) {
        if (entry.until <= now) this.entries.delete(k);
      }
    }
    const value = load();
    this.entries.set(key, { value, until: now + this.ttlMs });
    value.catch(() => this.entries.delete(key));
    return value;
  }
}
