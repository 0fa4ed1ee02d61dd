// The accounts namespace of the bridge: the accounts.* methods, and the account list and each
// account's status pushed to the renderer as contract events.
import type { Handlers } from '../../../preload/contract';
import type { EventHub } from '../bridge/events';
import { stopAll } from '../bridge/feature';
import type { DomainBus } from '../events';
import type { AccountsService } from './types';

export type AccountMethod = 'accounts.list' | 'accounts.add' | 'accounts.update' | 'accounts.remove' | 'accounts.test' | 'accounts.testDraft';
export type AccountHandlers = Pick<Handlers, AccountMethod>;

export function createAccountHandlers(accounts: AccountsService): AccountHandlers {
  return {
    'accounts.list': () => accounts.list(),
    'accounts.add': (draft) => accounts.add(draft),
    'accounts.update': (update) => accounts.update(update),
    'accounts.remove': ({ id }) => accounts.remove(id),
    'accounts.test': ({ id }) => accounts.test(id),
    'accounts.testDraft': (draft) => accounts.testDraft(draft),
  };
}

/** The account list and each account's status; returns the function that stops it. */
export function projectAccountEvents(bus: DomainBus, hub: EventHub): () => void {
  return stopAll([
    bus.subscribe('accounts.changed', ({ accounts }) => hub.emit('accounts.changed', { accounts })),
    bus.subscribe('account.status', ({ accountId, status, message }) => hub.emit('accounts.statusChanged', { accountId, status, message })),
  ]);
}
