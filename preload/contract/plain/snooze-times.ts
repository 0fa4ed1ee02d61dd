// When a snooze's choices wake a quote, in the person's local time ("tomorrow morning" is
// 9:00 on this machine's clock, wherever it is). The snooze dialog shows these times and the
// core is sent the one chosen, so the renderer and the tests read the choices one way.

/** The hour a morning starts: "tomorrow morning", "next week" and the reminders' hour. */
export const MORNING_HOUR = 9;
/** "Later today" is this many hours from now, on the hour... */
export const LATER_TODAY_HOURS = 3;
/** ...unless that passes this hour of the evening: then the choice is not offered. */
export const EVENING_HOUR = 21;
/** "Before it expires" snoozes and the first expiry reminder come this many days before the quote's last day, in the morning. */
export const DAYS_BEFORE_EXPIRY = 2;

export const SNOOZE_CHOICES = ['later-today', 'tomorrow-morning', 'next-week', 'before-expiry'] as const;
export type SnoozeChoice = (typeof SNOOZE_CHOICES)[number];

/** Local midnight of the day `days` after `at`'s own day, at `hour`:00 local time. */
export function localDayAt(at: number, days: number, hour: number): number {
  const date = new Date(at);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days, hour, 0, 0, 0).getTime();
}

/** Whether two moments fall on the same local day. */
export function sameLocalDay(a: number, b: number): boolean {
  return localDayAt(a, 0, 0) === localDayAt(b, 0, 0);
}

/**
 * When a choice wakes the quote, or null when it cannot now: "later today" too late in the
 * evening, "before it expires" without a validity or with that morning already past.
 */
export function snoozeChoiceTime(choice: SnoozeChoice, now: number, validUntil: string | null): number | null {
  switch (choice) {
    case 'later-today': {
      const at = localDayAt(now, 0, new Date(now).getHours() + LATER_TODAY_HOURS);
      return sameLocalDay(at, now) && new Date(at).getHours() <= EVENING_HOUR ? at : null;
    }
    case 'tomorrow-morning':
      return localDayAt(now, 1, MORNING_HOUR);
    case 'next-week': {
      // The next Monday morning (a week on when today is Monday).
      const weekday = new Date(now).getDay();
      return localDayAt(now, ((8 - weekday) % 7) || 7, MORNING_HOUR);
    }
    case 'before-expiry': {
      const expires = validUntil === null ? Number.NaN : Date.parse(validUntil);
      if (Number.isNaN(expires)) return null;
      const at = localDayAt(expires, -DAYS_BEFORE_EXPIRY, MORNING_HOUR);
      return at > now ? at : null;
    }
  }
}
