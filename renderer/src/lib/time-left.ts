// "about 12 minutes left": a long job's remaining time in the words a person glances at. The
// core measures the rate; these words round it, as a guess should be. Counts follow the
// system region's digits; the words follow the UI language.
import { m } from '../../../i18n/paraglide/messages.js';
import { formatCount } from './format';

export function timeLeftWords(seconds: number): string {
  if (seconds < 60) return m.inbox_time_left_under_minute();
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return m.inbox_time_left_about({ duration: minutesWords(minutes) });
  // Beyond an hour and a half, to the nearest ten minutes: "about 3 hours 30 minutes left".
  const tens = Math.round(minutes / 10) * 10;
  const hours = m.inbox_duration_hours({ count: Math.floor(tens / 60), countText: formatCount(Math.floor(tens / 60)) });
  const rest = tens % 60;
  return m.inbox_time_left_about({ duration: rest > 0 ? m.inbox_duration_hours_minutes({ hours, minutes: minutesWords(rest) }) : hours });
}

function minutesWords(minutes: number): string {
  return m.inbox_duration_minutes({ count: minutes, countText: formatCount(minutes) });
}
