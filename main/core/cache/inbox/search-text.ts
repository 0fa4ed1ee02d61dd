import { LetterMasks, maskIsExact, maskOfWords } from './letter-masks';
import type { Need } from './letter-masks';

/** A member of a scope as the search sees it: its folded text and its place in the blocks. */
export interface Searchable {
  /**
   * Folded project name, quote number, company and reference, one per line: computed when
   * asked, not kept (the blocks hold every member's text; 80 bytes a quote at 100,000).
   */
  readonly searchText: string;
  /** Its place in this scope's blocks (-1 when not in them). */
  textSlot: number;
}

/** Quotes per block (2^BLOCK_BITS): rebuilding one block's text after a change joins this many strings. */
const BLOCK_BITS = 9;
// A shift, not `2 ** 9`: that is a double, and slots computed from it would be stored in every member as boxed numbers.
const BLOCK_SIZE = 1 << BLOCK_BITS;
/** How many changes are remembered for patching a search result. */
const LOG_LIMIT = 4096;
/** Between two quotes' texts: a search word never holds it (folding turns control characters to spaces). */
const SEPARATOR = '\u0001';

/** Above this share of the quotes holding the first letter, the candidates a word's bits allow are found by a scan of the text rather than one by one. */
const SCAN_SHARE = 0.4;
/** How many members of a large result `narrowingPays` looks at. */
const NARROW_SAMPLE = 64;
/** A word is searched by a later letter when that letter is at least this many times rarer than its first. */
const ANCHOR_GAIN = 3;
/** Characters whose frequency is counted (the rest, outside ASCII, count as rare). */
const FREQUENCIES = 128;

/** A search's members: their slots, ascending, and where its first word first lies in each one's text. */
export interface Found {
  readonly slots: Int32Array;
  readonly at: Int32Array;
}

/**
 * Collects a result into typed arrays of the most it can hold (cut to size at the end):
 * two growing arrays of 100,000 numbers cost more than the search that fills them.
 */
export class FoundBuilder {
  private readonly slots: Int32Array;
  private readonly at: Int32Array;
  private length = 0;

  constructor(capacity: number) {
    this.slots = new Int32Array(capacity);
    this.at = new Int32Array(capacity);
  }

  add(slot: number, at: number): void {
    this.slots[this.length] = slot;
    this.at[this.length] = at;
    this.length += 1;
  }

  done(): Found {
    return { slots: this.slots.subarray(0, this.length), at: this.at.subarray(0, this.length) };
  }
}

interface Block<M> {
  /** Its first slot. */
  readonly base: number;
  members: (M | null)[];
  /** The members' texts joined (null: never built), built again at the first search after a change. */
  text: string | null;
  /** The places in `members` changed since `text` was built (null: none): the rest of the rebuild is read from `text`. */
  stale: Set<number> | null;
  /** Where each member's text starts in `text`; one more entry for the end. */
  starts: Int32Array;
}

/**
 * A scope's search text, kept compactly: each block of 512 quotes is one string, so a word
 * is found with one `indexOf` per match instead of one `includes` per quote (a tenth of
 * the time at 100,000 quotes), and a change rebuilds only its block.
 */
export class SearchText<M extends Searchable> {
  private readonly blocks: Block<M>[] = [];
  private readonly free: number[] = [];
  private count = 0;
  /** Moves whenever a member comes, goes or changes its text; `changedSince` says which. */
  version = 0;
  /** The slots changed since version `logStart`, in order (kept short: older ones are forgotten). */
  private log: number[] = [];
  private logStart = 0;
  /** How often each character below 128 occurs in the texts sampled at each block's build (others count as rare). */
  private readonly frequencies = new Float64Array(FREQUENCIES);
  /** By slot, the characters and pairs its text holds (`letter-masks.ts`), written at its block's build. */
  private readonly masks = new LetterMasks();

  get size(): number {
    return this.count;
  }

  /** One more than the highest slot ever used. */
  get capacity(): number {
    const last = this.blocks.at(-1);
    return last ? (this.blocks.length - 1) * BLOCK_SIZE + last.members.length : 0;
  }

  memberAt(slot: number): M | null {
    return this.blockOf(slot).members[slot % BLOCK_SIZE] ?? null;
  }

  add(member: M): void {
    let slot = this.free.pop();
    if (slot === undefined) {
      const last = this.blocks.at(-1);
      if (!last || last.members.length === BLOCK_SIZE) this.blocks.push({ base: this.blocks.length * BLOCK_SIZE, members: [], text: null, stale: null, starts: new Int32Array(0) });
      const block = this.blocks.at(-1)!;
      slot = (this.blocks.length - 1) * BLOCK_SIZE + block.members.length;
      block.members.push(member);
    } else {
      this.blockOf(slot).members[slot % BLOCK_SIZE] = member;
    }
    member.textSlot = slot;
    this.changed(member);
    this.count += 1;
  }

  remove(member: M): void {
    if (member.textSlot < 0) return;
    this.changed(member);
    this.blockOf(member.textSlot).members[member.textSlot % BLOCK_SIZE] = null;
    this.free.push(member.textSlot);
    member.textSlot = -1;
    this.count -= 1;
  }

  /** The member's text changed. */
  changed(member: M): void {
    const block = this.blockOf(member.textSlot);
    (block.stale ??= new Set()).add(member.textSlot % BLOCK_SIZE);
    this.log.push(member.textSlot);
    this.version += 1;
    if (this.log.length > LOG_LIMIT) {
      this.logStart = this.version;
      this.log = [];
    }
  }

  /** The slots whose member came, went or changed since `version` (repeats possible); null when that is too long ago to say. */
  changedSince(version: number): number[] | null {
    return version < this.logStart ? null : this.log.slice(version - this.logStart);
  }

  forEach(visit: (member: M) => void): void {
    for (const block of this.blocks) for (const member of block.members) if (member) visit(member);
  }

  /**
   * The members whose text contains every word (folded, not empty), by ascending slot. The
   * candidates are those whose letters and letter pairs allow it (for a single letter or
   * digit, the answer); few of them are checked one by one, many by scanning the blocks.
   */
  find(words: readonly string[]): Found {
    for (const block of this.blocks) this.textOf(block);
    const need = maskOfWords(words);
    const exact = words.length === 1 && maskIsExact(words[0]!);
    // A scan stops at each place of the first word's first letter: checking the candidates one by one pays only when they
    // are much fewer than the quotes holding that letter ("at" after "a"), not when most quotes have the bits ("q-") or
    // the letter is about as rare as the word ("br").
    if (!exact && this.masks.shareHolding(need, this.capacity) > SCAN_SHARE * this.masks.shareHolding(maskOfWords([words[0]!.charAt(0)]), this.capacity)) {
      return this.scan(words);
    }
    const slots = new Int32Array(this.capacity);
    const count = this.masks.slotsHolding(need, this.capacity, slots);
    // Where the first word lies in each is not known (-1): a search of one letter is answered by the bits alone.
    const candidates = { slots: slots.subarray(0, count), at: new Int32Array(count).fill(-1) };
    return exact ? candidates : this.check(candidates, -1, words, null);
  }

  /** `find` by searching each block's text for the first word, one `indexOf` per place found. */
  private scan(words: readonly string[]): Found {
    const found = new FoundBuilder(this.count);
    const first = words[0]!;
    const search = this.searcherOf(first);
    for (const block of this.blocks) {
      const text = block.text!;
      const { starts, members, base } = block;
      let from = 0;
      let slot = 0;
      for (;;) {
        const at = search === null ? text.indexOf(first, from) : search(text, from);
        if (at < 0) break;
        while (starts[slot + 1]! <= at) slot += 1;
        if (words.length === 1 || holdsOthers(text, words, starts[slot]!, starts[slot + 1]! - SEPARATOR.length)) {
          found.add(base + slot, at - starts[slot]!);
        }
        slot += 1;
        if (slot >= members.length) break;
        from = starts[slot]!;
      }
    }
    return found.done();
  }

  /**
   * What `find(words)` gives, from the result of a search whose words each lie inside one of
   * these (so its members are the only ones that can match), none of which changed since.
   * `shift` is where the previous first word lies inside the new first word (-1: it does
   * not): then each member is checked where the previous word was found before looking
   * further. Within a block the candidates are taken in order and the next place of the new
   * word is searched for once for all of those before it, so this never reads more text
   * than a scan of the same blocks; when most of them lack the bits the new words add,
   * those are skipped without reading their text.
   */
  narrow(previous: Found, shift: number, words: readonly string[], previousWords: readonly string[]): Found {
    // Its members hold the previous words' bits: only the new ones can tell them apart.
    return this.check(previous, shift, words, maskOfWords(words, maskOfWords(previousWords)));
  }

  /**
   * The candidates whose text holds every word (`need`: skip those whose bits lack these,
   * null when they were chosen by their bits already). `shift` as for `narrow`.
   */
  private check(candidates: Found, shift: number, words: readonly string[], need: Need | null): Found {
    const { slots, at } = candidates;
    const found = new FoundBuilder(slots.length);
    const first = words[0]!;
    const firstCode = first.charCodeAt(0);
    const others = words.length > 1;
    const search = this.searcherOf(first);
    const masks = need !== null && this.masksPay(slots, need) ? this.masks : null;
    let number = -1;
    let text = '';
    let starts: Int32Array = new Int32Array(0);
    /** The next place of `first` at or after the last point searched from in this block (Infinity: none). */
    let next = -1;
    for (let index = 0; index < slots.length; index += 1) {
      const slot = slots[index]!;
      if (slot >>> BLOCK_BITS !== number) {
        number = slot >>> BLOCK_BITS;
        const block = this.blocks[number]!;
        text = this.textOf(block);
        starts = block.starts;
        next = -1;
      }
      if (masks !== null && !masks.holds(slot, need!)) continue;
      const local = slot & (BLOCK_SIZE - 1);
      const start = starts[local]!;
      const end = starts[local + 1]! - SEPARATOR.length;
      let from = start;
      let match = -1;
      const was = at[index]!;
      if (shift >= 0 && was >= 0) {
        // The new word, if the member holds it, starts no earlier than where the old one was first found, less the shift.
        const guess = start + was - shift;
        if (guess >= start && guess + first.length <= end && text.charCodeAt(guess) === firstCode && holdsAt(text, first, guess)) match = guess;
        else from = Math.max(start, guess + 1);
      }
      if (match < 0) {
        if (next < from) {
          const place = search === null ? text.indexOf(first, from) : search(text, from);
          next = place < 0 ? Number.POSITIVE_INFINITY : place;
        }
        if (next + first.length <= end) match = next;
      }
      if (match >= 0 && (!others || holdsOthers(text, words, start, end))) found.add(slot, match - start);
    }
    return found.done();
  }

  /**
   * Whether the bits should be read before the text: only when, on a sample of the
   * candidates, most lack them (typing "q-2" after "q-", every candidate has them).
   */
  private masksPay(slots: Int32Array, need: Need): boolean {
    if (need.numbers.length === 0) return false;
    const step = Math.max(1, Math.floor(slots.length / NARROW_SAMPLE));
    let held = 0;
    let tried = 0;
    for (let index = 0; index < slots.length; index += step) {
      if (this.masks.holds(slots[index]!, need)) held += 1;
      tried += 1;
    }
    return held * 2 < tried;
  }

  /**
   * Whether narrowing `previous` to `word` should cost less than a scan: a result that holds
   * most of the scope saves no text to read, so it pays only when most of its members still
   * hold the new word where they held the old (typing "q-2" after "q-"), judged on a sample.
   */
  narrowingPays(previous: Found, shift: number, word: string): boolean {
    const { slots, at } = previous;
    if (slots.length <= this.count / 2) return true;
    if (shift < 0) return false;
    const step = Math.max(1, Math.floor(slots.length / NARROW_SAMPLE));
    let held = 0;
    let tried = 0;
    for (let index = 0; index < slots.length; index += step) {
      tried += 1;
      // Where a one-letter search's result lies is not known.
      if (at[index]! < 0) continue;
      const block = this.blocks[Math.floor(slots[index]! / BLOCK_SIZE)]!;
      const text = this.textOf(block);
      const start = block.starts[slots[index]! % BLOCK_SIZE]!;
      if (holdsAt(text, word, start + at[index]! - shift)) held += 1;
    }
    return held * 2 >= tried;
  }

  /**
   * A search for `word` in a block's text from a place on: by its rarest character (as the
   * texts sampled so far have them), which the string search skips to with `memchr`; a
   * common first letter ("q-2025", "atl") would stop it at nearly every quote.
   */
  private searcherOf(word: string): ((text: string, from: number) => number) | null {
    let anchor = 0;
    for (let index = 1; index < word.length; index += 1) if (this.frequencyOf(word.charCodeAt(index)) < this.frequencyOf(word.charCodeAt(anchor))) anchor = index;
    if (anchor === 0) return null;
    // A tail of one letter comes back here at each of its places, which costs more than the string search's own check after its first letter.
    if (anchor === word.length - 1 && this.frequencyOf(word.charCodeAt(anchor)) * ANCHOR_GAIN > this.frequencyOf(word.charCodeAt(0))) return null;
    const tail = word.slice(anchor);
    const head = word.slice(0, anchor);
    return (text, from) => {
      let at = from + anchor;
      for (;;) {
        const found = text.indexOf(tail, at);
        if (found < 0) return -1;
        if (holdsAt(text, head, found - anchor)) return found - anchor;
        at = found + 1;
      }
    };
  }

  private frequencyOf(code: number): number {
    return code < FREQUENCIES ? this.frequencies[code]! : 0;
  }

  /** Counts the characters of a sample of the block's members (one in eight): an estimate is all the anchor needs. */
  private sample(parts: readonly string[]): void {
    for (let index = 0; index < parts.length; index += 8) {
      const text = parts[index]!;
      for (let at = 0; at < text.length; at += 1) {
        const code = text.charCodeAt(at);
        if (code < FREQUENCIES) this.frequencies[code]! += 1;
      }
    }
  }

  /** The block's text, built again first when it changed. */
  private textOf(block: Block<M>): string {
    return block.text === null || block.stale !== null ? this.build(block) : block.text;
  }

  private build(block: Block<M>): string {
    const { text: old, starts: oldStarts, stale } = block;
    // The members that did not change keep their text from the last build: computing it again costs a fold each.
    const parts = block.members.map((member, index) => {
      if (!member) return '';
      if (old === null || index + 1 >= oldStarts.length || stale?.has(index)) return member.searchText;
      return old.slice(oldStarts[index]!, oldStarts[index + 1]! - SEPARATOR.length);
    });
    block.stale = null;
    const starts = new Int32Array(parts.length + 1);
    let at = 0;
    for (let index = 0; index < parts.length; index += 1) {
      starts[index] = at;
      at += parts[index]!.length + SEPARATOR.length;
    }
    starts[parts.length] = at;
    block.starts = starts;
    this.sample(parts);
    const text = parts.join(SEPARATOR);
    block.text = text;
    for (let index = 0; index < parts.length; index += 1) this.masks.write(block.base + index, text, starts[index]!, starts[index + 1]! - SEPARATOR.length);
    return text;
  }

  private blockOf(slot: number): Block<M> {
    return this.blocks[Math.floor(slot / BLOCK_SIZE)]!;
  }
}

/** Whether `text` holds `word` at `at` (compared here: a call to `startsWith` costs more for a few letters). */
function holdsAt(text: string, word: string, at: number): boolean {
  if (at < 0 || at + word.length > text.length) return false;
  for (let index = 0; index < word.length; index += 1) if (text.charCodeAt(at + index) !== word.charCodeAt(index)) return false;
  return true;
}

/**
 * Whether a member's text, `start` to `end` in its block's text, holds every word but the
 * first: read here, in the block's text the search is already reading, rather than in the
 * member's own string elsewhere in memory (a cache miss per member).
 */
function holdsOthers(text: string, words: readonly string[], start: number, end: number): boolean {
  for (let index = 1; index < words.length; index += 1) {
    const word = words[index]!;
    const first = word.charCodeAt(0);
    let found = false;
    for (let at = start; at + word.length <= end && !found; at += 1) found = text.charCodeAt(at) === first && holdsAt(text, word, at);
    if (!found) return false;
  }
  return true;
}

/** Whether `text` holds every word from `from` on. */
export function containsAll(text: string, words: readonly string[], from: number): boolean {
  for (let index = from; index < words.length; index += 1) if (!text.includes(words[index]!)) return false;
  return true;
}
