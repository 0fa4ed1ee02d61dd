import type { z } from 'zod';
import type { AccountSyncState, syncMethods } from '../../../preload/contract/bridge/sync';
import type { AccountsService } from '../accounts/types';
import { AppError } from '../errors';
import type { SyncEngine, SyncState } from '../sync';
import { describeState } from '../sync';

type Methods = typeof syncMethods;
/** The use cases behind `syncMethods`. */
export type SyncHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

/** The contract's view of a sync state: the core's, with its plain-words summary. */
export function syncStateView(state: SyncState): AccountSyncState {
  return { ...state, summary: describeState(state) };
}

export function createSyncHandlers(deps: { sync: Pick<SyncEngine, 'state' | 'refresh'>; accounts: Pick<AccountsService, 'list'> }): SyncHandlers {
  return {
    async 'sync.status'() {
      return (await deps.accounts.list()).map((account) => syncStateView(deps.sync.state(account.id)));
    },
    async 'sync.refresh'({ accountId }) {
      if (accountId !== undefined && !(await deps.accounts.list()).some((account) => account.id === accountId)) {
        throw new AppError('account-not-found', 'That account no longer exists');
      }
      return (await deps.sync.refresh(accountId)).map(syncStateView);
    },
  };
}
