/** A snooze's wake time as the dialog, the Snoozed view and the toast say it: "Fri 28 Nov, 09:00" in the person's locale. */
export function wakeTimeWords(at: number | string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(typeof at === 'string' ? Date.parse(at) : at);
}

/** A moment (ms) as the bridge carries it. */
export function isoOf(at: number): string {
  return new Date(at).toISOString();
}
