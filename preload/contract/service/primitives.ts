import { z } from 'zod';

// Tolerant of any UUID-shaped id: the spec says v4, but a client must not reject a
// quote because the service minted another version.
export const Uuid = z.guid();

/**
 * Whether a date-time from the service is readable: anything `Date.parse` accepts (the
 * service's docs show several shapes and the app tolerates them all). The shape the service
 * actually sends, `YYYY-MM-DDTHH:MM:SS[.fff]Z`, is recognised digit by digit first: list
 * pages carry hundreds of date-times, and `Date.parse` on each was a tenth of a sync's CPU
 * (BENCHMARKS.md). Every string the quick check passes is one `Date.parse` accepts
 * (test/unit/contract/fast-parse.test.ts proves it on many generated strings).
 */
export function isReadableDateTime(value: string): boolean {
  return isCommonIsoDateTime(value) || !Number.isNaN(Date.parse(value));
}

export const DateTime = z.string().refine(isReadableDateTime, { message: 'expected an ISO 8601 date-time' });

// Digits at fixed places and ranges kept inside what Date.parse takes (it rolls 02-31 over
// to March, so a day up to 31 in any month is accepted by both).
function isCommonIsoDateTime(value: string): boolean {
  const length = value.length;
  if (length !== 20 && length !== 24) return false;
  if (value.charCodeAt(length - 1) !== 90 /* Z */) return false;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84 /* T */) return false;
  if (value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return false;
  if (length === 24 && value.charCodeAt(19) !== 46 /* . */) return false;
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const hour = twoDigits(value, 11);
  const minute = twoDigits(value, 14);
  const second = twoDigits(value, 17);
  if (twoDigits(value, 0) < 0 || twoDigits(value, 2) < 0) return false;
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23) return false;
  if (minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  return length === 20 || (isDigit(value.charCodeAt(20)) && isDigit(value.charCodeAt(21)) && isDigit(value.charCodeAt(22)));
}

/** The two-digit number at `at`, or -1 when either is not a digit. */
function twoDigits(value: string, at: number): number {
  const high = value.charCodeAt(at);
  const low = value.charCodeAt(at + 1);
  return isDigit(high) && isDigit(low) ? (high - 48) * 10 + (low - 48) : -1;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

export const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

export const Money = z.object({
  amount: z.number(),
  currency: z.string().min(1),
});
export type Money = z.infer<typeof Money>;

export const UrlRef = z.object({ url: z.string() });

/** The `{success: true, data}` envelope of every successful quote response. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
