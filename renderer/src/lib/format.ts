import type { Money } from '../../../preload/contract';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A total as the user's locale writes money; an unknown currency code still shows. */
export function formatMoney(money: Money | null, locale?: string): string {
  if (money === null) return 'Not priced yet';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: money.currency }).format(money.amount);
  } catch {
    // Intl rejects currency codes it does not know; the service may still send one.
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(money.amount)} ${money.currency}`;
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
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(instant);
}

/** A moment in time, shown as the date it falls on in the user's own time zone. */
export function formatDateTime(value: string | null | undefined, locale?: string): string | null {
  if (!value) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(instant);
}

export function formatCount(value: number, locale?: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

/** A moment later today as a time ("14:05"); on another day with its date too. */
export function formatClockTime(moment: Date, now: Date, locale?: string): string {
  const sameDay = moment.toDateString() === now.toDateString();
  const options: Intl.DateTimeFormatOptions = sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' };
  return new Intl.DateTimeFormat(locale, options).format(moment);
}
