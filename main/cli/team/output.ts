// What team commands print for a person: the roster, a quote's shared state, what was sent.
import type { Done, FlushOutcome, Member, QuoteState, TeamState } from '../../core/team';
import { terminalText } from '../terminal-text';

const t = terminalText;

function limits(member: Member): string {
  const entries = Object.entries(member.limits);
  return entries.length === 0 ? '' : ` up to ${entries.map(([currency, amount]) => `${amount} ${currency}`).join(', ')}`;
}

export function membersJson(state: TeamState) {
  return [...state.roster.members.values()].map((member) => ({ name: member.name, email: member.email, role: member.role, limits: member.limits, founder: member.founder, publicKey: member.key }));
}

export function formatMembers(state: TeamState): string {
  const rows = [...state.roster.members.values()].sort((a, b) => a.email.localeCompare(b.email));
  const lines = rows.map((member) => `${t(member.email)}  ${t(member.name)}  ${member.role === 'pending' ? 'waiting for an admin' : member.role}${limits(member)}${member.founder ? ' (founder)' : ''}`);
  return `${state.roster.team ? `Team ${t(state.roster.team)}\n` : ''}${lines.join('\n')}\n`;
}

const when = (at: number) => new Date(at).toISOString().replace('T', ' ').slice(0, 16);

export function quoteJson(state: TeamState, quote: QuoteState) {
  return {
    quote: quote.ref.quote,
    assignee: quote.assignee ? { email: quote.assignee.to?.email ?? null, by: quote.assignee.by.email, at: new Date(quote.assignee.at).toISOString() } : null,
    notes: quote.notes.map((note) => ({ author: note.author.email, at: new Date(note.body.at).toISOString(), text: note.body.text, mentions: note.body.mentions })),
    approvals: quote.requests.map(({ request, decision }) => ({
      requestedBy: request.author.email,
      approver: state.roster.members.get(request.body.approver)?.email ?? null,
      revision: request.body.revision,
      total: request.body.total,
      comment: request.body.comment,
      at: new Date(request.body.at).toISOString(),
      decision: decision ? { approved: decision.body.approved, by: decision.author.email, comment: decision.body.comment, at: new Date(decision.body.at).toISOString() } : null,
    })),
  };
}

export function formatQuote(state: TeamState, quote: QuoteState): string {
  const lines = [`Quote ${t(quote.ref.quote)}`, `Assigned to: ${quote.assignee?.to ? `${t(quote.assignee.to.name)} <${t(quote.assignee.to.email)}>` : 'nobody'}`];
  lines.push(quote.notes.length === 0 ? 'No notes.' : 'Notes:');
  for (const note of quote.notes) lines.push(`  ${when(note.body.at)}  ${t(note.author.name)}: ${t(note.body.text)}`);
  for (const { request, decision } of quote.requests) {
    const approver = state.roster.members.get(request.body.approver)?.email ?? 'an unknown approver';
    const total = request.body.total ? `${request.body.total.amount} ${request.body.total.currency}` : 'no total';
    lines.push(`Approval asked by ${t(request.author.email)} of ${t(approver)} for revision ${request.body.revision} (${total})${request.body.comment ? `: ${t(request.body.comment)}` : ''}`);
    lines.push(decision ? `  ${decision.body.approved ? 'approved' : 'refused'} by ${t(decision.author.email)} ${when(decision.body.at)}${decision.body.comment ? `: ${t(decision.body.comment)}` : ''}` : '  open');
  }
  return `${lines.join('\n')}\n`;
}

export function doneJson(done: Done, queued: number) {
  return { outcome: done.outcome, reason: done.reason, sent: done.sent.map(outcomeJson), waiting: queued };
}

export function outcomeJson(item: FlushOutcome) {
  return { what: item.op.what, outcome: item.outcome, ...(item.outcome === 'refused' ? { reason: item.reason } : {}) };
}

export function formatDone(done: Done, queued: number): string {
  const earlier = done.sent.slice(0, -1).map((item) => `${item.outcome === 'sent' ? 'Sent' : 'Refused'} (queued earlier): ${t(item.op.what)}\n`);
  const own = done.sent.at(-1);
  const last =
    done.outcome === 'queued'
      ? `Queued: the team's server cannot be reached; ${queued} change(s) wait in this computer's outbox and go out with the next team command (or "quotedesk team sync").\n`
      : done.outcome === 'refused'
        ? `Refused: ${t(done.reason ?? '')}\n`
        : `Sent: ${t(own?.op.what ?? '')}\n`;
  return `${earlier.join('')}${last}`;
}
