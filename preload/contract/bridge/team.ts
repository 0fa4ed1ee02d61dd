import { z } from 'zod';

// The team desk over the bridge (Settings → Team, the reading pane's thread, the inbox's team
// views). The NATS credentials go from the renderer to main once, to the secret store; the
// signing key's private half never leaves main. Only public keys (and their fingerprints) cross.

const Id = z.string().trim().min(1).max(200);
const Email = z.string().trim().toLowerCase().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Give an e-mail address, e.g. ada@example.com').max(320);
const Currency = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, 'A currency is three letters, e.g. EUR');
/** Amounts per currency, e.g. { EUR: 5000 }. */
export const TeamLimits = z.record(Currency, z.number().nonnegative().finite());
export type TeamLimits = z.infer<typeof TeamLimits>;

export const TeamRole = z.enum(['member', 'approver', 'admin']);
export type TeamRole = z.infer<typeof TeamRole>;

export const TeamMemberView = z.object({
  /** The member's public signing key, as text (the public half: no secret). */
  signer: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(['member', 'approver', 'admin', 'pending', 'removed']),
  limits: TeamLimits,
  founder: z.boolean(),
});
export type TeamMemberView = z.infer<typeof TeamMemberView>;

export const TeamPolicyView = z.object({
  /** The account this computer has on the policy's service, when it has one. */
  accountId: z.string().nullable(),
  account: z.string(),
  over: TeamLimits,
});
export type TeamPolicyView = z.infer<typeof TeamPolicyView>;

export const TeamView = z.object({
  /** Whether this data folder is on a team. */
  joined: z.boolean(),
  team: z.string().nullable(),
  /** The server's address (never its credentials); null when not on a team. */
  url: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  /** This installation's public signing key (the public half only) and a short fingerprint of it, to compare aloud. */
  signer: z.string().nullable(),
  fingerprint: z.string().nullable(),
  /** My role as the roster says (pending until an admin admits me); null when not on a team. */
  role: TeamMemberView.shape.role.nullable(),
  online: z.boolean(),
  /** Why the desk is offline, in plain words. */
  problem: z.string().nullable(),
  /** Changes waiting in the outbox for the server. */
  queued: z.number().int().nonnegative(),
  members: z.array(TeamMemberView),
  policies: z.array(TeamPolicyView),
});
export type TeamView = z.infer<typeof TeamView>;

export const TeamSetupInput = z.object({
  url: z.string().trim().min(1, 'Give the team server, e.g. tls://nats.example.com:4222').max(2_000),
  /** A NATS user and password, or the text of a .creds file; both empty: no credentials. */
  user: z.string().trim().max(200).default(''),
  password: z.string().max(2_000).default(''),
  creds: z.string().max(20_000).default(''),
  name: z.string().trim().min(1, 'Give your name').max(200),
  email: Email,
  /** The team's name (creating only). */
  team: z.string().trim().max(200).default(''),
});
export type TeamSetupInput = z.input<typeof TeamSetupInput>;

/** A new server or new credentials for the team (the desk and a relay on the team's server both move to it). */
export const TeamServerInput = TeamSetupInput.pick({ url: true, user: true, password: true, creds: true });
export type TeamServerInput = z.input<typeof TeamServerInput>;

export const TeamMemberInput = z.object({ email: Email, role: TeamRole.default('member'), limits: TeamLimits.default({}) });
export type TeamMemberInput = z.input<typeof TeamMemberInput>;

export const TeamQuoteInput = z.object({ accountId: Id, quoteId: Id });
export type TeamQuoteInput = z.input<typeof TeamQuoteInput>;

export const TeamChange = z.object({
  /** Sent now, refused by the server (a stale assignment, decided meanwhile), or queued while offline. */
  outcome: z.enum(['sent', 'refused', 'queued']),
  reason: z.string().nullable(),
});
export type TeamChange = z.infer<typeof TeamChange>;

const Signed = { author: z.object({ name: z.string(), email: z.string() }), at: z.number() };

export const TeamNoteView = z.object({ id: z.string(), ...Signed, text: z.string(), mentions: z.array(z.string()) });
export type TeamNoteView = z.infer<typeof TeamNoteView>;

export const TeamApprovalView = z.object({
  id: z.string(),
  ...Signed,
  approver: z.object({ name: z.string(), email: z.string() }),
  total: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  /** Whether it asked about the quote's revision as this computer has it now. */
  currentRevision: z.boolean(),
  comment: z.string(),
  decision: z.object({ ...Signed, approved: z.boolean(), comment: z.string() }).nullable(),
});
export type TeamApprovalView = z.infer<typeof TeamApprovalView>;

export const TeamThread = z.object({
  assignee: z.object({ name: z.string(), email: z.string(), by: z.string(), at: z.number() }).nullable(),
  notes: z.array(TeamNoteView),
  approvals: z.array(TeamApprovalView),
  /** Entries about this quote that were not applied, each with who it claims wrote it. */
  unverified: z.array(z.object({ claimed: z.string(), reason: z.string() })),
  /** Whether Accept may be pressed, and if not why; `needsApproval` when the policy covers this quote. */
  accept: z.object({ allowed: z.boolean(), reason: z.string().nullable(), needsApproval: z.boolean(), approvedBy: z.string().nullable() }),
  /** Whether an open request is addressed to me. */
  awaitingMe: z.boolean(),
});
export type TeamThread = z.infer<typeof TeamThread>;

export const TeamMine = z.object({
  assignedToMe: z.array(TeamQuoteInput),
  waitingForMe: z.array(TeamQuoteInput),
  myRequests: z.array(TeamQuoteInput),
});
export type TeamMine = z.infer<typeof TeamMine>;

export const teamMethods = {
  /** Whether this data folder is on a team, my role, the roster (pending members too) and the policies. */
  'team.state': { input: z.void(), output: TeamView },
  /** Makes the team on the server (I am its founder and admin); the credentials go to the secret store. */
  'team.create': { input: TeamSetupInput, output: TeamView },
  /** Joins the team on the server and asks to be admitted; the credentials go to the secret store. */
  'team.join': { input: TeamSetupInput, output: TeamView },
  /** Admits a pending member, or changes a member's role and approval limits (admins). */
  'team.admit': { input: TeamMemberInput, output: TeamChange },
  /** Removes a member: nothing they sign from now on is applied (admins). */
  'team.remove': { input: TeamMemberInput.pick({ email: true }), output: TeamChange },
  /**
   * Moves the team to a new server address or new credentials, once the team is found there
   * with the same founder; the relay, when it uses the team's server, connects again to it.
   */
  'team.setServer': { input: TeamServerInput, output: TeamView },
  /** Forgets the team on this computer (its server, credentials, outbox and copy); the signing key stays. */
  'team.leave': { input: z.void(), output: TeamView },
  /** Sets an account's approval policy: amounts per currency above which accepting needs an approval (admins). */
  'team.setPolicy': { input: z.object({ accountId: Id, over: TeamLimits }), output: TeamChange },
  /** A quote's assignee, notes, approval history, unverified entries and whether Accept may be pressed. */
  'team.thread': { input: TeamQuoteInput, output: TeamThread },
  /** Assigns a quote to a member by e-mail (null: nobody); refused when someone changed it meanwhile. */
  'team.assign': { input: TeamQuoteInput.extend({ email: Email.nullable() }), output: TeamChange },
  /** Adds a note to a quote's thread (@e-mail mentions are found in the text). */
  'team.note': { input: TeamQuoteInput.extend({ text: z.string().trim().min(1, 'Write a note first').max(10_000) }), output: TeamChange },
  /** Asks an approver to approve the quote's current revision. */
  'team.requestApproval': { input: TeamQuoteInput.extend({ approver: Email, comment: z.string().trim().max(10_000).default('') }), output: TeamChange },
  /** Approves or refuses the open request addressed to me (a refusal needs a comment). */
  'team.decide': { input: TeamQuoteInput.extend({ approved: z.boolean(), comment: z.string().trim().max(10_000).default('') }), output: TeamChange },
  /** The quotes assigned to me, waiting for my approval, and my open requests. */
  'team.mine': { input: z.void(), output: TeamMine },
} as const;

export const teamEvents = {
  /** The team's state moved (roster, policies, connection, outbox). */
  'team.changed': TeamView,
  /** Entries arrived or were sent for these quotes: their threads should be read again. */
  'team.quotesChanged': z.object({ quoteIds: z.array(z.string()) }),
} as const;
