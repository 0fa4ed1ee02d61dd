// The team's state as the window sees it: the roster and policies, a quote's thread with the
// accept gate, and the quotes that wait on me. Public keys only; names as the roster has them.
import { createHash } from 'node:crypto';
import { TeamInboxView as TeamInboxViews } from '../../../preload/contract';
import type { TeamInboxView, TeamMemberView, TeamMine, TeamPolicyView, TeamThread } from '../../../preload/contract';
import type { QuoteRef } from './keys';
import { m } from '../../../i18n/paraglide/messages.js';
import { acceptGate, thresholdExceeded } from './policy';
import type { QuoteFacts } from './policy';
import type { Member } from './roster';
import type { QuoteState, TeamState } from './state';
import { unverifiedReasonText } from './unverified-reasons';

/** A short fingerprint of a public key, to compare aloud ("3f1c 2a9e 5b7d 4e8f"). */
export function keyFingerprint(publicKey: string): string {
  return (createHash('sha256').update(publicKey).digest('hex').slice(0, 16).match(/.{4}/g) ?? []).join(' ');
}

export function memberView(member: Member): TeamMemberView {
  return { signer: member.key, name: member.name, email: member.email, role: member.role, limits: member.limits, founder: member.founder };
}

/** The roster, admitted members first, then those waiting, then the removed. */
export function rosterView(state: TeamState): TeamMemberView[] {
  const order = { admin: 0, approver: 1, member: 2, pending: 3, removed: 4 } as const;
  return [...state.roster.members.values()].sort((a, b) => order[a.role] - order[b.role] || a.name.localeCompare(b.name)).map(memberView);
}

export function policiesView(state: TeamState, accountOf: (service: string) => string | null): TeamPolicyView[] {
  return [...state.policies.values()].map((policy) => ({ accountId: accountOf(policy.service), account: policy.account, over: policy.over }));
}

const TEAM_INBOX_VIEWS = TeamInboxViews.options;

const person = (member: Member) => ({ name: member.name, email: member.email });

/** A quote's thread for the reading pane; `facts` null when its details are not on this computer. */
export function threadView(state: TeamState, ref: QuoteRef, me: string, facts: QuoteFacts | null, listTotal: QuoteFacts['total']): TeamThread {
  const quote = state.quote(ref);
  const prefix = `quote.${ref.service}.${ref.quote}.`;
  return {
    assignee: quote.assignee?.to ? { ...person(quote.assignee.to), by: quote.assignee.by.name, at: quote.assignee.at } : null,
    notes: quote.notes.map((note) => ({ id: note.body.id, author: person(note.author), at: note.body.at, text: note.body.text, mentions: note.body.mentions })),
    approvals: quote.requests.map(({ request, decision }) => {
      const approver = state.roster.members.get(request.body.approver);
      return {
        id: request.body.id,
        author: person(request.author),
        at: request.body.at,
        approver: approver ? person(approver) : { name: m.team_approver_not_on_roster(), email: '' },
        total: request.body.total,
        currentRevision: facts !== null && request.body.revision === facts.revision,
        comment: request.body.comment,
        decision: decision ? { author: person(decision.author), at: decision.body.at, approved: decision.body.approved, comment: decision.body.comment } : null,
      };
    }),
    unverified: state.unverified.filter((item) => item.kvKey.startsWith(prefix)).map((item) => ({ claimed: item.claimed ? `${item.claimed.name} <${item.claimed.email}>` : m.team_unverified_nobody(), reason: unverifiedReasonText(item.reason) })),
    accept: gateView(state, ref, facts, listTotal),
    awaitingMe: openFor(quote, me) !== undefined,
  };
}

function gateView(state: TeamState, ref: QuoteRef, facts: QuoteFacts | null, listTotal: QuoteFacts['total']): TeamThread['accept'] {
  if (facts === null) {
    const covered = thresholdExceeded(state.policies.get(ref.service), listTotal) !== null;
    return covered
      ? { allowed: false, reason: m.team_gate_details_not_loaded(), needsApproval: true, approvedBy: null }
      : { allowed: true, reason: null, needsApproval: false, approvedBy: null };
  }
  const gate = acceptGate(state, ref, facts);
  const needsApproval = thresholdExceeded(state.policies.get(ref.service), facts.total) !== null;
  return gate.allowed ? { allowed: true, reason: null, needsApproval, approvedBy: gate.approvedBy } : { allowed: false, reason: gate.reason, needsApproval, approvedBy: null };
}

function openFor(quote: QuoteState, me: string) {
  return quote.requests.find((item) => item.request.body.approver === me && item.decision === null);
}

/** Which of my views a quote is in: assigned to me, waiting for my decision, my own request still open. */
function mineOf(quote: QuoteState, me: string): Record<TeamInboxView, boolean> {
  return {
    assignedToMe: quote.assignee?.to?.key === me,
    waitingForMe: openFor(quote, me) !== undefined,
    myRequests: quote.requests.some((item) => item.request.author.key === me && item.decision === null),
  };
}

/** The quotes assigned to me, waiting for my decision, and my own requests still open. */
export function mineView(state: TeamState, me: string, accountOf: (service: string) => string | null): TeamMine {
  const mine: TeamMine = { assignedToMe: [], waitingForMe: [], myRequests: [] };
  for (const quote of state.quotes()) {
    const accountId = accountOf(quote.ref.service);
    if (accountId === null) continue;
    const ref = { accountId, quoteId: quote.ref.quote };
    const views = mineOf(quote, me);
    for (const view of TEAM_INBOX_VIEWS) if (views[view]) mine[view].push(ref);
  }
  return mine;
}

/** The quote ids in each of my views, as the inbox filters by them (a quote is one row whichever account shows it). */
export function mineQuoteIds(state: TeamState, me: string): Record<TeamInboxView, Set<string>> {
  const ids: Record<TeamInboxView, Set<string>> = { assignedToMe: new Set(), waitingForMe: new Set(), myRequests: new Set() };
  for (const quote of state.quotes()) {
    const views = mineOf(quote, me);
    for (const view of TEAM_INBOX_VIEWS) if (views[view]) ids[view].add(quote.ref.quote);
  }
  return ids;
}
