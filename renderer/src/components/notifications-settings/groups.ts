import type { NotificationGroup, NotificationPreferences } from '../../../../preload/contract';
import { m } from '../../../../i18n/paraglide/messages.js';

/**
 * The groups as main defines them (the renderer takes only types from the contract); each
 * label is read when drawn, in the language of that moment.
 */
export const GROUPS: readonly { group: NotificationGroup; readonly label: string }[] = [
  { group: 'quote', get label() { return m.settings_group_quote(); } },
  { group: 'project', get label() { return m.settings_group_project(); } },
  { group: 'rfq', get label() { return m.settings_group_rfq(); } },
  { group: 'job', get label() { return m.settings_group_job(); } },
  { group: 'team', get label() { return m.desk_group_team(); } },
];

/** Job events are many and mostly internal: off unless switched on (main's default too). */
const DEFAULT_ON: Record<NotificationGroup, boolean> = { quote: true, project: true, rfq: true, job: false, team: true };

export function groupOn(preferences: NotificationPreferences, group: NotificationGroup): boolean {
  return preferences.groups[group] ?? DEFAULT_ON[group];
}

/** An account's own switch for a group, else the app-wide one. */
export function accountGroupOn(preferences: NotificationPreferences, accountId: string, group: NotificationGroup): boolean {
  return preferences.accounts[accountId]?.groups[group] ?? groupOn(preferences, group);
}

/** Tomorrow at 08:00 local time: "until tomorrow" means until the working day starts. */
export function tomorrowMorning(now: Date): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(8, 0, 0, 0);
  return next;
}
