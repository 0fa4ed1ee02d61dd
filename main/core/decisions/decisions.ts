// Accept or decline one account's quote: on a fresh enough copy of the quote, once, with the
// outcome explained in plain words and a receipt kept on this computer.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Decision, DecisionReceipt, DecisionResult, CheckAgainResult } from '../../../preload/contract/bridge/decisions';
import type { KeyAccess, QuoteDetails } from '../../../preload/contract';
import { isActionable } from '../../../preload/contract/plain/statuses';
import { statusLabel } from '../../../i18n/words/statuses';
import { InvalidStateError, NetworkError, OutcomeUnknownError, RateLimitedError, ServerError, TimeoutError } from '../api/errors';
import type { DecisionOutcome, QuotingClient } from '../api/types';
import type { QuoteSighting } from '../cache/quotes';
import type { StoredQuote } from '../cache/events';
import { m } from '../../../i18n/paraglide/messages.js';
import { errorText, saidError } from '../errors';
import type { Clock, Logger } from '../ports';
import type { DecisionEvents } from './events';
import { changedMessage, doneMessage, explainCheck, explainRefusal } from './explain';
import type { ReceiptStore } from './receipts';
import { quoteVersion } from '../cache/quote-version';
import type { AcceptApproval } from './accept-approval';
import { requireAcceptApproval } from './accept-approval';

/** A cached copy older than this is re-read before a decision is sent. */
export const STALE_AFTER_MS = 60_000;

const APPLIED: Record<Decision, readonly string[]> = { accept: ['ACCEPTED', 'CHANGED_TO_PROJECT'], decline: ['REJECTED'] };
// One message per decision: each language words "the accept" and "accepted" its own way.
const unknownWhileShowing = (decision: Decision, status: string) =>
  decision === 'accept' ? m.main_decide_unknown_still_accept({ status }) : m.main_decide_unknown_still_decline({ status });
const unknownUnread = (decision: Decision) => (decision === 'accept' ? m.main_decide_unknown_unread_accept() : m.main_decide_unknown_unread_decline());

export interface CachedQuote {
  details: QuoteDetails;
  /** When the copy was stored: epoch milliseconds or an ISO date-time. */
  cachedAt: number | string;
}

/** The part of the accounts service a decision needs (AccountsService satisfies it). */
export interface DecisionAccounts {
  get(id: string): Promise<{ id: string; name: string; access: KeyAccess }>;
  client(id: string): Promise<QuotingClient>;
}

export interface DecisionDeps {
  accounts: DecisionAccounts;
  getCached(accountId: string, quoteId: string): CachedQuote | null | Promise<CachedQuote | null>;
  receipts: ReceiptStore;
  /**
   * The cache's record: every copy of the quote a decision reads (or the answer carries) is
   * stored through it, source 'decision', and it returns what it stored. It publishes
   * 'quotes.stored' itself, so notifications, unread state and the inbox hear of it there.
   */
  record(sighting: QuoteSighting): StoredQuote[];
  /** The domain bus's publish. */
  publish<K extends keyof DecisionEvents>(type: K, payload: DecisionEvents[K]): void;
  clock: Clock;
  logger: Logger;
  /** Where the quote's PDF is cached, if it is: its sha256 goes in the receipt. */
  pdfPath?(accountId: string, quoteId: string): string | null | Promise<string | null>;
  newId?: () => string;
  /** Holds back an accept the team's approval policy does not allow yet (a port filled from above). */
  acceptApproval?: AcceptApproval;
}

export interface DecideRequest {
  accountId: string;
  quoteId: string;
  /** The version the person saw (quoteVersion of the details shown); a different current version sends nothing. */
  version?: string;
  reason?: string;
  /** Re-read the quote from the service even when the cached copy is fresh (a decision that waited in the outbox). */
  fresh?: boolean;
  /** An earlier POST of this decision may have reached the service: a quote already showing it applied means it was. */
  mayHaveApplied?: boolean;
  /** Called after every check, just before the POST: the outbox records "sending" durably here. */
  beforeSend?(): Promise<void>;
}

/** What a decision is about, read before it goes into the outbox. */
export interface PreparedDecision {
  accountName: string;
  quote: QuoteDetails;
  version: string;
}

export interface Decisions {
  accept(request: DecideRequest): Promise<DecisionResult>;
  decline(request: DecideRequest): Promise<DecisionResult>;
  /** Re-reads the quote after an unknown outcome and settles it: deciding is possible again. */
  checkAgain(accountId: string, quoteId: string): Promise<CheckAgainResult>;
  receipts(accountId: string, quoteId: string): DecisionReceipt[];
  /**
   * The checks made before a decision may wait in the outbox, on the freshest copy at hand (the
   * cached one when the service cannot be reached): a result when nothing may be sent at all.
   */
  prepare(decision: Decision, request: DecideRequest): Promise<PreparedDecision | DecisionResult>;
}

export function createDecisions(deps: DecisionDeps): Decisions {
  const { accounts, receipts, clock, logger } = deps;
  const newId = deps.newId ?? randomUUID;
  const inFlight = new Set<string>();
  const iso = () => new Date(clock.now()).toISOString();

  type Reader = { id: string; access: KeyAccess };

  /** Into the cache at once (the inbox and the quote view show it); a disk that refuses it does not hide the decision's outcome. */
  function store(account: Reader, quote: QuoteDetails): void {
    try {
      deps.record({ accountId: account.id, access: account.access, source: 'decision', observations: [{ kind: 'details', details: quote }] });
    } catch (error) {
      logger.error('a quote a decision read could not be stored', { accountId: account.id, quoteId: quote.id, error: errorText(error) });
    }
  }

  async function reread(client: QuotingClient, account: Reader, quoteId: string) {
    const quote = await client.quotes.get(quoteId);
    store(account, quote);
    return quote;
  }

  /** After the POST, a read that fails must not hide what is known about the decision. */
  async function rereadQuietly(client: QuotingClient, account: Reader, quoteId: string) {
    try {
      return await reread(client, account, quoteId);
    } catch (error) {
      logger.warn('could not re-read the quote after a decision', { accountId: account.id, quoteId, error: errorText(error) });
      return null;
    }
  }

  /**
   * The quote as it stands after the service applied the decision: the one the client already
   * has (the answer carried it, or the read that confirmed a lost answer), else read once.
   */
  async function decidedQuote(client: QuotingClient, account: Reader, quoteId: string, outcome: DecisionOutcome) {
    if (!outcome.quote) return rereadQuietly(client, account, quoteId);
    store(account, outcome.quote);
    return outcome.quote;
  }

  async function current(client: QuotingClient, account: Reader, quoteId: string, fresh = false): Promise<QuoteDetails> {
    if (!fresh) {
      const cached = await deps.getCached(account.id, quoteId);
      const cachedAt = cached ? (typeof cached.cachedAt === 'number' ? cached.cachedAt : Date.parse(cached.cachedAt)) : NaN;
      if (cached && clock.now() - cachedAt <= STALE_AFTER_MS) return cached.details;
    }
    return reread(client, account, quoteId);
  }

  /** Why nothing may be sent on this copy of the quote, as a result; null when it may be. */
  function refusalOf(shown: QuoteDetails, access: KeyAccess, seen: string | undefined): DecisionResult | null {
    // A quote that can no longer be decided (expired, decided elsewhere) says so, whatever else changed.
    if (!isActionable(shown, access)) return { outcome: 'refused', message: explainRefusal(shown, access), quote: shown, receipt: null };
    if (seen && seen !== quoteVersion(shown)) return { outcome: 'changed', message: changedMessage(), quote: shown };
    return null;
  }

  function unsettledRefusal(accountId: string, quoteId: string): void {
    const unsettled = receipts.unsettled(accountId, quoteId);
    if (unsettled) {
      throw saidError('invalid-state', unsettled.decision === 'accept' ? m.main_decide_unsettled_accept() : m.main_decide_unsettled_decline());
    }
  }

  async function pdfHash(accountId: string, quoteId: string): Promise<string | null> {
    const path = await deps.pdfPath?.(accountId, quoteId);
    if (!path) return null;
    try {
      const hash = createHash('sha256');
      for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
      return hash.digest('hex');
    } catch (error) {
      logger.warn('could not hash the cached PDF for a receipt', { quoteId, error: errorText(error) });
      return null;
    }
  }

  async function keep(receipt: DecisionReceipt): Promise<DecisionReceipt> {
    try {
      await receipts.add(receipt);
    } catch (error) {
      // The decision is made either way; the receipt stays in memory and is written with the next one.
      logger.error('a decision receipt could not be written', { quoteId: receipt.quoteId, error: errorText(error) });
    }
    return receipt;
  }

  async function decide(decision: Decision, request: DecideRequest): Promise<DecisionResult> {
    const { accountId, quoteId } = request;
    const key = `${accountId}\u0000${quoteId}`;
    if (inFlight.has(key)) {
      throw saidError('invalid-state', m.main_decide_already_sending());
    }
    inFlight.add(key);
    try {
      unsettledRefusal(accountId, quoteId);
      const account = await accounts.get(accountId);
      const client = await accounts.client(accountId);
      const shown = await current(client, account, quoteId, request.fresh);
      const version = quoteVersion(shown);
      const applied = request.mayHaveApplied === true && APPLIED[decision].includes(shown.status);
      // Nothing to send when the quote, as freshly known, cannot be decided: say why at once.
      const refusal = applied ? null : refusalOf(shown, account.access, request.version);
      if (refusal) return refusal;
      // Above the team's policy the copy about to be accepted must be the approved revision.
      if (decision === 'accept' && !applied) await requireAcceptApproval(deps.acceptApproval, accountId, shown);

      const reason = decision === 'decline' && request.reason?.trim() ? request.reason.trim() : null;
      const base = {
        accountId,
        accountName: account.name,
        quoteId,
        quoteNumber: shown.quoteNumber,
        version,
        total: shown.totalPrice,
        decision,
        reason,
        at: iso(),
        pdfSha256: await pdfHash(accountId, quoteId),
        settled: null,
      };

      // From here the service may apply it: notifications hold back what they hear of this quote until it ends.
      if (applied) {
        // An earlier POST of this very decision reached the service: record it, never send it again.
        return await succeed(decision, base, { result: { id: quoteId, status: shown.status, message: '' }, via: 'confirmed-after-uncertainty' }, shown);
      }
      await request.beforeSend?.();
      deps.publish('quote.deciding', { accountId, quoteId, decision });
      let result: DecisionResult | undefined;
      try {
        result = await send(decision, client, account, base);
        return result;
      } finally {
        deps.publish('quote.decisionEnded', { accountId, quoteId, decision, applied: result?.outcome === 'done' });
      }
    } finally {
      inFlight.delete(key);
    }
  }

  /** The POST, once, and what its answer (or its loss) means. */
  async function send(decision: Decision, client: QuotingClient, account: Reader, base: Omit<DecisionReceipt, 'id' | 'outcome' | 'status'>): Promise<DecisionResult> {
    const { quoteId, reason } = base;
    {
      let outcome: DecisionOutcome;
      try {
        outcome = decision === 'accept' ? await client.quotes.accept(quoteId) : await client.quotes.decline(quoteId, reason ?? undefined);
      } catch (error) {
        if (error instanceof InvalidStateError) {
          const quote = await rereadQuietly(client, account, quoteId);
          const receipt = await keep({ ...base, id: newId(), outcome: 'refused', status: quote?.status ?? null });
          return { outcome: 'refused', message: explainRefusal(quote, account.access), quote, receipt };
        }
        if (error instanceof OutcomeUnknownError) {
          const quote = await rereadQuietly(client, account, quoteId);
          if (quote && APPLIED[decision].includes(quote.status)) {
            return succeed(decision, base, { result: { id: quoteId, status: quote.status, message: '' }, via: 'confirmed-after-uncertainty' }, quote);
          }
          const receipt = await keep({ ...base, id: newId(), outcome: 'unknown', status: quote?.status ?? null });
          const message = quote ? unknownWhileShowing(decision, statusLabel(quote, account.access)) : unknownUnread(decision);
          return { outcome: 'unknown', message, quote, receipt };
        }
        throw error;
      }
      return succeed(decision, base, outcome, await decidedQuote(client, account, quoteId, outcome));
    }
  }

  async function succeed(
    decision: Decision,
    base: Omit<DecisionReceipt, 'id' | 'outcome' | 'status'>,
    outcome: DecisionOutcome,
    quote: QuoteDetails | null,
  ): Promise<DecisionResult> {
    const receipt = await keep({ ...base, id: newId(), outcome: 'done', status: outcome.result.status });
    deps.publish('quote.decided', {
      accountId: base.accountId,
      quoteId: base.quoteId,
      decision,
      status: outcome.result.status,
      quote,
      receipt,
      via: outcome.via,
    });
    logger.info('quote decided', { accountId: base.accountId, quoteId: base.quoteId, decision, status: outcome.result.status, via: outcome.via });
    return { outcome: 'done', message: doneMessage(decision, outcome.via), quote, receipt };
  }

  return {
    accept: (request) => decide('accept', request),
    decline: (request) => decide('decline', request),

    async checkAgain(accountId, quoteId) {
      const account = await accounts.get(accountId);
      const client = await accounts.client(accountId);
      const quote = await reread(client, account, quoteId);
      const unsettled = receipts.unsettled(accountId, quoteId);
      let message: string = m.main_decide_check_shows({ status: statusLabel(quote, account.access) });
      if (unsettled) {
        const settled = await receipts.settle(unsettled.id, { at: iso(), status: quote.status }).catch((error: unknown) => {
          // In memory it is settled; the file catches up with the next write.
          logger.error('a settled receipt could not be written', { error: errorText(error) });
          return unsettled;
        });
        message = explainCheck(quote, unsettled.decision, account.access);
        if (settled && APPLIED[unsettled.decision].includes(quote.status)) {
          deps.publish('quote.decided', {
            accountId,
            quoteId,
            decision: unsettled.decision,
            status: quote.status,
            quote,
            receipt: settled,
            via: 'confirmed-after-uncertainty',
          });
        }
      }
      return { quote, message, canDecide: isActionable(quote, account.access) };
    },

    receipts: (accountId, quoteId) => receipts.list(accountId, quoteId),

    async prepare(decision, request) {
      const { accountId, quoteId } = request;
      unsettledRefusal(accountId, quoteId);
      const account = await accounts.get(accountId);
      const client = await accounts.client(accountId);
      let shown: QuoteDetails;
      try {
        shown = await current(client, account, quoteId);
      } catch (error) {
        // Unreachable: the copy on this computer is what the person decided on; it is checked again before sending.
        const cached = isUnreachable(error) ? await deps.getCached(accountId, quoteId) : null;
        if (!cached) throw error;
        shown = cached.details;
      }
      const refusal = refusalOf(shown, account.access, request.version);
      if (refusal) return refusal;
      // Refused at once rather than after the undo window: nothing waits that could not be sent.
      if (decision === 'accept') await requireAcceptApproval(deps.acceptApproval, accountId, shown);
      return { accountName: account.name, quote: shown, version: quoteVersion(shown) };
    },
  };
}

/** The service could not be reached, or failed after the client's retries: worth trying again later, unchanged. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof NetworkError || error instanceof ServerError || error instanceof TimeoutError || error instanceof RateLimitedError;
}
