import type { AccountDraft } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import { errorText } from '../errors';

/**
 * The embedded Quoting Service as the core sees it: something to close, and a way to make it
 * trust the certificate of demo mode's loopback HTTPS webhook tunnel. The host supplies it.
 */
export type StartDemo = () => Promise<{ simulator: { close(): Promise<void> }; drafts: AccountDraft[]; trustWebhookCa?: (pem: string) => void }>;

export interface DemoMode {
  /**
   * With no real account configured (or when forced), starts the embedded service and adds
   * its demo accounts. Returns whether demo mode started. Never starts in place of accounts
   * that could not be read (a data file set aside, a damaged account list): the person
   * must see that something is missing, not sample data. The service is closed once a real
   * account replaces the demo ones, and by close(). Once called, removing the last account
   * starts demo mode again with the same startDemo.
   */
  startIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  close(): Promise<void>;
}

export function createDemoMode(deps: { accounts: AccountsService; bus: DomainBus; logger: Logger }): DemoMode {
  const { accounts, logger } = deps;
  let running: { close(): Promise<void> } | null = null;
  // Kept from startIfNoAccounts so that removing the last account brings demo mode back.
  let starter: StartDemo | null = null;
  let returning: Promise<void> | null = null;
  let closing = false;

  const stopWatching = deps.bus.subscribe('accounts.changed', ({ accounts: views }) => {
    // Only a removal empties the list: an add or an update always leaves an account.
    if (views.length === 0) returnToDemo();
    else if (running && !views.some((account) => account.demo)) void stopService();
  });

  async function stopService(): Promise<void> {
    const service = running;
    running = null;
    if (!service) return;
    try {
      await service.close();
      logger.info('demo service stopped');
    } catch (error) {
      logger.warn('demo service did not stop cleanly', { error: errorText(error) });
    }
  }

  function returnToDemo(): void {
    const startDemo = starter;
    if (!startDemo || returning) return;
    returning = (async () => {
      // The last demo account may be the one removed: its service goes before a fresh one starts.
      await stopService();
      await startIfNoAccounts(startDemo);
    })()
      .catch((error: unknown) => logger.warn('demo mode could not start again', { error: errorText(error) }))
      .finally(() => {
        returning = null;
      });
  }

  /** Why demo mode must not start now, or null. */
  async function accountsMissing(): Promise<string | null> {
    const unreadable = await accounts.unreadable();
    if (unreadable.files.length > 0) return `data files set aside: ${unreadable.files.map((problem) => problem.file).join(', ')}`;
    if (unreadable.damagedList) return 'the account list is damaged';
    if (unreadable.keptCredentials.length > 0) return 'credentials are stored for accounts that could not be read';
    return null;
  }

  async function startIfNoAccounts(startDemo: StartDemo, options: { force?: boolean } = {}): Promise<boolean> {
    if (closing) return false;
    starter = startDemo;
    if (running) return true;
    const missing = await accountsMissing();
    if (missing) {
      logger.warn('demo mode not started: accounts could not be read', { why: missing });
      return false;
    }
    // Starting the service takes a moment, during which the user may add an account: ask
    // again before every step, and back out cleanly (unless demo mode was asked for).
    const unwanted = async () => closing || (!options.force && (await accounts.list()).some((account) => !account.demo));
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
    // Watched only from here on, so the 'accounts.changed' events of the adds above cannot stop it.
    running = started.simulator;
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

  return {
    startIfNoAccounts,
    async close() {
      closing = true;
      stopWatching();
      starter = null;
      await returning;
      await stopService();
    },
  };
}
