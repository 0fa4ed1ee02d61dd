// Where list, show, accept, decline and pdf get their quotes: a client of their own (the
// connection options, or a stored account of a data folder no app holds), or the running app
// on the data folder, which does the work with its own client, cache and outbox.
import { copyFile, rename, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { createAgent, downloadPdf } from '../core/api';
import type { DecisionOutcome, ListQuotesParams, QuotePage, QuotingClient, Timeouts } from '../core/api';
import type { QuoteDetails } from '../../preload/contract';
import { m } from '../../i18n/paraglide/messages.js';
import { EXIT_CODES } from './exit-codes';
import { CliRefusal } from './report';
import type { RunningApp } from './running-app';

export interface SavedPdf {
  path: string;
  bytes: number;
  /** The service's name for the file, when it gave one. */
  fileName: string | null;
}

export interface QuoteSource {
  list(params: ListQuotesParams): Promise<QuotePage>;
  get(id: string): Promise<QuoteDetails>;
  /** Sends the decision; an InvalidStateError when the service refuses it for the quote's status. */
  decide(decision: 'accept' | 'decline', id: string, reason: string | undefined): Promise<DecisionOutcome>;
  /** Saves the quote's PDF where `destination` says (given the service's file name, when there is one). */
  savePdf(id: string, destination: (fileName: string | null) => string): Promise<SavedPdf>;
  /** A note for stderr about the last PDF (e.g. the app's copy is of an older version), or null. */
  pdfNote?(): string | null;
}

export function clientSource(client: QuotingClient, timeouts: Partial<Timeouts>): QuoteSource {
  return {
    list: (params) => client.quotes.list(params),
    get: (id) => client.quotes.get(id),
    decide: (decision, id, reason) => (decision === 'accept' ? client.quotes.accept(id) : client.quotes.decline(id, reason)),
    async savePdf(id, destination) {
      const link = await client.quotes.pdf(id);
      const path = destination(link.fileName);
      // Its own pool, so --timeout also bounds connecting to the download host.
      const agent = createAgent(timeouts);
      try {
        const saved = await downloadPdf(link, path, { timeouts, dispatcher: agent });
        return { path: saved.path, bytes: saved.bytes, fileName: link.fileName };
      } finally {
        await agent.close();
      }
    },
  };
}

/** The running app does the work: reads with its client, decides through its outbox, copies a PDF from its cache. */
export function appSource(app: RunningApp, accountId: string): QuoteSource {
  let note: string | null = null;
  return {
    list: (params) => app.request({ command: 'list', accountId, ...params }),
    get: (quoteId) => app.request({ command: 'show', accountId, quoteId }),
    async decide(decision, quoteId, reason) {
      const result = await app.request({ command: 'decide', accountId, quoteId, decision, ...(reason ? { reason } : {}) });
      switch (result.outcome) {
        case 'done': {
          const status = result.receipt.status ?? result.quote?.status ?? 'UNKNOWN';
          return { result: { id: quoteId, status, message: result.message }, via: 'response' };
        }
        case 'waiting':
          throw new CliRefusal(m.cli_decision_not_sent_yet({ reason: result.message }), EXIT_CODES.network, 'waiting');
        case 'unknown':
          throw new CliRefusal(result.message, EXIT_CODES.other, 'outcome-unknown');
        default:
          throw new CliRefusal(result.message, EXIT_CODES.invalidState, 'invalid-state');
      }
    },
    async savePdf(quoteId, destination) {
      const pdf = await app.request({ command: 'pdf', accountId, quoteId });
      note = pdf.outdated ? m.cli_pdf_outdated_copy() : null;
      const path = destination(null);
      // Whole or not at all: copied beside the destination, then renamed over it.
      const partial = `${path}.${randomBytes(4).toString('hex')}.part`;
      try {
        await copyFile(pdf.path, partial);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { path, bytes: pdf.bytes, fileName: null };
    },
    pdfNote: () => note,
  };
}
