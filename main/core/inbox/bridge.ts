import type { z } from 'zod';
import type { KeyAccess } from '../../../preload/contract';
import { pdfFileName } from '../../../preload/contract/plain';
import type { InboxFilterInput, inboxMethods, PdfOpened, QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import type { AccountSyncState } from '../../../preload/contract/bridge/sync';
import type { AccountsService } from '../accounts/types';
import { recognisePeople, recogniseSummary } from '../quotes/extras';
import type { CachedQuote, InboxFacetQuery, PdfCache, QuoteCache } from '../cache';
import { saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Clock } from '../ports';
import type { SyncEngine } from '../sync';
import { createDetailReader } from './prefetch';
import { assigneeFacet, teamSelectionOf } from './team-filter';
import type { TeamQuotes } from './team-filter';
import type { DetailReader } from './prefetch';
import { internalPeers, quoteDetailView } from './quote-detail-view';
import { classifyFailure, syncStateView } from '../sync';

type Methods = typeof inboxMethods;
/** The use cases behind `inboxMethods`, answered by the inbox feature (feature.ts). */
export type InboxHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

export interface InboxHandlerOptions {
  /** "Expiring soon" means within this many days. */
  expiringSoonDays: number;
  /** Details younger than this are shown from the cache without asking the service. */
  detailsFreshMs: number;
}

export const DEFAULT_INBOX_OPTIONS: InboxHandlerOptions = { expiringSoonDays: 7, detailsFreshMs: 60_000 };

/** A PDF to hand to the person, the host's way. */
export interface PdfToOpen {
  path: string;
  /** What to call the file when it is saved or downloaded. */
  fileName: string;
  mode: 'open' | 'save';
}

/**
 * The host's way of giving a PDF to the person: Electron opens it with the system's viewer
 * (the Opener port); browser mode answers with a one-time download route of its web host.
 */
export type PdfDelivery = (file: PdfToOpen) => Promise<{ kind: 'opened' } | { kind: 'download'; url: string }>;

export interface InboxHandlerDeps {
  cache: QuoteCache;
  sync: Pick<SyncEngine, 'state' | 'fetchDetails'>;
  pdfs: Pick<PdfCache, 'get' | 'status'>;
  /** `client` reads what the cache does not keep (the detail's extras); the tests may leave it out. */
  accounts: Pick<AccountsService, 'list'> & Partial<Pick<AccountsService, 'client'>>;
  clock: Clock;
  /** Without it, 'pdfs.open' says this host cannot open PDFs. */
  deliverPdf?: PdfDelivery;
  options?: Partial<InboxHandlerOptions>;
  /** Reads details for the person and ahead of them (prefetch.ts); made here when left out. */
  reader?: DetailReader;
  /** The quotes every view leaves out now (the snoozed); none when absent. */
  hidden?: () => ReadonlySet<string>;
  /** The quotes of my team views (team-filter.ts); absent: they hold none. */
  teamQuotes?: TeamQuotes;
}

/** Phases in which asking the service now would only fail or be refused. */
const UNREACHABLE = new Set(['offline', 'needs-credentials', 'rate-limited']);

export function createInboxHandlers(deps: InboxHandlerDeps): InboxHandlers {
  const options = { ...DEFAULT_INBOX_OPTIONS, ...deps.options };
  const { cache, sync, pdfs, clock } = deps;
  const reader = deps.reader ?? createDetailReader({ cache, sync, clock, options: { freshMs: options.detailsFreshMs } });

  /** The account, and the internal keys of its service (what a client may decide is told by their copies). */
  async function knownAccount(accountId: string): Promise<{ access: KeyAccess; peers: string[] }> {
    const accounts = await deps.accounts.list();
    const account = accounts.find((candidate) => candidate.id === accountId);
    if (!account) throw saidError('account-not-found', m.main_account_gone());
    return { access: account.access, peers: internalPeers(accounts, accountId) };
  }

  /** The cache's filters for a bridge input (the accounts' services are the cache's own: quotes they share are one row). */
  function filtersOf(input: z.output<typeof InboxFilterInput>): InboxFacetQuery {
    return teamSelectionOf(input, { expiringSoonDays: options.expiringSoonDays, now: clock.now(), hidden: deps.hidden?.(), teamQuotes: deps.teamQuotes });
  }

  return {
    async 'inbox.query'(input) {
      const { sort, offset, limit, ...selection } = input;
      const window = cache.inbox({ ...filtersOf(selection), sort, offset, limit });
      const freshness: AccountSyncState[] = [...cache.services().keys()]
        .filter((accountId) => input.accountId === undefined || accountId === input.accountId)
        .map((accountId) => syncStateView(sync.state(accountId)));
      return { ...window, accounts: freshness };
    },

    async 'inbox.facets'(input) {
      const filters = filtersOf(input);
      // Counts come after the rows: after a start they wait for the index's background build rather than making every other call wait for all of it.
      await cache.indexBuilt();
      const assignees = assigneeFacet(cache, input, { expiringSoonDays: options.expiringSoonDays, now: clock.now(), hidden: deps.hidden?.(), teamQuotes: deps.teamQuotes });
      return { ...cache.inboxFacets(filters), assignees };
    },

    async 'quotes.detail'({ accountId, quoteId, refresh, cached: atOnce }) {
      const { access, peers } = await knownAccount(accountId);
      // `read`: the copy read just now, when nothing was awaited since (it is not read and parsed again).
      const view = (source: 'service' | 'cache', notice: string | null, read?: CachedQuote | null): QuoteDetailView =>
        quoteDetailView({ cache, pdfs }, accountId, quoteId, access, source, notice, peers, read);
      const cached = cache.get(accountId, quoteId);
      // The reading pane's first look: whatever the cache holds, with no wait on the service.
      if (atOnce && cached) return view('cache', null, cached);
      if (reader.isFresh(accountId, quoteId) && !refresh) return view('cache', null, cached);
      const phase = sync.state(accountId).phase;
      if (UNREACHABLE.has(phase) && cached) return view('cache', syncStateView(sync.state(accountId)).summary, cached);
      try {
        await reader.read(accountId, quoteId);
        return view('service', null);
      } catch (error) {
        const failure = classifyFailure(error);
        // Could not be had now: the cached copy, said to be such. Anything else is an answer.
        if (cached && failure.phase !== 'failed' && failure.phase !== 'gone') return view('cache', failure.message);
        throw error;
      }
    },

    async 'quotes.readAhead'({ quotes }) {
      reader.readAhead(quotes);
    },

    async 'quotes.extras'({ accountId, quoteId }) {
      await knownAccount(accountId);
      const none = { people: [], summary: null };
      // Extras add to the detail; they are never a reason for it to fail: out of reach, refused
      // or unrecognisable, the view simply shows the detail without them.
      if (!deps.accounts.client || UNREACHABLE.has(sync.state(accountId).phase)) return none;
      try {
        const client = await deps.accounts.client(accountId);
        const [people, summary] = await Promise.allSettled([client.quotes.projectTeamUsers(quoteId), client.quotes.summary(quoteId)]);
        return {
          people: people.status === 'fulfilled' ? recognisePeople(people.value) : [],
          summary: summary.status === 'fulfilled' ? recogniseSummary(summary.value) : null,
        };
      } catch {
        return none;
      }
    },

    async 'pdfs.get'({ accountId, quoteId }) {
      await knownAccount(accountId);
      return pdfs.get(accountId, quoteId);
    },

    async 'pdfs.status'({ accountId, quoteId }) {
      return pdfs.status(accountId, quoteId);
    },

    async 'pdfs.open'({ accountId, quoteId, mode }): Promise<PdfOpened> {
      await knownAccount(accountId);
      if (!deps.deliverPdf) throw saidError('internal', m.main_inbox_cannot_open_pdfs());
      const pdf = await pdfs.get(accountId, quoteId);
      const number = cache.get(accountId, quoteId)?.details?.quoteNumber ?? cache.get(accountId, quoteId)?.list?.quoteNumber ?? quoteId;
      const fileName = pdfFileName(number);
      const delivered = await deps.deliverPdf({ path: pdf.path, fileName, mode });
      const about = { outdated: pdf.outdated, fromCache: pdf.fromCache };
      return delivered.kind === 'opened' ? { kind: 'opened', ...about } : { kind: 'download', url: delivered.url, fileName, ...about };
    },
  };
}
