import type { AppInfo, Handlers } from '../../preload/contract';
import { createAccountsService } from './accounts';
import type { AccountsService } from './accounts/types';
import { createAppHandlers } from './app';
import { createDispatcher } from './bridge/dispatcher';
import type { Dispatcher } from './bridge/dispatcher';
import { createEventHub } from './bridge/events';
import type { EventHub } from './bridge/events';
import { projectDomainEvents } from './bridge/projection';
import { createDemoMode } from './demo/demo-mode';
import type { StartDemo } from './demo/demo-mode';
import { createEventBus } from './events';
import type { DomainBus, DomainEvents } from './events';
import type { Clock, Logger, SecretStore, SettingsStore } from './ports';

export type { StartDemo } from './demo/demo-mode';

export interface CoreOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  host: AppInfo['host'];
  version: string;
}

export interface Core {
  accounts: AccountsService;
  /** THE domain event bus: the features (cache, sync, webhooks, notifications) publish and subscribe here. */
  bus: DomainBus;
  hub: EventHub;
  handlers: Handlers;
  dispatcher: Dispatcher;
  /** See DemoMode.startIfNoAccounts: never in place of accounts that could not be read. */
  startDemoIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

/** Everything the hosts share, wired together: the parts hold the logic, this only composes them. */
export function createCore(options: CoreOptions): Core {
  const { settings, secrets, clock, logger } = options;
  const bus = createEventBus<DomainEvents>({ logger });
  const hub = createEventHub({ logger });
  const stopProjecting = projectDomainEvents(bus, hub);
  const accounts = createAccountsService({ settings, secrets, bus, clock, logger });
  const demo = createDemoMode({ accounts, bus, logger });
  const handlers = createAppHandlers({
    accounts,
    appInfo: async () => ({
      version: options.version,
      host: options.host,
      demo: (await accounts.list()).some((account) => account.demo),
      credentialStorage: secrets.describe(),
      dataProblems: [...settings.problems(), ...secrets.problems()],
    }),
  });
  const dispatcher = createDispatcher({ handlers, logger });

  return {
    accounts,
    bus,
    hub,
    handlers,
    dispatcher,
    startDemoIfNoAccounts: (startDemo, startOptions) => demo.startIfNoAccounts(startDemo, startOptions),
    async close() {
      await demo.close();
      stopProjecting();
      await accounts.close();
    },
  };
}
