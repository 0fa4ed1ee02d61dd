// THE way Quotedesk writes money, dates and "in 3 days": the inbox, the quote, toasts, the
// system's notifications (main/core/notify), receipts and the CLI all call these (through
// i18n/words/format.ts, which adds the few words), so a total or a date reads the same
// wherever it shows. A locale left out is the system's (Intl's
// default), which is what the person's computer is set to.

/** An amount in a currency (the contract's Money, without zod). */
export interface Money {
  amount: number;
  currency: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl formatter costs far more than using one, and a table of quotes formats
// thousands of cells: one formatter per locale and options, made once. (The local time
// zone is read when a formatter is made: a zone change shows after a reload.)
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The cached NumberFormat for this locale and options; throws as Intl does for a bad currency. */
export function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A total as the user's locale writes money; an unknown currency code still shows. (formatMoney in i18n/words/format.ts also says when there is none.) */
export function formatPricedMoney(money: Money, locale?: string): string {
  try {
    return numberFormat(locale, { style: 'currency', currency: money.currency }).format(money.amount);
  } catch {
    // Intl rejects currency codes it does not know; the service may still send one.
    return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(money.amount)} ${money.currency}`;
  }
}

/**
 * A calendar date (YYYY-MM-DD) shown as that same date everywhere: it is formatted in UTC
 * from a UTC midnight, so no time zone can move it to the previous or next day.
 */
export function formatDateOnly(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const match = DATE_ONLY.exec(value);
  if (!match) return formatDateTime(value, locale);
  const [, year, month, day] = match;
  const instant = Date.UTC(Number(year), Number(month) - 1, Number(day));
  return dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
}

/** A moment with its time of day, in the user's own time zone: "Nov 27, 2026, 2:05 PM". */
export function formatMoment(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  return dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(instant);
}

/** A moment in time, shown as the date it falls on in the user's own time zone. */
export function formatDateTime(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return value;
  return dateTimeFormat(locale, { dateStyle: 'medium' }).format(instant);
}

export function formatCount(value: number, locale?: string): string {
  return numberFormat(locale).format(value);
}

/** A moment later today as a time ("14:05"); on another day with its date too. */
export function formatClockTime(moment: Date, now: Date, locale?: string): string {
  const sameDay = moment.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  return dateTimeFormat(locale, options).format(moment);
}

/** An inbox row's total (amount and currency in two fields). (formatAmount in i18n/words/format.ts also says when there is none.) */
export function formatPricedAmount(amount: number, currency: string | null, locale?: string): string {
  if (currency === null) return numberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
  return formatPricedMoney({ amount, currency }, locale);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "2 minutes ago", "3 hours ago", else the date and time; null under a minute ("just now": formatTimeAgo in i18n/words/format.ts). */
export function formatTimeAgoOrNow(moment: number, now: number, locale?: string): string | null {
  const seconds = Math.round((now - moment) / 1000);
  if (seconds < 45) return null;
  let format = relativeFormats.get(locale ?? '');
  if (!format) relativeFormats.set(locale ?? '', (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return format.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return format.format(-hours, 'hour');
  return formatClockTime(new Date(moment), new Date(now), locale);
}

const DAY_MS = 86_400_000;

function startOfLocalDay(instant: number): number {
  const day = new Date(instant);
  day.setHours(0, 0, 0, 0);
  return day.getTime();
}

/**
 * How far a day is from today, in words: "today", "tomorrow", "in 3 days", "yesterday",
 * "2 months ago". Whole calendar days in the person's own time zone, so a quote valid until
 * tomorrow morning says "tomorrow", not "in 14 hours". Null for a missing or unreadable date.
 */
export function formatDaysFromNow(value: string | null | undefined, now: number, locale?: string): string | null {
  if (!value) return null;
  const match = DATE_ONLY.exec(value);
  const instant = match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime() : Date.parse(value);
  if (Number.isNaN(instant)) return null;
  // Rounded: a day with a daylight-saving change is 23 or 25 hours long.
  const days = Math.round((startOfLocalDay(instant) - startOfLocalDay(now)) / DAY_MS);
  let format = relativeFormats.get(locale ?? '');
  if (!format) relativeFormats.set(locale ?? '', (format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })));
  if (Math.abs(days) < 45) return format.format(days, 'day');
  if (Math.abs(days) < 365) return format.format(Math.round(days / 30.44), 'month');
  return format.format(Math.round(days / 365.25), 'year');
}

const languageNames = new Map<string, Intl.DisplayNames | null>();

/**
 * A language tag as a person reads it: "de-DE" -> "German (Germany)" in the user's language,
 * the way the service writes its own target-market labels. Anything that is not a tag
 * (already a label such as "German (Germany)") shows as it is.
 */
export function formatLanguageTag(tag: string, locale?: string): string {
  const key = locale ?? '';
  if (!languageNames.has(key)) {
    try {
      languageNames.set(key, new Intl.DisplayNames(locale, { type: 'language' }));
    } catch {
      languageNames.set(key, null);
    }
  }
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/i.test(tag.trim())) return tag;
  try {
    return languageNames.get(key)?.of(tag.trim()) ?? tag;
  } catch {
    return tag;
  }
}

// The service's usual service-type ids (their names: i18n/words/format.ts); another id is
// written out from its own words.
export const SERVICE_TYPES = ['translation', 'mt-post-editing', 'post-editing', 'proofreading', 'review', 'revision', 'dtp', 'subtitling', 'transcription', 'interpreting', 'localization', 'localisation', 'transcreation', 'voice-over', 'lqa'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

/** The known service type an id names ("MTPE" is "mt-post-editing"), or null. */
export function knownServiceType(id: string): ServiceType | null {
  const key = id.trim().toLowerCase();
  if (key === 'mtpe') return 'mt-post-editing';
  return SERVICE_TYPES.find((type) => type === key) ?? null;
}

/** An unknown service type id in its own words: "legal_review" -> "Legal review". */
export function serviceTypeFromId(id: string): string {
  const words = id.trim().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
