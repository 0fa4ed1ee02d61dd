// The bridge's decision methods over the decision use case. Inputs and outputs are
// validated by the dispatcher against preload/contract/bridge/decisions.ts.
import type { z } from 'zod';
import type { decisionMethods } from '../../../preload/contract/bridge/decisions';
import { SavedReasons } from '../../../preload/contract/bridge/decisions';
import type { Decisions } from '../decisions';
import { AppError } from '../errors';
import type { SettingsStore } from '../ports';

type DecisionMethods = typeof decisionMethods;
export type DecisionHandlers = {
  [M in keyof DecisionMethods]: (input: z.output<DecisionMethods[M]['input']>) => Promise<z.output<DecisionMethods[M]['output']>>;
};

/** Where the decline reasons a person saved for reuse are kept (plain settings: no secret in them). */
export const SAVED_REASONS_KEY = 'decisions.savedReasons';

export interface DecisionHandlerDeps {
  decisions: Decisions;
  settings: SettingsStore;
}

export function createDecisionHandlers(deps: DecisionHandlerDeps): DecisionHandlers {
  const { decisions, settings } = deps;

  function readReasons(): string[] {
    const parsed = SavedReasons.safeParse(settings.get<unknown>(SAVED_REASONS_KEY) ?? []);
    return parsed.success ? parsed.data : [];
  }

  return {
    'decisions.accept': ({ accountId, quoteId, version }) => decisions.accept({ accountId, quoteId, version }),
    'decisions.decline': ({ accountId, quoteId, version, reason }) => decisions.decline({ accountId, quoteId, version, reason }),
    'decisions.checkAgain': ({ accountId, quoteId }) => decisions.checkAgain(accountId, quoteId),
    'decisions.receipts': async ({ accountId, quoteId }) => decisions.receipts(accountId, quoteId),
    'decisions.savedReasons': async () => readReasons(),
    'decisions.saveReasons': async (reasons) => {
      // Same reason twice is one reason; order is the person's.
      const unique = [...new Set(reasons.map((reason) => reason.trim()))];
      try {
        settings.set(SAVED_REASONS_KEY, unique);
      } catch (error) {
        throw new AppError('internal', 'The saved reasons could not be written to disk; the previous list is kept.', { retryable: true, cause: error });
      }
      return unique;
    },
  };
}
