// What the running app does for each command of `quotedesk`: reads go through the account's own
// client, a decision goes through the bridge's 'decisions.accept'/'decisions.decline' (so the
// outbox, the undo window, the receipt, the team's approval gate and the app's views see it
// exactly as the app's own button's), a PDF comes from the app's PDF cache, and `listen` hears
// the app's receiver.
import type { DecisionResult, OutboxEntry, SentDecision } from '../../../preload/contract/bridge/decisions';
import type { TeamThread } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { Dispatcher } from '../bridge/dispatcher';
import type { EventHub } from '../bridge/events';
import type { PdfCache } from '../cache';
import { m } from '../../../i18n/paraglide/messages.js';
import { AppError, saidError } from '../errors';
import type { DomainBus } from '../events';
import type { EndpointCommands } from './server';
import { EndpointRefusal } from './protocol';
import type { EndpointRequest } from './protocol';

export interface EndpointCommandDeps {
  accounts: AccountsService;
  pdfs: PdfCache;
  bus: DomainBus;
  /** The bridge as the window calls it (inputs and answers checked against the contract). */
  dispatcher(): Dispatcher;
  /** The bridge's events: where the outbox says a decision was sent or undone. */
  hub(): EventHub | null;
}

/** How long after its undo window a decision may take to be sent before the command line is told it still waits. */
const SEND_WITHIN_MS = 60_000;

export function createEndpointCommands(deps: EndpointCommandDeps): EndpointCommands {
  async function realAccount(accountId: string) {
    const account = await deps.accounts.get(accountId);
    // Demo accounts live only as long as this run of the app: a script must never act on one.
    if (account.demo) throw saidError('account-not-found', m.main_endpoint_demo_account());
    return account;
  }

  async function decide(request: Extract<EndpointRequest, { command: 'decide' }>): Promise<DecisionResult> {
    await realAccount(request.accountId);
    const hub = deps.hub();
    if (hub === null) throw saidError('invalid-state', m.main_endpoint_app_closing(), { retryable: true });
    const ended = watchOutbox(hub);
    try {
      const input = { accountId: request.accountId, quoteId: request.quoteId, ...(request.version ? { version: request.version } : {}) };
      if (request.decision === 'accept') await readAgain(request.accountId, request.quoteId);
      const answer = await deps.dispatcher().dispatch(
        request.decision === 'accept' ? 'decisions.accept' : 'decisions.decline',
        request.decision === 'decline' && request.reason ? { ...input, reason: request.reason } : input,
      );
      if (!answer.ok) throw new AppError(answer.error.code, answer.error.message, { retryable: answer.error.retryable });
      const result = answer.value as DecisionResult;
      // In the app's undo window: the app sends it when the window ends (or the person undoes it there).
      if (result.outcome === 'waiting' && result.entry.state === 'undo') return await ended.outcomeOf(result.entry);
      return result;
    } catch (error) {
      throw request.decision === 'accept' ? await approvalRefusal(request.accountId, request.quoteId, error) : error;
    } finally {
      ended.stop();
    }
  }

  /**
   * The app's copy of the quote made the one the service has now (the view's Refresh), before an
   * accept: the team's gate checks the revision of the copy a decision reads, and a copy read a
   * minute ago may be of a revision approved since revised. Unreachable: the decision reads what
   * it can and waits in the outbox, as the app's own button's does.
   */
  async function readAgain(accountId: string, quoteId: string): Promise<void> {
    await deps.dispatcher().dispatch('quotes.detail', { accountId, quoteId, refresh: true });
  }

  /**
   * An accept the team's approval policy held back (at once, or when its undo window ended) is
   * said as such: the bridge answers only 'invalid-state' with the app's words, which tell a
   * person to press Request approval in the quote's Team panel. The quote's team thread gives the
   * policy's reason alone, and the command line says what to do in its own words; any other
   * refusal is passed on as it came.
   */
  async function approvalRefusal(accountId: string, quoteId: string, error: unknown): Promise<unknown> {
    if (!(error instanceof AppError) || error.code !== 'invalid-state') return error;
    const thread = await deps.dispatcher().dispatch('team.thread', { accountId, quoteId });
    if (!thread.ok) return error;
    const { accept } = thread.value as TeamThread;
    // The refusal carries the very reason the thread gives now: an approval that came meanwhile leaves the app's words.
    if (accept.allowed || accept.reason === null || !error.message.includes(accept.reason)) return error;
    return new EndpointRefusal('approval-needed', accept.reason);
  }

  return {
    async run(request) {
      switch (request.command) {
        case 'accounts':
          return (await deps.accounts.list()).map(({ id, name, demo, access }) => ({ id, name, demo, access }));
        case 'list': {
          await realAccount(request.accountId);
          const { accountId: _accountId, command: _command, v: _v, ...params } = request;
          return (await deps.accounts.client(request.accountId)).quotes.list(params);
        }
        case 'show':
          await realAccount(request.accountId);
          return (await deps.accounts.client(request.accountId)).quotes.get(request.quoteId);
        case 'pdf': {
          await realAccount(request.accountId);
          const pdf = await deps.pdfs.get(request.accountId, request.quoteId);
          return { path: pdf.path, bytes: pdf.bytes, outdated: pdf.outdated };
        }
        case 'decide':
          return decide(request);
      }
    },
    async listen(accountId, send) {
      await realAccount(accountId);
      return deps.bus.subscribe('webhook.received', (received) => {
        if (received.accountId === accountId && !received.replay) send({ event: received.event, data: received.data, receivedAt: received.receivedAt });
      });
    },
  };
}

/** Follows one outbox entry from its undo window to its end: sent, held, waiting for the service, or undone in the app. */
function watchOutbox(hub: EventHub) {
  const sent = new Map<string, SentDecision>();
  let entries: OutboxEntry[] | null = null;
  let changed: () => void = () => undefined;
  const stop = hub.subscribe((event) => {
    if (event.name === 'decisions.sent') sent.set(event.payload.entryId, event.payload);
    else if (event.name === 'decisions.outboxChanged') entries = event.payload.entries;
    else return;
    changed();
  });
  return {
    stop,
    outcomeOf(entry: OutboxEntry): Promise<DecisionResult> {
      return new Promise((resolve, reject) => {
        let goneTimer: NodeJS.Timeout | null = null;
        let heldTimer: NodeJS.Timeout | null = null;
        const deadline = setTimeout(() => finish(waiting(entry, m.main_endpoint_still_in_outbox())), Math.max(0, entry.sendAt - Date.now()) + SEND_WITHIN_MS);
        const finish = (result: DecisionResult | AppError) => {
          clearTimeout(deadline);
          if (goneTimer) clearTimeout(goneTimer);
          if (heldTimer) clearTimeout(heldTimer);
          changed = () => undefined;
          if (result instanceof AppError) reject(result);
          else resolve(result);
        };
        changed = () => {
          const ended = sent.get(entry.id);
          if (ended) return finish(ended.result);
          const now = entries?.find((other) => other.id === entry.id);
          if (now?.state === 'waiting') return finish(waiting(now, now.message ?? m.main_endpoint_waits_for_service()));
          // Held back when its window ended (the team's approval missing now, a key refused): it stays in the app's outbox
          // for the person, and nothing was sent. A changed quote is held and then said to have ended: that end wins.
          if (now?.state === 'held' && !heldTimer) {
            const message = now.message ?? m.activity_outbox_state_held();
            heldTimer = setTimeout(() => finish(saidError('invalid-state', message)), 1_000);
          }
          // The outbox drops a sent entry just before it says how it ended: only an entry gone with no end for a moment was undone.
          if (entries !== null && !now && !goneTimer) goneTimer = setTimeout(() => finish(saidError('invalid-state', m.main_endpoint_undone_in_app())), 1_000);
        };
        changed();
      });
    },
  };
}

function waiting(entry: OutboxEntry, message: string): DecisionResult {
  return { outcome: 'waiting', message, quote: null, entry };
}
