// The client-only subject of the list-sync benchmark: the client's quotes.list over every
// page, the part of a sync a bare undici loop can be compared with fairly. The sync
// engine's whole first sync (store writes and detail prefetches included) is a figure of
// its own, against a baseline that does the same writes: first-sync-subject.ts.
import type { Dispatcher } from 'undici';
import { createQuotingClient } from '../../../main/core/api';
import { inParallel } from '../fixtures/pool';

export interface ListSyncSubjectOptions {
  baseUrl: string;
  apiKey: string;
  /** The pool the baseline uses too, so both sides have the same connections. */
  dispatcher: Dispatcher;
  parallelism: number;
  limit: number;
}

export interface ListSyncSubject {
  /** Named in the report, so a reader knows what was measured. */
  name: string;
  /** Fetches every quote once; returns how many it saw. */
  syncAll(): Promise<number>;
  close(): Promise<void>;
}

export async function createListSyncSubject(options: ListSyncSubjectOptions): Promise<ListSyncSubject> {
  const client = createQuotingClient({ baseUrl: options.baseUrl, credentials: { mechanism: 'api-key', apiKey: options.apiKey }, dispatcher: options.dispatcher });
  const { limit, parallelism } = options;
  // Page 1 tells how many pages there are, as a sync pass learns it.
  const first = await client.quotes.list({ page: 1, limit });
  const pages = Array.from({ length: first.pagination.totalPages }, (_, index) => index + 1);
  return {
    name: 'client quotes.list',
    async syncAll() {
      let seen = 0;
      await inParallel(pages, parallelism, async (page) => {
        const { data } = await client.quotes.list({ page, limit });
        seen += data.length;
      });
      return seen;
    },
    close: () => client.close(),
  };
}
