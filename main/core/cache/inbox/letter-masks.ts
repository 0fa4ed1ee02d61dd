/**
 * What characters and letter pairs each quote's folded text holds, as bits: a text holding a
 * word holds each of its characters and each pair of its neighbouring characters, so a
 * quote whose bits lack one of the word's is skipped without reading its text. The first
 * two numbers give a bit to each of a–z and 0–9 (a search for one of them is answered by
 * the bits alone) and share 28 among the other characters; the rest hash the pairs.
 */

/** Bits for the pairs: 2^8, each pair setting two of them (fewer quotes pass by chance than with one). */
const PAIR_BITS_LOG2 = 8;
const PAIR_NUMBERS = (1 << PAIR_BITS_LOG2) >>> 5;
/** Numbers per slot: two for the characters, then the pairs. */
const MASK_NUMBERS = 2 + PAIR_NUMBERS;
/** Bits 0–25 are a–z, 26–35 are 0–9: one character each. */
const OWN_BITS = 36;
const SHARED_BITS = 64 - OWN_BITS;
/** How many slots `shareHolding` looks at. */
const SAMPLE = 256;

function characterBit(code: number): number {
  if (code >= 97 && code <= 122) return code - 97;
  if (code >= 48 && code <= 57) return code - 48 + 26;
  return OWN_BITS + (code % SHARED_BITS);
}

/** Whether a search word never holds it: pairs across it are never asked for. */
function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13);
}

/** The bits a text must hold: which numbers of the slot (`numbers`) and their bits there, only numbers with a bit. */
export interface Need {
  readonly numbers: Int32Array;
  readonly bits: Int32Array;
}

/**
 * The bits of every slot of a scope, one array per number (a search reads only the numbers
 * its words have bits in, each in sequence): 4 × MASK_NUMBERS bytes a slot.
 */
export class LetterMasks {
  private numbers: Int32Array[] = Array.from({ length: MASK_NUMBERS }, () => new Int32Array(0));

  /** Bytes held per slot. */
  static readonly BYTES_PER_SLOT = 4 * MASK_NUMBERS;

  get capacity(): number {
    return this.numbers[0]!.length;
  }

  /** Writes the slot's bits from `text` between `start` and `end`: each character but spaces, each pair of neighbours neither of which is a space. */
  write(slot: number, text: string, start: number, end: number): void {
    if (slot >= this.capacity) this.grow(slot + 1);
    const numbers = this.numbers;
    for (let number = 2; number < MASK_NUMBERS; number += 1) numbers[number]![slot] = 0;
    let low = 0;
    let high = 0;
    let previous = -1;
    for (let index = start; index < end; index += 1) {
      const code = text.charCodeAt(index);
      if (isSpace(code)) {
        previous = -1;
        continue;
      }
      const bit = characterBit(code);
      if (bit < 32) low |= 1 << bit;
      else high |= 1 << (bit - 32);
      if (previous >= 0) {
        const hash = Math.imul((previous << 16) | code, 0x9e3779b1);
        const one = hash >>> (32 - PAIR_BITS_LOG2);
        const two = (hash >>> (24 - PAIR_BITS_LOG2)) & ((1 << PAIR_BITS_LOG2) - 1);
        numbers[2 + (one >>> 5)]![slot]! |= 1 << (one & 31);
        numbers[2 + (two >>> 5)]![slot]! |= 1 << (two & 31);
      }
      previous = code;
    }
    numbers[0]![slot] = low;
    numbers[1]![slot] = high;
  }

  bitsAt(slot: number, number: number): number {
    return this.numbers[number]![slot]!;
  }

  /** Whether the slot holds every bit of `need`. */
  holds(slot: number, need: Need): boolean {
    const { numbers, bits } = need;
    for (let index = 0; index < numbers.length; index += 1) if ((bits[index]! & ~this.numbers[numbers[index]!]![slot]!) !== 0) return false;
    return true;
  }

  /** Writes into `slots` those below `end` that hold every bit of `need`, ascending; returns how many. */
  slotsHolding(need: Need, end: number, slots: Int32Array): number {
    let count = 0;
    if (need.numbers.length === 1) {
      // One number to read (a single letter, or letters of one kind): a plain pass.
      const number = this.numbers[need.numbers[0]!]!;
      const bits = need.bits[0]!;
      for (let slot = 0; slot < end; slot += 1) if ((bits & ~number[slot]!) === 0) slots[count++] = slot;
      return count;
    }
    for (let slot = 0; slot < end; slot += 1) if (this.holds(slot, need)) slots[count++] = slot;
    return count;
  }

  /** About what share of the slots below `end` hold every bit of `need`, judged on a sample. */
  shareHolding(need: Need, end: number): number {
    const step = Math.max(1, Math.floor(end / SAMPLE));
    let held = 0;
    let tried = 0;
    for (let slot = 0; slot < end; slot += step) {
      if (this.holds(slot, need)) held += 1;
      tried += 1;
    }
    return tried === 0 ? 0 : held / tried;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.capacity * 2, 512);
    this.numbers = this.numbers.map((number) => {
      const grown = new Int32Array(size);
      grown.set(number);
      return grown;
    });
  }
}

/** The bits every text holding all these words (folded, without spaces) has, less those of `known` (bits the candidates are known to hold). */
export function maskOfWords(words: readonly string[], known?: Need): Need {
  const scratch = new LetterMasks();
  const need = new Int32Array(MASK_NUMBERS);
  for (const word of words) {
    scratch.write(0, word, 0, word.length);
    for (let number = 0; number < MASK_NUMBERS; number += 1) need[number]! |= scratch.bitsAt(0, number);
  }
  if (known) for (let index = 0; index < known.numbers.length; index += 1) need[known.numbers[index]!]! &= ~known.bits[index]!;
  const numbers = [...need.keys()].filter((number) => need[number] !== 0);
  return { numbers: Int32Array.from(numbers), bits: Int32Array.from(numbers, (number) => need[number]!) };
}

/** Whether a text's bits say exactly whether it holds this word: a single letter a–z or digit. */
export function maskIsExact(word: string): boolean {
  return word.length === 1 && characterBit(word.charCodeAt(0)) < OWN_BITS;
}
