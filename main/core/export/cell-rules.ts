// One rule for every date in a file, whatever shape the service sent it in: a calendar day is
// YYYY-MM-DD, an instant is YYYY-MM-DDTHH:MM:SSZ in UTC without milliseconds. A spreadsheet,
// a script and a person then read every date of the file the same way.

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a date or date-time text names, or null when it names none. */
export function parseInstant(value: string): Date | null {
  const date = new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The day as YYYY-MM-DD: a date as given, a date-time as its UTC day; null when not a date. */
export function isoDay(value: string): string | null {
  if (DATE_ONLY.test(value)) return parseInstant(value) ? value : null;
  return parseInstant(value)?.toISOString().slice(0, 10) ?? null;
}

/** The instant as YYYY-MM-DDTHH:MM:SSZ (a bare date is its midnight UTC); null when not a date. */
export function isoTimestamp(value: string): string | null {
  const date = parseInstant(value);
  return date ? `${date.toISOString().slice(0, 19)}Z` : null;
}
