/**
 * A quote date as the inbox's newest-first order compares it: milliseconds since the epoch,
 * 0 when missing or unreadable. The index (cache/inbox) and the stored `quote_date_ms` column
 * use this one function, so the file's order and the index's cannot drift apart.
 */
export function quoteDateMs(value: string | null): number {
  return timeOf(value, 0);
}

/** Milliseconds of an ISO date, or `missing`. */
export function timeOf(value: string | null, missing: number): number {
  if (value === null) return missing;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? missing : parsed;
}
