// The team's approval policy as the core's accept gate (the decisions port AcceptApproval): above
// the account's amount, decisions.accept sends nothing until the quote's current revision is
// approved by an approver whose limit covers it. The reasons are the ones the reading pane shows.
import type { AcceptApproval } from '../decisions/accept-approval';
import { serviceToken } from './keys';
import { acceptGate, quoteRevision } from './policy';
import type { TeamSession } from './session';
import { teamProfile } from './setup';
import type { TeamFolder } from './setup';
import { m } from '../../../i18n/paraglide/messages.js';

export interface TeamAcceptApprovalDeps {
  folder: Pick<TeamFolder, 'settings'>;
  session: Pick<TeamSession, 'desk'>;
  /** Where the account's quotes live: the team keys a quote by its service. */
  accounts: { get(id: string): Promise<{ baseUrl: string }> };
}

export function teamAcceptApproval(deps: TeamAcceptApprovalDeps): AcceptApproval {
  return {
    async refusal(accountId, quote) {
      if (!teamProfile(deps.folder)) return null;
      const desk = deps.session.desk;
      // On a team whose desk is not open yet (the app is starting): not checked is not allowed.
      if (!desk) return m.team_accept_not_read();
      const account = await deps.accounts.get(accountId);
      const gate = acceptGate(desk.state(), { service: serviceToken(account.baseUrl), quote: quote.id }, { revision: quoteRevision(quote), total: quote.totalPrice ?? null });
      return gate.allowed ? null : m.team_accept_refused({ reason: gate.reason });
    },
  };
}
