// What the team desk tells a person about (issue #26): a quote assigned to them, an approval
// asked of them, their own request approved or refused, a note that mentions them. The desk
// finds them among its verified entries (main/core/team/notices.ts); notify words them and
// sends them through the one policy, once each.

export const TEAM_NOTICE_KINDS = ['team.assigned', 'team.approval_requested', 'team.approved', 'team.refused', 'team.mentioned'] as const;
export type TeamNoticeKind = (typeof TEAM_NOTICE_KINDS)[number];

export interface TeamNotice {
  /** The entry's own id, the same on every installation and every replay of the bucket. */
  id: string;
  kind: TeamNoticeKind;
  /** The account on this computer that shows the quote (the team names only its service). */
  accountId: string;
  quoteId: string;
  /** Who did it, as the roster names them. */
  by: { name: string; email: string };
  /** When its author signed it (their clock). */
  at: number;
  /** The comment of a request or decision, or the note's text: the author's words, shown as written. */
  text: string | null;
}

/** One desk's notices at a moment, for the person whose key signs on this computer. */
export interface TeamNotices {
  /** This installation's public key: the ledger starts again for another one (another team, a new key). */
  me: string;
  notices: TeamNotice[];
}
