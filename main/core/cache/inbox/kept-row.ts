import type { InboxSourceRow } from '../../database/types';

/**
 * A view's columns as the index keeps them. Its two timestamps (quote date, valid until)
 * are unique to each quote: held as their time when `toISOString` gives the stored text
 * back exactly (a number takes 16 bytes, the text 40), otherwise as the text. Read them
 * with `storedTime`, which gives the row's text as stored.
 */
export type KeptRow = Omit<InboxSourceRow, 'quoteDate' | 'validUntil' | 'serviceTypes' | 'targetMarkets'> & {
  quoteDate: KeptTime;
  validUntil: KeptTime;
};

export type KeptTime = string | number | null;

/** The time of an ISO timestamp that `toISOString` writes back exactly, or the text itself. */
export function keptTime(value: string | null): KeptTime {
  if (value === null) return null;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value ? time : value;
}

/** The stored text of a kept timestamp. */
export function storedTime(value: KeptTime): string | null {
  return typeof value === 'number' ? new Date(value).toISOString() : value;
}

/** Milliseconds of a kept timestamp (as `timeOf` reads the stored text), or `missing`. */
export function keptMs(value: KeptTime, missing: number): number {
  if (typeof value === 'number') return value;
  if (value === null) return missing;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? missing : parsed;
}
