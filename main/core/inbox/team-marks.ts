// The team desk's marks of the inbox's rows: who a quote is assigned to and where the approval of
// its current revision stands. A window of rows asks once for all its quotes ('inbox.teamMarks'),
// never once per row; the team answers from its per-quote state folded once per revision that
// arrived (the reading pane's thread folds the same entries, so a row and the pane agree).
import type { Handlers, TeamQuoteInput, TeamRowMark } from '../../../preload/contract';

export type TeamMarkHandlers = Pick<Handlers, 'inbox.teamMarks'>;

/** Each quote's mark, in the order asked (null: nothing to mark, or its account is gone); all null on no team. */
export type TeamMarksReader = (quotes: readonly TeamQuoteInput[]) => Promise<(TeamRowMark | null)[]>;

export interface TeamMarkDeps {
  /** Absent: no team desk in this core, so no row has a mark. */
  marks?: TeamMarksReader;
}

export function createTeamMarkHandlers(deps: TeamMarkDeps): TeamMarkHandlers {
  return {
    async 'inbox.teamMarks'({ quotes }) {
      const { marks: read } = deps;
      if (!read) return { marks: [] };
      // A quote seen by two accounts is one row: read it once.
      const unique = [...new Map(quotes.map((quote) => [quote.quoteId, quote])).values()];
      const marks = await read(unique);
      // A quote the team says nothing about has no mark to show.
      return { marks: marks.filter((mark): mark is TeamRowMark => mark !== null && (mark.assignee !== null || mark.approval !== null)) };
    },
  };
}
