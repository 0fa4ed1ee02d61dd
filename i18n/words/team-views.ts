// THE names of the team desk's views of the inbox: the sidebar, a saved view's description and
// an exported file's name all say "Assigned to me" through here, so the three never differ.
import { m } from '../paraglide/messages.js';
import type { Locale } from '../paraglide/runtime.js';
import type { TeamInboxViewName } from '../../preload/contract/plain/team-views';

/** A team view's name, in `locale` or the current language. */
export function teamViewWords(view: TeamInboxViewName, locale?: Locale): string {
  const options = locale === undefined ? {} : { locale };
  switch (view) {
    case 'assignedToMe': return m.team_view_assigned_to_me({}, options);
    case 'waitingForMe': return m.team_view_waiting_for_me({}, options);
    case 'myRequests': return m.team_view_my_requests({}, options);
  }
}
