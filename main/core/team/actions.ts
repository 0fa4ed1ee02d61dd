// What a member does, checked against the roster as this computer knows it, signed, queued and
// sent at once when the server answers. The checks here spare a change everyone else would
// refuse; the real guard is every other installation checking each entry on arrival.
import type { Role } from './entries';
import { mentionsIn } from './entries';
import { assigneeKey, decisionKey, joinKey, memberKey, newEntryId, noteKey, policyKey, requestKey } from './keys';
import type { QuoteRef } from './keys';
import type { QuoteFacts } from './policy';
import type { FlushOutcome, TeamDesk } from './desk';
import { TeamError } from './desk';
import type { Member } from './roster';
import { m } from '../../../i18n/paraglide/messages.js';

export interface Done {
  /** What this change became: sent now, refused by the server, or queued (offline). */
  outcome: 'sent' | 'refused' | 'queued';
  reason: string | null;
  /** Everything the outbox sent on the way (earlier queued changes first). */
  sent: FlushOutcome[];
}

/** Sends the outbox (this change last); after a refusal, reads the bucket again to show what won. */
async function deliver(desk: TeamDesk, id: string): Promise<Done> {
  const sent = await desk.flush();
  if (sent.some((item) => item.outcome === 'refused')) await desk.refresh().catch(() => 0);
  const own = sent.find((item) => item.op.id === id);
  if (!own) return { outcome: 'queued', reason: desk.problem, sent };
  return { outcome: own.outcome, reason: own.outcome === 'refused' ? own.reason : null, sent };
}

function me(desk: TeamDesk): Member | null {
  return desk.state().roster.members.get(desk.author.key) ?? null;
}

function requireMember(desk: TeamDesk): Member {
  const member = me(desk);
  if (!member || member.role === 'removed') throw new TeamError(m.team_refuse_not_member());
  if (member.role === 'pending') throw new TeamError(m.team_refuse_pending());
  return member;
}

function requireAdmin(desk: TeamDesk): void {
  if (requireMember(desk).role !== 'admin') throw new TeamError(m.team_refuse_admin_only());
}

function someone(desk: TeamDesk, email: string, admittedOnly = true): Member {
  const member = desk.state().roster.byEmail(email);
  if (!member || member.role === 'removed') throw new TeamError(m.team_refuse_no_such_member({ email }));
  if (admittedOnly && member.role === 'pending') throw new TeamError(m.team_refuse_not_admitted({ email }));
  return member;
}

export async function askToJoin(desk: TeamDesk): Promise<Done> {
  const op = await desk.enqueue(joinKey(desk.author.key), { kind: 'join', at: desk.now() }, 'put', { kind: 'join', email: desk.author.email });
  return deliver(desk, op.id);
}

/** Admits a pending member, or changes an admitted member's role and limits (admins only). */
export async function admit(desk: TeamDesk, email: string, role: Role, limits: Record<string, number>): Promise<Done> {
  requireAdmin(desk);
  const member = someone(desk, email, false);
  const body = { kind: 'member' as const, key: member.key, name: member.name, email: member.email, role, limits, at: desk.now() };
  const op = await desk.enqueue(memberKey(member.key), body, 'put', { kind: 'admit', email: member.email, role });
  return deliver(desk, op.id);
}

/** One action: the member's entries from now on are not applied (their NATS user is removed on the server, docs/team.md). */
export async function removeMember(desk: TeamDesk, email: string): Promise<Done> {
  requireAdmin(desk);
  const member = someone(desk, email, false);
  if (member.founder) throw new TeamError(m.team_refuse_founder());
  const body = { kind: 'member' as const, key: member.key, name: member.name, email: member.email, role: 'removed' as const, limits: {}, at: desk.now() };
  const op = await desk.enqueue(memberKey(member.key), body, 'put', { kind: 'remove', email: member.email });
  return deliver(desk, op.id);
}

export async function setPolicy(desk: TeamDesk, service: string, account: string, over: Record<string, number>): Promise<Done> {
  requireAdmin(desk);
  const current = desk.state().policies.get(service)?.over ?? {};
  const op = await desk.enqueue(policyKey(service), { kind: 'policy', service, account, over: { ...current, ...over }, at: desk.now() }, 'put', { kind: 'policy', account });
  return deliver(desk, op.id);
}

/** Compare-and-set on the assignee's last revision as read here: a change made meanwhile wins and this one is refused. */
export async function assign(desk: TeamDesk, ref: QuoteRef, email: string | null): Promise<Done> {
  requireMember(desk);
  const to = email === null ? null : someone(desk, email);
  const expected = desk.state().quote(ref).assigneeRevision;
  const op = await desk.enqueue(assigneeKey(ref), { kind: 'assign', id: newEntryId(), to: to?.key ?? null, at: desk.now() }, 'update', to ? { kind: 'assign', quote: ref.quote, email: to.email } : { kind: 'unassign', quote: ref.quote }, expected);
  return deliver(desk, op.id);
}

export async function addNote(desk: TeamDesk, ref: QuoteRef, text: string): Promise<Done> {
  requireMember(desk);
  if (text.trim() === '') throw new TeamError(m.team_refuse_empty_note());
  const id = newEntryId();
  const op = await desk.enqueue(noteKey(ref, id), { kind: 'note', id, text, mentions: mentionsIn(text), at: desk.now() }, 'create', { kind: 'note', quote: ref.quote });
  return deliver(desk, op.id);
}

export async function requestApproval(desk: TeamDesk, ref: QuoteRef, approverEmail: string, facts: QuoteFacts, comment: string): Promise<Done> {
  requireMember(desk);
  const approver = someone(desk, approverEmail);
  if (approver.key === desk.author.key) throw new TeamError(m.team_refuse_own_request());
  if (approver.role !== 'approver' && approver.role !== 'admin') throw new TeamError(m.team_refuse_not_approver({ email: approver.email }));
  const id = newEntryId();
  const body = { kind: 'request' as const, id, approver: approver.key, revision: facts.revision, total: facts.total, comment, at: desk.now() };
  const op = await desk.enqueue(requestKey(ref, id), body, 'create', { kind: 'request', quote: ref.quote, email: approver.email });
  return deliver(desk, op.id);
}

/** Approves or refuses the latest open request addressed to this member; decided once. */
export async function decide(desk: TeamDesk, ref: QuoteRef, approved: boolean, comment: string): Promise<Done> {
  requireMember(desk);
  const open = desk
    .state()
    .quote(ref)
    .requests.filter((item) => item.request.body.approver === desk.author.key && item.decision === null)
    .at(-1);
  if (!open) throw new TeamError(m.team_refuse_no_open_request());
  if (!approved && comment.trim() === '') throw new TeamError(m.team_refuse_refusal_comment());
  const body = { kind: 'decision' as const, request: open.request.body.id, approved, comment, at: desk.now() };
  // Compare-and-set rather than create: an unverified entry someone put on the key first must
  // not lock the approver out (the first signed decision is the one that counts).
  const kvKey = decisionKey(ref, open.request.body.id);
  const op = await desk.enqueue(kvKey, body, 'update', { kind: 'decision', quote: ref.quote, approved }, desk.log.lastRevision.get(kvKey) ?? 0);
  return deliver(desk, op.id);
}

/** Sends what waits in the outbox and reads what others did meanwhile. */
export async function sync(desk: TeamDesk): Promise<{ sent: FlushOutcome[]; received: number }> {
  const sent = await desk.flush();
  const received = await desk.refresh().catch(() => 0);
  return { sent, received };
}
