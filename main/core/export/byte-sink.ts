// A file's bytes written as its text is made, into one buffer: a 100,000-row CSV is about 30
// MB, and keeping its chunks and then joining them held it twice at the end of every export.

const FIRST_CAPACITY = 64 * 1024;
/** Room left over that is worth a copy of the exact length when the file is taken. */
const SLACK_WORTH_COPYING = 1 / 8;

export class ByteSink {
  private buffer: Uint8Array;
  private used = 0;
  private readonly encoder = new TextEncoder();

  constructor(capacity = FIRST_CAPACITY) {
    this.buffer = new Uint8Array(capacity);
  }

  get length(): number {
    return this.used;
  }

  /** Makes room for `total` bytes in all (an estimate of the whole file spares the doublings). */
  reserve(total: number): void {
    if (total <= this.buffer.length) return;
    const grown = new Uint8Array(total);
    grown.set(this.buffer.subarray(0, this.used));
    this.buffer = grown;
  }

  write(text: string): void {
    let rest = text;
    for (;;) {
      const { read, written } = this.encoder.encodeInto(rest, this.buffer.subarray(this.used));
      this.used += written;
      if (read === rest.length) return;
      rest = rest.slice(read);
      // At most 3 bytes a UTF-16 unit: one growth is then always enough for what is left.
      this.reserve(Math.max(this.buffer.length * 2, this.used + rest.length * 3));
    }
  }

  /** The bytes written; the sink is not written to after. */
  bytes(): Uint8Array {
    const slack = this.buffer.length - this.used;
    return slack > this.used * SLACK_WORTH_COPYING ? this.buffer.slice(0, this.used) : this.buffer.subarray(0, this.used);
  }
}
