import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';

/**
 * When to try again, in words of main's language: "in 40 seconds", "at 14:32 (in about
 * 2 minutes)", or with the day when it is not today. Local time of this machine, 24-hour clock.
 */
export function retryWhen(retryAt: number, now: number): string {
  const waitMs = Math.max(0, retryAt - now);
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds <= 90) return m.core_retry_seconds({ seconds: Math.max(1, seconds) });
  const at = new Date(retryAt);
  const clock = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
  if (!sameDay(at, new Date(now))) {
    // English keeps the day-before-month order it always had ("Mon 3 Mar").
    const language = getLocale();
    const day = at.toLocaleDateString(language === 'en' ? 'en-GB' : language, { weekday: 'short', day: 'numeric', month: 'short' });
    return m.core_retry_on_day({ day, clock });
  }
  const minutes = Math.round(waitMs / 60_000);
  return m.core_retry_today({ clock, within: minutes < 60 ? m.core_duration_minutes({ minutes }) : hoursAndMinutes(minutes) });
}

function hoursAndMinutes(total: number): string {
  const hours = m.core_duration_hours({ hours: Math.floor(total / 60) });
  const minutes = total % 60;
  return minutes > 0 ? m.core_duration_hours_minutes({ hours, minutes: m.core_duration_minutes({ minutes }) }) : hours;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}
