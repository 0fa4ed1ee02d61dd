// What team commands print for a person: the roster, a quote's shared state, what was sent.
import { opWords } from '../../core/team';
import type { Done, FlushOutcome, Member, OutboxOp, QuoteState, TeamState } from '../../core/team';
import { terminalText } from '../terminal-text';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

const t = terminalText;

/** A queued change in the run's language; an outbox written before its facts were kept has its English words only. */
function change(op: Pick<OutboxOp, 'what' | 'said'>): string {
  return op.said ? opWords(op.said, { data: (text) => ltr(t(text)) }) : t(op.what);
}

function limits(member: Member): string {
  const entries = Object.entries(member.limits);
  return entries.length === 0 ? '' : ` ${m.cli_team_limit_up_to({ limits: entries.map(([currency, amount]) => ltr(`${amount} ${currency}`)).join(', ') })}`;
}

export function membersJson(state: TeamState) {
  return [...state.roster.members.values()].map((member) => ({ name: member.name, email: member.email, role: member.role, limits: member.limits, founder: member.founder, publicKey: member.key }));
}

export function formatMembers(state: TeamState): string {
  const rows = [...state.roster.members.values()].sort((a, b) => a.email.localeCompare(b.email));
  // Roles stay as --role takes them (member, approver, admin); only a pending member is said in words.
  const lines = rows.map((member) => `${ltr(t(member.email))}  ${t(member.name)}  ${member.role === 'pending' ? m.cli_team_pending() : member.role}${limits(member)}${member.founder ? ` ${m.cli_team_founder()}` : ''}`);
  return `${state.roster.team ? `${m.cli_team_heading({ team: t(state.roster.team) })}\n` : ''}${lines.join('\n')}\n`;
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
  const assignee = quote.assignee?.to ? ltr(`${t(quote.assignee.to.name)} <${t(quote.assignee.to.email)}>`) : m.cli_team_nobody();
  const lines: string[] = [m.cli_team_quote_heading({ quote: ltr(t(quote.ref.quote)) }), m.cli_team_assigned_to({ assignee })];
  lines.push(quote.notes.length === 0 ? m.cli_team_no_notes() : m.cli_team_notes());
  for (const note of quote.notes) lines.push(`  ${ltr(when(note.body.at))}  ${t(note.author.name)}: ${t(note.body.text)}`);
  for (const { request, decision } of quote.requests) {
    const email = state.roster.members.get(request.body.approver)?.email;
    const said = {
      requester: ltr(t(request.author.email)),
      approver: email ? ltr(t(email)) : m.cli_team_unknown_approver(),
      revision: ltr(String(request.body.revision)),
      total: request.body.total ? ltr(`${request.body.total.amount} ${request.body.total.currency}`) : m.cli_team_no_total(),
    };
    lines.push(`${m.cli_team_approval_asked(said)}${request.body.comment ? `: ${t(request.body.comment)}` : ''}`);
    if (!decision) {
      lines.push(`  ${m.cli_team_approval_open()}`);
      continue;
    }
    const by = { by: ltr(t(decision.author.email)), at: ltr(when(decision.body.at)) };
    lines.push(`  ${decision.body.approved ? m.cli_team_approved_by(by) : m.cli_team_refused_by(by)}${decision.body.comment ? `: ${t(decision.body.comment)}` : ''}`);
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
  const earlier = done.sent.slice(0, -1).map((item) => `${item.outcome === 'sent' ? m.cli_team_sent_earlier({ what: change(item.op) }) : m.cli_team_refused_earlier({ what: change(item.op) })}\n`);
  const own = done.sent.at(-1);
  const last =
    done.outcome === 'queued'
      ? `${m.cli_team_queued({ count: queued, countText: ltr(String(queued)) })}\n`
      : done.outcome === 'refused'
        ? `${m.cli_team_refused({ reason: t(done.reason ?? '') })}\n`
        : `${m.cli_team_sent({ what: own ? change(own.op) : '' })}\n`;
  return `${earlier.join('')}${last}`;
}

/** What `team sync` sent (or had refused), what it read, and what still waits. */
export function formatSync(sent: readonly FlushOutcome[], received: number, waiting: number, problem: string | null): string {
  const lines = sent.map((item) => (item.outcome === 'sent' ? m.cli_team_sent({ what: change(item.op) }) : m.team_cli_sync_refused({ what: change(item.op), reason: t(item.reason) })));
  const said = {
    received: m.team_cli_sync_received({ count: received, countText: ltr(String(received)) }),
    waiting: m.team_cli_sync_waiting({ count: waiting, countText: ltr(String(waiting)) }),
  };
  lines.push(problem ? m.team_cli_sync_summary_problem({ ...said, problem: t(problem) }) : m.team_cli_sync_summary(said));
  return `${lines.join('\n')}\n`;
}
