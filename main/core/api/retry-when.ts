/**
 * When to try again, in words: "in 40 seconds", "at 14:32 (in about 2 minutes)", or with
 * the day when it is not today. Local time of this machine, 24-hour clock.
 */
export function retryWhen(retryAt: number, now: number): string {
  const waitMs = Math.max(0, retryAt - now);
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds <= 90) return seconds <= 1 ? 'in a second' : `in ${seconds} seconds`;
  const at = new Date(retryAt);
  const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (!sameDay(at, new Date(now))) {
    const day = at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
    return `on ${day} at ${clock}`;
  }
  const minutes = Math.round(waitMs / 60_000);
  const within = minutes < 60 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : hoursAndMinutes(minutes);
  return `at ${clock} (in about ${within})`;
}

function hoursAndMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest > 0 ? ` ${rest} minute${rest === 1 ? '' : 's'}` : ''}`;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
