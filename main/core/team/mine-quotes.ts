// The quote ids of my team views, as the inbox filters by them at every keystroke: folded once
// per revision that arrived (not per inbox query), and never older than the thread the pane reads.
import type { TeamInboxView } from '../../../preload/contract';
import type { RevisionLog } from './revisions';
import type { TeamState } from './state';
import { mineQuoteIds } from './views';

/** What the views are read from: the window's desk (TeamDesk has these), or none when on no team. */
export interface MineSource {
  readonly log: Pick<RevisionLog, 'version'>;
  readonly author: { key: string };
  state(): TeamState;
}

export function createMineQuotes(deskOf: () => MineSource | null): (view: TeamInboxView) => ReadonlySet<string> {
  let mine: { desk: object; version: number; ids: ReturnType<typeof mineQuoteIds> } | null = null;
  const none: ReadonlySet<string> = new Set();
  return (view) => {
    const desk = deskOf();
    if (!desk) return none;
    if (mine?.desk !== desk || mine.version !== desk.log.version) mine = { desk, version: desk.log.version, ids: mineQuoteIds(desk.state(), desk.author.key) };
    return mine.ids[view];
  };
}
