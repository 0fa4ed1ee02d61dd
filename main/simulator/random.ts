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
    const a = this.word();
    const b = this.word();
    const c = this.word();
    const d = this.word();
    // Version 4 in the 13th digit, variant 10xx in the 17th (the top bits of the third word).
    const variant = ((c >>> 28) & 0x3) | 0x8;
    let at = writeHex(a, 8, 0);
    UUID_CODES[at++] = DASH;
    at = writeHex(b >>> 16, 4, at);
    UUID_CODES[at++] = DASH;
    at = writeHex(0x4000 | (b & 0xfff), 4, at);
    UUID_CODES[at++] = DASH;
    at = writeHex((variant << 12) | ((c >>> 16) & 0xfff), 4, at);
    UUID_CODES[at++] = DASH;
    at = writeHex(c & 0xffff, 4, at);
    writeHex(d, 8, at);
    // One flat string: joining pieces would leave a rope of a dozen nodes per id, several
    // hundred bytes each for the hundreds of thousands of ids a large world holds.
    return String.fromCharCode.apply(null, UUID_CODES as unknown as number[]);
  }

  private word(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}

const DASH = 45;
const HEX_CODES = [...'0123456789abcdef'].map((digit) => digit.charCodeAt(0));
const UUID_CODES = new Uint16Array(36);

/** Writes the low `count` hex digits of `value` into UUID_CODES from `at`; returns where it stopped. */
function writeHex(value: number, count: number, at: number): number {
  for (let index = count - 1; index >= 0; index--) UUID_CODES[at + index] = HEX_CODES[(value >>> ((count - 1 - index) * 4)) & 0xf]!;
  return at + count;
}

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
