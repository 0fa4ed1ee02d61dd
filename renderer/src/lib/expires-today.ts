import { sameLocalDay } from '../../../preload/contract/plain/snooze-times';

/** A quote awaiting a decision whose validity ends later today, in the person's local day: the list marks it. */
export function expiresToday(row: { needsAction: boolean; validUntil: string | null }, now: number): boolean {
  if (!row.needsAction || row.validUntil === null) return false;
  const ends = Date.parse(row.validUntil);
  return !Number.isNaN(ends) && ends > now && sameLocalDay(ends, now);
}
