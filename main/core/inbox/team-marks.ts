// The team desk's marks of the inbox's rows: who a quote is assigned to and where the approval of
// its current revision stands. A window of rows asks once for all its quotes ('inbox.teamMarks'),
// never once per row; each quote is read through the team's own thread (the reading pane's
// reading), so a row and the pane never disagree on the assignee or on the revision approved.
import type { Handlers, TeamQuoteInput, TeamRowApproval, TeamRowMark, TeamThread } from '../../../preload/contract';
import { AppError } from '../errors';

export type TeamMarkHandlers = Pick<Handlers, 'inbox.teamMarks'>;

/** A quote's team thread, as 'team.thread' answers it (it refuses with 'invalid-state' on no team). */
export type TeamThreadReader = (quote: TeamQuoteInput) => Promise<TeamThread>;

export interface TeamMarkDeps {
  /** Absent: no team desk in this core, so no row has a mark. */
  thread?: TeamThreadReader;
}

/**
 * The approval of the revision this computer has: the newest request about it, open (requested)
 * or decided. A request about an earlier revision says nothing about this one.
 */
export function currentApproval(thread: Pick<TeamThread, 'approvals'>): TeamRowApproval | null {
  const current = thread.approvals.filter((approval) => approval.currentRevision);
  const newest = current.reduce<(typeof current)[number] | null>((found, approval) => (found === null || approval.at >= found.at ? approval : found), null);
  if (!newest) return null;
  if (!newest.decision) return 'requested';
  return newest.decision.approved ? 'approved' : 'refused';
}

export function teamRowMark(quoteId: string, thread: Pick<TeamThread, 'assignee' | 'approvals'>): TeamRowMark {
  return { quoteId, assignee: thread.assignee ? { name: thread.assignee.name, email: thread.assignee.email } : null, approval: currentApproval(thread) };
}

/** A quote the team cannot read (this folder on no team, its account gone meanwhile) has no mark; anything else is a fault. */
async function markOrNone(thread: TeamThreadReader, quote: TeamQuoteInput): Promise<TeamRowMark | null> {
  try {
    return teamRowMark(quote.quoteId, await thread(quote));
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal') return null;
    throw error;
  }
}

export function createTeamMarkHandlers(deps: TeamMarkDeps): TeamMarkHandlers {
  return {
    async 'inbox.teamMarks'({ quotes }) {
      const { thread } = deps;
      if (!thread) return { marks: [] };
      // A quote seen by two accounts is one row: read it once.
      const unique = [...new Map(quotes.map((quote) => [quote.quoteId, quote])).values()];
      const marks = await Promise.all(unique.map((quote) => markOrNone(thread, quote)));
      // A quote the team says nothing about has no mark to show.
      return { marks: marks.filter((mark): mark is TeamRowMark => mark !== null && (mark.assignee !== null || mark.approval !== null)) };
    },
  };
}
