// The team's shared state folded from the checked revisions: roster, policies, and per quote the
// assignee (latest signed change), notes (append-only), approval requests and their decisions
// (each decided once, by the approver asked, who is not the requester). Whatever is not applied
// is listed as unverified with its claimed author and why.
import type { EntryOf } from './entries';
import { parseKey } from './keys';
import type { QuoteRef } from './keys';
import type { KeyRevision, RevisionLog, Unverified } from './revisions';
import { resolveRoster, signsAt, unverifiedOf } from './roster';
import type { Member, Roster } from './roster';

export interface Signed<T> {
  body: T;
  author: Member;
  kvRevision: number;
}

export interface ApprovalRequest {
  request: Signed<EntryOf<'request'>>;
  decision: Signed<EntryOf<'decision'>> | null;
}

export interface QuoteState {
  ref: QuoteRef;
  /** `id`: the assignment entry's own id (each assignment is one, a notification is made once per id). */
  assignee: { id: string; to: Member | null; by: Member; at: number } | null;
  /** The assignee key's last revision, deletions included: what a change compares with. */
  assigneeRevision: number;
  notes: Signed<EntryOf<'note'>>[];
  requests: ApprovalRequest[];
}

export interface TeamState {
  roster: Roster;
  policies: Map<string, EntryOf<'policy'>>;
  quote(ref: QuoteRef): QuoteState;
  /** Every quote the bucket says something about. */
  quotes(): QuoteState[];
  unverified: Unverified[];
}

export function foldState(log: RevisionLog, founderPin: string | null): TeamState {
  const { roster, unverified } = resolveRoster(log.byKey, founderPin);
  const policies = new Map<string, EntryOf<'policy'>>();
  const quotes = new Map<string, QuoteState>();
  const decisions = new Map<string, { kvKey: string; revisions: KeyRevision[] }>();
  const quoteOf = (ref: QuoteRef) => {
    const id = `${ref.service}.${ref.quote}`;
    let state = quotes.get(id);
    if (!state) quotes.set(id, (state = { ref, assignee: null, assigneeRevision: 0, notes: [], requests: [] }));
    return state;
  };
  /** The revisions whose signer was a member when they signed, of the kind the key holds. */
  const signedBy = (kvKey: string, revisions: KeyRevision[], kind: string, fits: (body: never) => boolean = () => true) => {
    const good: Signed<never>[] = [];
    for (const revision of revisions) {
      if (!revision.present) continue;
      const entry = revision.checked.ok ? revision.checked.entry : null;
      const author = entry ? roster.members.get(entry.author.key) : undefined;
      if (entry && entry.body.kind === kind && fits(entry.body as never) && signsAt(author, entry.body.at)) good.push({ body: entry.body as never, author: author!, kvRevision: revision.revision });
      else unverified.push(unverifiedOf(kvKey, revision, entry && !author ? 'unknown-key' : 'not-admitted-then'));
    }
    return good;
  };

  for (const [kvKey, revisions] of log.byKey) {
    const parsed = parseKey(kvKey);
    if (!parsed) continue;
    if (parsed.kind === 'policy') {
      const admins = signedBy(kvKey, revisions, 'policy', (body: EntryOf<'policy'>) => body.service === parsed.service).filter((entry) => entry.author.role === 'admin');
      const latest = admins.at(-1);
      if (latest) policies.set(parsed.service, latest.body as EntryOf<'policy'>);
    } else if (parsed.kind === 'assignee') {
      const state = quoteOf(parsed.ref);
      state.assigneeRevision = log.lastRevision.get(kvKey) ?? 0;
      const latest = (signedBy(kvKey, revisions, 'assign') as Signed<EntryOf<'assign'>>[]).at(-1);
      if (latest) state.assignee = { id: latest.body.id, to: latest.body.to === null ? null : (roster.members.get(latest.body.to) ?? null), by: latest.author, at: latest.body.at };
    } else if (parsed.kind === 'note') {
      // Append-only: the first signed revision is the note; anything written over it later is not.
      const [first] = signedBy(kvKey, revisions, 'note', (body: EntryOf<'note'>) => body.id === parsed.id) as Signed<EntryOf<'note'>>[];
      if (first) quoteOf(parsed.ref).notes.push(first);
    } else if (parsed.kind === 'request') {
      const [first] = signedBy(kvKey, revisions, 'request', (body: EntryOf<'request'>) => body.id === parsed.id) as Signed<EntryOf<'request'>>[];
      if (first) quoteOf(parsed.ref).requests.push({ request: first, decision: null });
    } else if (parsed.kind === 'decision') {
      decisions.set(`${parsed.ref.service}.${parsed.ref.quote}.${parsed.id}`, { kvKey, revisions });
    }
  }
  // Decisions last: each is checked against its request (the approver asked, not the requester), decided once.
  for (const state of quotes.values()) {
    for (const pending of state.requests) {
      const found = decisions.get(`${state.ref.service}.${state.ref.quote}.${pending.request.body.id}`);
      if (!found) continue;
      decisions.delete(`${state.ref.service}.${state.ref.quote}.${pending.request.body.id}`);
      const valid = (signedBy(found.kvKey, found.revisions, 'decision', (body: EntryOf<'decision'>) => body.request === pending.request.body.id) as Signed<EntryOf<'decision'>>[]).filter((entry) => {
        const allowed = entry.author.key === pending.request.body.approver && entry.author.key !== pending.request.author.key;
        if (!allowed) unverified.push({ kvKey: found.kvKey, revision: entry.kvRevision, claimed: entry.author, reason: 'not-the-asked-approver' });
        return allowed;
      });
      pending.decision = valid[0] ?? null;
    }
    state.notes.sort((a, b) => a.body.at - b.body.at || a.kvRevision - b.kvRevision);
    state.requests.sort((a, b) => a.request.body.at - b.request.body.at || a.request.kvRevision - b.request.kvRevision);
  }
  for (const { kvKey, revisions } of decisions.values()) for (const revision of revisions) if (revision.present) unverified.push(unverifiedOf(kvKey, revision, 'decision-without-request'));
  return {
    roster,
    policies,
    unverified,
    quote: (ref) => quotes.get(`${ref.service}.${ref.quote}`) ?? { ref, assignee: null, assigneeRevision: 0, notes: [], requests: [] },
    quotes: () => [...quotes.values()],
  };
}
