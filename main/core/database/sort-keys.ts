// The numbers the inbox's orders compare. The index (cache/inbox) and the stored
// `quote_date_ms` column use these same functions, so the file's order and the index's cannot
// drift apart. Every key is exact (an integer below 2^53, or a date's milliseconds).

/**
 * Where a quote without a quote date (or with an unreadable one) sits in the date orders:
 * after every real date. Such a quote is still in preparation, the newest work there is, so
 * "Newest first" shows it first and "Oldest first" last (ties by quote id).
 */
export const UNDATED_MS = 8.64e15;

/** A quote date as the date orders compare it: milliseconds since the epoch, UNDATED_MS when missing or unreadable. */
export function quoteDateMs(value: string | null): number {
  return timeOf(value, UNDATED_MS);
}

/** Milliseconds of an ISO date, or `missing`. */
export function timeOf(value: string | null, missing: number): number {
  if (value === null) return missing;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? missing : parsed;
}

const NAME_LETTERS = 10;
const ASCII = /^[\x00-\x7f]*$/;
const NAME_BASE = 37;

/**
 * A company name's place in "Company A to Z": its first ten letters and digits, accents and
 * case folded, as one number (digits before letters, a shorter name before a longer one it
 * begins). Names alike in those ten fall back to the quote id. NaN without a name.
 */
export function companyKey(name: string | null): number {
  if (name === null) return Number.NaN;
  // Most names are ASCII: decomposing them (to drop accents) would only cost the cold load.
  const folded = (ASCII.test(name) ? name : name.normalize('NFD')).toLowerCase();
  let key = 0;
  let taken = 0;
  for (let index = 0; index < folded.length && taken < NAME_LETTERS; index += 1) {
    const code = folded.charCodeAt(index);
    const digit = code >= 48 && code <= 57 ? code - 47 : code >= 97 && code <= 122 ? code - 86 : 0;
    if (digit === 0) continue;
    key = key * NAME_BASE + digit;
    taken += 1;
  }
  for (; taken < NAME_LETTERS; taken += 1) key *= NAME_BASE;
  return key;
}

/** Amounts are compared in minor units up to this (about 2.7 billion): larger ones tie. */
const AMOUNT_SPAN = 2 ** 38;
/** A currency code's place: three letters as a base-27 number; no code after every code. */
const NO_CURRENCY = 27 ** 3;

function currencyRank(currency: string | null): number {
  if (currency === null) return NO_CURRENCY;
  const code = currency.toUpperCase();
  let rank = 0;
  for (let index = 0; index < 3; index += 1) {
    const letter = code.charCodeAt(index) - 64;
    rank = rank * 27 + (letter >= 1 && letter <= 26 ? letter : 0);
  }
  return rank;
}

/**
 * A total's place in the value orders: grouped by currency (A to Z), then by amount within
 * it, highest first unless `lowestFirst`. Amounts in different currencies are never compared
 * as plain numbers. NaN without an amount.
 */
export function valueKey(amount: number | null, currency: string | null, lowestFirst: boolean): number {
  if (amount === null || !Number.isFinite(amount)) return Number.NaN;
  const minor = Math.min(AMOUNT_SPAN - 1, Math.max(0, Math.round(amount * 100)));
  return currencyRank(currency) * AMOUNT_SPAN + (lowestFirst ? minor : AMOUNT_SPAN - 1 - minor);
}
