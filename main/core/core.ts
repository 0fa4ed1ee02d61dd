import type { AccountDraft, AppInfo, Handlers } from '../../preload/contract';
import { createAccountsService } from './accounts';
import type { AccountsService } from './accounts/types';
import { createAppHandlers } from './app';
import { createDispatcher } from './bridge/dispatcher';
import type { Dispatcher } from './bridge/dispatcher';
import { createEventHub } from './bridge/events';
import type { EventHub } from './bridge/events';
import type { Clock, Logger, SecretStore, SettingsStore } from './ports';

export interface CoreOptions {
  settings: SettingsStore;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  host: AppInfo['host'];
  version: string;
}

/** The embedded Quoting Service as the core sees it: something to close. The host supplies it. */
export type StartDemo = () => Promise<{ simulator: { close(): Promise<void> }; drafts: AccountDraft[] }>;

export interface Core {
  accounts: AccountsService;
  hub: EventHub;
  handlers: Handlers;
  dispatcher: Dispatcher;
  /**
   * Demo mode: with no real account configured (or when forced), starts the embedded
   * service and adds its demo accounts. Returns whether demo mode started. The service
   * is closed once a real account replaces the demo ones, and by close(). Once called,
   * removing the last account starts demo mode again with the same startDemo.
   */
  startDemoIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

/** Everything the hosts share: accounts, the bridge's handlers, dispatcher and event hub. */
export function createCore(options: CoreOptions): Core {
  const { settings, secrets, clock, logger } = options;
  const accounts = createAccountsService({ settings, secrets, clock, logger });
  const hub = createEventHub({ logger });
  let demo: { close(): Promise<void> } | null = null;
  // Kept from startDemoIfNoAccounts so that removing the last account brings demo mode back.
  let demoStarter: StartDemo | null = null;
  let demoReturning: Promise<void> | null = null;
  let closing = false;

  const stopForwarding = accounts.onEvent((event) => {
    if (event.type === 'changed') {
      hub.emit('accounts.changed', { accounts: event.accounts });
      // Only a removal empties the list: an add or an update always leaves an account.
      if (event.accounts.length === 0) returnToDemo();
      else if (demo && !event.accounts.some((account) => account.demo)) void closeDemo();
    } else {
      hub.emit('accounts.statusChanged', { accountId: event.accountId, status: event.status, message: event.message });
    }
  });

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

  async function closeDemo(): Promise<void> {
    const running = demo;
    demo = null;
    if (!running) return;
    try {
      await running.close();
      logger.info('demo service stopped');
    } catch (error) {
      logger.warn('demo service did not stop cleanly', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  function returnToDemo(): void {
    const startDemo = demoStarter;
    if (!startDemo || demoReturning) return;
    demoReturning = (async () => {
      // The last demo account may be the one removed: its service goes before a fresh one starts.
      await closeDemo();
      await startDemoIfNoAccounts(startDemo);
    })()
      .catch((error: unknown) => logger.warn('demo mode could not start again', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => {
        demoReturning = null;
      });
  }

  async function startDemoIfNoAccounts(startDemo: StartDemo, startOptions: { force?: boolean } = {}): Promise<boolean> {
    if (closing) return false;
    demoStarter = startDemo;
    if (demo) return true;
    // Starting the service takes a moment, during which the user may add an account: ask
    // again before every step, and back out cleanly (unless demo mode was asked for).
    const unwanted = async () => closing || (!startOptions.force && (await accounts.list()).some((account) => !account.demo));
    if (await unwanted()) return false;
    const started = await startDemo();
    try {
      for (const draft of started.drafts) {
        if (await unwanted()) return await backOut(started.simulator);
        await accounts.addDemo(draft);
      }
      if (await unwanted()) return await backOut(started.simulator);
    } catch (error) {
      await started.simulator.close();
      throw error;
    }
    // Watched only from here on, so the 'changed' events of the adds above cannot stop it.
    demo = started.simulator;
    logger.info('demo mode started', { accounts: started.drafts.length });
    return true;
  }

  /** Undoes a demo start overtaken by a real account or by close(). */
  async function backOut(simulator: { close(): Promise<void> }): Promise<false> {
    if (!closing) {
      for (const account of await accounts.list()) if (account.demo) await accounts.remove(account.id);
    }
    await simulator.close();
    logger.info('demo mode not started: a real account was added, or Quotedesk is closing');
    return false;
  }

  async function close(): Promise<void> {
    closing = true;
    stopForwarding();
    demoStarter = null;
    await demoReturning;
    await accounts.close();
    await closeDemo();
  }

  return { accounts, hub, handlers, dispatcher, startDemoIfNoAccounts, close };
}
