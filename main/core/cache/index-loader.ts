// The inbox index's life in the cache: built at the first question, in slices of rows that
// yield to the event loop between them (at 100,000 quotes the whole build takes most of a
// second: the app stays responsive), and the first windows answered from the file meanwhile.
import { errorText } from '../errors';
import type { KeyAccess } from '../../../preload/contract';
import type { Logger } from '../ports';
import type { QuoteStore } from '../database/types';
import { answersFromFile, firstWindowFromFile } from './first-window';
import { InboxIndex } from './inbox';
import type { InboxQuery, InboxWindow } from './inbox';

/** Rows per slice: at most 30-40 ms of CPU each at 100,000 quotes on the 2-core bench machine (the longest turn of the event loop while building). */
const SLICE = 2_000;

export interface IndexLoader {
  /** The index, built now if it is not yet (what every other question needs). */
  ready(): InboxIndex;
  /** The index as far as it is built (or null): where changes go meanwhile, so none is missed. */
  live(): InboxIndex | null;
  /** The index when it is complete, else null (nothing is built for asking). */
  complete(): InboxIndex | null;
  /**
   * Settles once the index is complete, building it in the background meanwhile: for a
   * question the first window can wait on (facet counts), rather than building all of it
   * in one turn of the event loop (about a second at 100,000 quotes) while every other
   * call waits. Settles too if the background build fails: `ready()` then says why.
   */
  completed(): Promise<void>;
  /** A window: from the index when it is built, else from the file when the file answers it exactly (and the build starts). */
  answer(query: InboxQuery): InboxWindow;
}

export function createIndexLoader(deps: { store: QuoteStore; services: ReadonlyMap<string, string>; logger: Logger }): IndexLoader {
  const { store, services } = deps;
  let built: InboxIndex | null = null;
  let building: { index: InboxIndex; after: number } | null = null;
  let waiting: (() => void)[] = [];
  const settleWaiting = () => {
    const settled = waiting;
    waiting = [];
    for (const settle of settled) settle();
  };

  function begin(): { index: InboxIndex; after: number } {
    const index = new InboxIndex();
    index.beginLoad(accessOf(store), store.allPdfs(), services);
    return (building = { index, after: 0 });
  }

  /** One slice; true when the index is complete. */
  function step(build: { index: InboxIndex; after: number }): boolean {
    const { rows, last } = store.inboxRowSlice(build.after, SLICE);
    build.index.loadRows(rows);
    build.after = last;
    if (rows.length === SLICE) return false;
    build.index.endLoad();
    built = build.index;
    building = null;
    settleWaiting();
    return true;
  }

  function inBackground(build: { index: InboxIndex; after: number }): void {
    setImmediate(() => {
      if (building !== build) return;
      try {
        if (!step(build)) inBackground(build);
      } catch (error) {
        // The store closed or failed: the next question builds the index itself, or says why.
        if (building === build) building = null;
        deps.logger.warn('the inbox index could not be built in the background', { error: errorText(error) });
        settleWaiting();
      }
    });
  }

  const loader: IndexLoader = {
    ready() {
      if (built) return built;
      const build = building ?? begin();
      while (!step(build));
      return built!;
    },
    live: () => built ?? building?.index ?? null,
    complete: () => built,
    completed() {
      if (built) return Promise.resolve();
      if (!building) inBackground(begin());
      return new Promise((settle) => waiting.push(settle));
    },
    answer(query) {
      if (built) return built.query(query);
      if (!answersFromFile(query, services)) return loader.ready().query(query);
      const window = firstWindowFromFile(store, query, { access: accessOf(store), services, pdfs: store.allPdfs() });
      if (!building) inBackground(begin());
      return window;
    },
  };
  return loader;
}

function accessOf(store: QuoteStore): Map<string, KeyAccess> {
  const access = new Map<string, KeyAccess>();
  for (const account of store.allAccounts()) if (account.access) access.set(account.accountId, account.access);
  return access;
}
