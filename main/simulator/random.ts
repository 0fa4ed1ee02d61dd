// A small seeded PRNG (mulberry32): the same seed always yields the same world.

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
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

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick() needs a non-empty list');
    return item;
  }

  /** `count` distinct items in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) {
      const index = Math.floor(this.next() * pool.length);
      chosen.push(pool.splice(index, 1)[0] as T);
    }
    return chosen;
  }

  /** A UUID v4 built from the seeded stream. */
  uuid(): string {
    const a = hex8(this.word());
    const b = hex8(this.word());
    const c = this.word();
    const d = hex8(this.word());
    const cHex = hex8(c);
    // Version 4 in the 13th digit, variant 10xx in the 17th (the top bits of the third word).
    const variant = (((c >>> 28) & 0x3) | 0x8).toString(16);
    return `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${cHex.slice(1, 4)}-${cHex.slice(4)}${d}`;
  }

  private word(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}

function hex8(word: number): string {
  return word.toString(16).padStart(8, '0');
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
