// The roster as the signed entries make it: the founder (pinned on this computer when it created
// or joined the team) is an admin; a member entry counts only when an admin signed it; a join
// request counts only when its author signed it for their own key. Admins admit admins, so the
// roster is found by widening the set of admins until it stops changing.
import type { Author, EntryOf, Role } from './entries';
import type { KeyRevision, Unverified } from './revisions';
import type { UnverifiedReason } from './unverified-reasons';

export interface Member {
  key: string;
  name: string;
  email: string;
  /** 'pending': asked to join, not admitted yet. */
  role: Role | 'pending' | 'removed';
  /** What an approver may approve, per currency. */
  limits: Record<string, number>;
  /** When they were removed (by the removal's time): what they signed before still counts. */
  removedAt: number | null;
  /** The founder stays an admin. */
  founder: boolean;
}

export interface Roster {
  team: string | null;
  founder: string | null;
  members: Map<string, Member>;
  /** Lowercase e-mail → member key (admitted or pending). */
  byEmail(email: string): Member | null;
}

interface Found {
  roster: Roster;
  unverified: Unverified[];
}

/** Widening rounds: one per admin admitted by an admin admitted in the round before. */
const MAX_ROUNDS = 16;

export function resolveRoster(byKey: ReadonlyMap<string, KeyRevision[]>, founderPin: string | null): Found {
  const unverified: Unverified[] = [];
  const teamEntry = (byKey.get('team') ?? []).find((revision) => revision.checked.ok && revision.checked.entry.body.kind === 'team' && (founderPin === null || revision.checked.entry.author.key === founderPin));
  const founding = teamEntry?.checked.ok ? teamEntry.checked.entry : null;
  const founder: Author | null = founding?.author ?? null;
  const members = new Map<string, Member>();
  let admins = new Set<string>(founder ? [founder.key] : []);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    members.clear();
    if (founder) members.set(founder.key, { key: founder.key, name: founder.name, email: founder.email, role: 'admin', limits: {}, removedAt: null, founder: true });
    for (const [kvKey, revisions] of byKey) {
      if (!kvKey.startsWith('member.')) continue;
      const subject = kvKey.slice('member.'.length);
      const latest = [...revisions].reverse().find((revision) => admittedBy(revision, subject, admins));
      const body = latest?.checked.ok ? (latest.checked.entry.body as EntryOf<'member'>) : null;
      if (!body) continue;
      const isFounder = subject === founder?.key;
      members.set(subject, {
        key: subject,
        name: body.name,
        email: body.email,
        role: isFounder ? 'admin' : body.role,
        limits: body.limits,
        removedAt: body.role === 'removed' && !isFounder ? body.at : null,
        founder: isFounder,
      });
    }
    const next = new Set([...members.values()].filter((member) => member.role === 'admin').map((member) => member.key));
    if (same(next, admins)) break;
    admins = next;
  }
  for (const [kvKey, revisions] of byKey) {
    if (kvKey.startsWith('member.')) {
      const subject = kvKey.slice('member.'.length);
      for (const revision of revisions) if (revision.present && !admittedBy(revision, subject, admins)) unverified.push(unverifiedOf(kvKey, revision, 'not-signed-by-admin'));
    }
    if (kvKey.startsWith('join.')) {
      const subject = kvKey.slice('join.'.length);
      const own = [...revisions].reverse().find((revision) => revision.checked.ok && revision.checked.entry.body.kind === 'join' && revision.checked.entry.author.key === subject);
      for (const revision of revisions) if (revision.present && revision !== own && !(revision.checked.ok && revision.checked.entry.author.key === subject)) unverified.push(unverifiedOf(kvKey, revision, 'join-signed-by-other-key'));
      if (own?.checked.ok && !members.has(subject)) {
        const author = own.checked.entry.author;
        members.set(subject, { key: subject, name: author.name, email: author.email, role: 'pending', limits: {}, removedAt: null, founder: false });
      }
    }
  }
  for (const revision of byKey.get('team') ?? []) if (revision.present && revision !== teamEntry) unverified.push(unverifiedOf('team', revision, 'other-team'));
  const emails = new Map<string, Member>();
  for (const member of members.values()) {
    const known = emails.get(member.email.toLowerCase());
    // An admitted member wins over a pending request with the same address.
    if (!known || (known.role === 'pending' && member.role !== 'pending')) emails.set(member.email.toLowerCase(), member);
  }
  return {
    roster: { team: founding?.body.kind === 'team' ? founding.body.team : null, founder: founder?.key ?? null, members, byEmail: (email) => emails.get(email.trim().toLowerCase()) ?? null },
    unverified,
  };
}

function admittedBy(revision: KeyRevision, subject: string, admins: ReadonlySet<string>): boolean {
  return revision.checked.ok && revision.checked.entry.body.kind === 'member' && revision.checked.entry.body.key === subject && admins.has(revision.checked.entry.author.key);
}

function same(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((key) => b.has(key));
}

export function unverifiedOf(kvKey: string, revision: KeyRevision, why: UnverifiedReason): Unverified {
  const claimed = revision.checked.ok ? revision.checked.entry.author : revision.checked.claimed;
  const reason = revision.checked.ok ? why : revision.checked.reason === 'bad-signature' ? 'bad-signature' : 'not-an-entry';
  return { kvKey, revision: revision.revision, claimed, reason };
}

/** Whether this member's signature counts for an entry made at `at`: admitted, and not removed before it. */
export function signsAt(member: Member | undefined, at: number): boolean {
  if (!member || member.role === 'pending') return false;
  return member.removedAt === null || at <= member.removedAt;
}
