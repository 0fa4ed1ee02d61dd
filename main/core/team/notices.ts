// Which of the team's entries concern me: assigned to me, an approval asked of me, my request
// decided, a note that mentions my e-mail. Only what the folded state applied (signed by a
// member, so never an unverified entry), and never what my own key signed: the person who
// acted knows. Whether each was told already is the notification ledger's business.
import type { TeamNotice } from '../notify/team-notice';
import type { TeamState } from './state';

/** `accountOf`: the account here on the quote's service; a quote no account here shows is not told (a click could not open it). */
export function noticesFor(state: TeamState, me: { key: string; email: string }, accountOf: (service: string) => string | null): TeamNotice[] {
  const email = me.email.trim().toLowerCase();
  const notices: TeamNotice[] = [];
  for (const quote of state.quotes()) {
    const accountId = accountOf(quote.ref.service);
    if (accountId === null) continue;
    const about = { accountId, quoteId: quote.ref.quote };
    const assignee = quote.assignee;
    // The latest assignment only: one I was given and lost again before I looked is not news.
    if (assignee?.to?.key === me.key && assignee.by.key !== me.key) {
      notices.push({ ...about, id: `assign.${assignee.id}`, kind: 'team.assigned', by: person(assignee.by), at: assignee.at, text: null });
    }
    for (const note of quote.notes) {
      if (note.author.key !== me.key && note.body.mentions.includes(email)) {
        notices.push({ ...about, id: `note.${note.body.id}`, kind: 'team.mentioned', by: person(note.author), at: note.body.at, text: note.body.text });
      }
    }
    for (const { request, decision } of quote.requests) {
      if (request.body.approver === me.key && request.author.key !== me.key && decision === null) {
        notices.push({ ...about, id: `request.${request.body.id}`, kind: 'team.approval_requested', by: person(request.author), at: request.body.at, text: request.body.comment || null });
      }
      if (request.author.key === me.key && decision && decision.author.key !== me.key) {
        notices.push({ ...about, id: `decision.${request.body.id}`, kind: decision.body.approved ? 'team.approved' : 'team.refused', by: person(decision.author), at: decision.body.at, text: decision.body.comment || null });
      }
    }
  }
  return notices.sort((a, b) => a.at - b.at);
}

const person = (member: { name: string; email: string }) => ({ name: member.name, email: member.email });
