/**
 * A seeded pseudo-random source (mulberry32) so a fleet is the same on every run.
 * `fork(label)` derives an independent stream, so what one component gets does not
 * depend on how many components came before it.
 */
export class SeededRandom {
  private state: number;
  private readonly origin: number;

  constructor(seed: number) {
    this.origin = seed >>> 0 || 0x9e3779b9;
    this.state = this.origin;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the entries, each with its weight. */
  weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1][0];
  }

  /** `count` distinct items, in their original order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const chosen = new Set<number>();
    const n = Math.min(count, items.length);
    while (chosen.size < n) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((a, b) => a - b).map(i => items[i]);
  }

  /** A UUID-shaped identifier (like metadata.uid). */
  uid(): string {
    const word = () =>
      Math.floor(this.next() * 4294967296)
        .toString(16)
        .padStart(8, '0');
    const hex = word() + word() + word() + word();
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${
      '89ab'[this.int(0, 3)]
    }${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }

  /**
   * An independent stream for `label`: the same seed and label give the same stream,
   * however much of this stream was used before.
   */
  fork(label: string | number): SeededRandom {
    let h = (this.origin ^ 0x811c9dc5) >>> 0;
    const text = String(label);
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
    }
    return new SeededRandom(h ^ 0x5bd1e995);
  }
}
