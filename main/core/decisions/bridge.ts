// The bridge's decision methods over the decision use case. Inputs and outputs are
// validated by the dispatcher against preload/contract/bridge/decisions.ts.
import type { z } from 'zod';
import type { DecisionResult, decisionMethods } from '../../../preload/contract/bridge/decisions';
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import { DecisionSettings, SavedReasons, UNDO_SECONDS_DEFAULT } from '../../../preload/contract/bridge/decisions';
import type { Decisions } from './decisions';
import type { Outbox } from './outbox';
import { AppError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { SettingsStore } from '../ports';

type DecisionMethods = typeof decisionMethods;
export type DecisionHandlers = {
  [M in keyof DecisionMethods]: (input: z.output<DecisionMethods[M]['input']>) => Promise<z.output<DecisionMethods[M]['output']>>;
};

/** Where the decline reasons a person saved for reuse are kept (plain settings: no secret in them). */
export const SAVED_REASONS_KEY = 'decisions.savedReasons';

/** How many seconds a decision can be undone before it is sent (0 to 30). */
export const UNDO_SECONDS_KEY = 'decisions.undoSeconds';

/** The undo window as set, or its default when unset or unreadable. */
export function readUndoSeconds(settings: SettingsStore): number {
  const parsed = DecisionSettings.shape.undoSeconds.safeParse(settings.get<unknown>(UNDO_SECONDS_KEY));
  return parsed.success ? parsed.data : UNDO_SECONDS_DEFAULT;
}

export interface DecisionHandlerDeps {
  decisions: Decisions;
  /** Where accept and decline go: sent after the undo window, or when the service can be reached. */
  outbox: Outbox;
  settings: SettingsStore;
  /** The quote as the cache holds it, as 'quotes.detail' shows it (never asking the service). */
  view?(accountId: string, quoteId: string): Promise<QuoteDetailView>;
}

export function createDecisionHandlers(deps: DecisionHandlerDeps): DecisionHandlers {
  const { decisions, outbox, settings } = deps;

  function readReasons(): string[] {
    const parsed = SavedReasons.safeParse(settings.get<unknown>(SAVED_REASONS_KEY) ?? []);
    return parsed.success ? parsed.data : [];
  }

  /** The decision stored the quote it had: the answer carries the view of it, so the quote view need not read it again. */
  async function withView(result: DecisionResult, accountId: string, quoteId: string): Promise<DecisionResult> {
    if (!deps.view || !result.quote) return result;
    try {
      return { ...result, view: await deps.view(accountId, quoteId) };
    } catch {
      // Without it the quote view reads the quote itself; the decision's outcome stands.
      return result;
    }
  }

  return {
    'decisions.accept': async ({ accountId, quoteId, version }) => withView(await outbox.decide('accept', { accountId, quoteId, version }), accountId, quoteId),
    'decisions.decline': async ({ accountId, quoteId, version, reason }) =>
      withView(await outbox.decide('decline', { accountId, quoteId, version, reason }), accountId, quoteId),
    'decisions.checkAgain': ({ accountId, quoteId }) => decisions.checkAgain(accountId, quoteId),
    'decisions.receipts': async ({ accountId, quoteId }) => decisions.receipts(accountId, quoteId),
    'decisions.savedReasons': async () => readReasons(),
    'decisions.saveReasons': async (reasons) => {
      // Same reason twice is one reason; order is the person's.
      const unique = [...new Set(reasons.map((reason) => reason.trim()))];
      try {
        settings.set(SAVED_REASONS_KEY, unique);
      } catch (error) {
        throw new AppError('internal', m.activity_outbox_reasons_failed(), { retryable: true, cause: error });
      }
      return unique;
    },
    'decisions.outbox': async () => outbox.list(),
    'decisions.startReports': async () => outbox.startReports(),
    'decisions.dismissStartReport': ({ entryId }) => outbox.dismissStartReports(entryId),
    'decisions.dismissStartReports': () => outbox.dismissStartReports(),
    'decisions.cancel': ({ id }) => outbox.cancel(id),
    'decisions.settings': async () => ({ undoSeconds: readUndoSeconds(settings) }),
    'decisions.setSettings': async ({ undoSeconds }) => {
      try {
        settings.set(UNDO_SECONDS_KEY, undoSeconds);
      } catch (error) {
        throw new AppError('internal', m.activity_outbox_undo_setting_failed(), { retryable: true, cause: error });
      }
      return { undoSeconds: readUndoSeconds(settings) };
    },
  };
}
