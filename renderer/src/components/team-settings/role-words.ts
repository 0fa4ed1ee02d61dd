import type { TeamMemberView, TeamRole } from '../../../../preload/contract';
import { m } from '../../../../i18n/paraglide/messages.js';

/** A member's role (or where they stand: pending, removed) as Settings names it, in the language of the moment. */
export function roleWords(role: TeamMemberView['role']): string {
  switch (role) {
    case 'admin':
      return m.settings_team_role_admin();
    case 'approver':
      return m.settings_team_role_approver();
    case 'member':
      return m.settings_team_role_member();
    case 'pending':
      return m.settings_team_role_pending();
    case 'removed':
      return m.settings_team_role_removed();
  }
}

/** Said once a member's role changed: "bob@example.com is now approver." */
export function nowRoleWords(email: string, role: TeamRole): string {
  switch (role) {
    case 'admin':
      return m.settings_team_now_admin({ email });
    case 'approver':
      return m.settings_team_now_approver({ email });
    case 'member':
      return m.settings_team_now_member({ email });
  }
}
