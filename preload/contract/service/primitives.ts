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
 * (test/unit/core/api/fast-parse.test.ts proves it on many generated strings).
 */
export function isReadableDateTime(value: string): boolean {
  return isCommonIsoDateTime(value) || !Number.isNaN(Date.parse(value));
}

export const DateTime = z.string().refine(isReadableDateTime, { message: 'expected an ISO 8601 date-time' });

// Digits at fixed places and ranges kept inside what Date.parse takes (it rolls 02-31 over
// to March, so a day up to 31 in any month is accepted by both). Written out place by place,
// each character read once: about a fifth cheaper than reading them through a helper.
function isCommonIsoDateTime(value: string): boolean {
  const length = value.length;
  if (length !== 24 && length !== 20) return false;
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45 || value.charCodeAt(10) !== 84 /* T */ || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58) return false;
  if (value.charCodeAt(length - 1) !== 90 /* Z */) return false;
  if (length === 24 && (value.charCodeAt(19) !== 46 /* . */ || notDigit(value, 20) || notDigit(value, 21) || notDigit(value, 22))) return false;
  // Each place's digit value, which (as unsigned) is above 9 for anything but a digit.
  const y0 = value.charCodeAt(0) - 48;
  const y1 = value.charCodeAt(1) - 48;
  const y2 = value.charCodeAt(2) - 48;
  const y3 = value.charCodeAt(3) - 48;
  const mo0 = value.charCodeAt(5) - 48;
  const mo1 = value.charCodeAt(6) - 48;
  const d0 = value.charCodeAt(8) - 48;
  const d1 = value.charCodeAt(9) - 48;
  const h0 = value.charCodeAt(11) - 48;
  const h1 = value.charCodeAt(12) - 48;
  const mi0 = value.charCodeAt(14) - 48;
  const mi1 = value.charCodeAt(15) - 48;
  const s0 = value.charCodeAt(17) - 48;
  const s1 = value.charCodeAt(18) - 48;
  if (y0 >>> 0 > 9 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || mo0 >>> 0 > 9 || mo1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return false;
  if (h0 >>> 0 > 9 || h1 >>> 0 > 9 || mi0 >>> 0 > 9 || mi1 >>> 0 > 9 || s0 >>> 0 > 9 || s1 >>> 0 > 9) return false;
  const month = mo0 * 10 + mo1;
  const day = d0 * 10 + d1;
  return month >= 1 && month <= 12 && day >= 1 && day <= 31 && h0 * 10 + h1 <= 23 && mi0 <= 5 && s0 <= 5;
}

function notDigit(value: string, at: number): boolean {
  const code = value.charCodeAt(at);
  return code < 48 || code > 57;
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
