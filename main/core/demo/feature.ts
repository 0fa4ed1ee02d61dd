// Demo mode: the embedded service with sample accounts when there are none, started on the
// host's request. It closes before the webhooks and the cache it uses, after sync has
// stopped, and takes its accounts' cached quotes and webhook keys with it: they lived in memory.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { createDemoMode } from './demo-mode';
import type { StartDemo } from './demo-mode';
import { errorText } from '../errors';
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { SyncEngine } from '../sync';
import type { Webhooks } from '../webhooks';
import type { Feature } from '../bridge/feature';

export interface DemoFeatureDeps {
  accounts: AccountsService;
  cache: Pick<QuoteCache, 'forgetAccount'>;
  sync: Pick<SyncEngine, 'stop'>;
  webhooks: Pick<Webhooks, 'useDemoTunnel' | 'settled' | 'forgetLocally'>;
  bus: DomainBus;
  logger: Logger;
}

export interface DemoFeature extends Feature {
  /** See DemoMode.startIfNoAccounts: never in place of accounts that could not be read. */
  startIfNoAccounts(startDemo: StartDemo, options?: { force?: boolean }): Promise<boolean>;
  /** At once when the app starts closing: a demo start in progress must see it. */
  stopStarting(): Promise<void>;
}

export function createDemoFeature(deps: DemoFeatureDeps): DemoFeature {
  const { accounts, webhooks, logger } = deps;
  const demo = createDemoMode({ accounts, bus: deps.bus, logger });
  let stopped: Promise<void> | null = null;
  const stopStarting = () => (stopped ??= demo.close());
  return {
    name: 'demo mode',
    handlers: {},
    async startIfNoAccounts(startDemo, options) {
      const started = await demo.startIfNoAccounts(async () => {
        const demoStarted = await startDemo();
        // Demo deliveries come over loopback HTTPS: the embedded service must trust its certificate.
        const trust = demoStarted.trustWebhookCa;
        if (trust) void webhooks.useDemoTunnel(trust).catch((error: unknown) => logger.warn('demo webhooks did not start', { error: errorText(error) }));
        return demoStarted;
      }, options);
      if (started) await webhooks.settled();
      return started;
    },
    stopStarting,
    async close() {
      // No sync pass may store a demo quote again after it is forgotten.
      await deps.sync.stop();
      await stopStarting();
      for (const account of await accounts.list()) {
        if (!account.demo) continue;
        deps.cache.forgetAccount(account.id);
        await webhooks.forgetLocally(account.id).catch((error: unknown) => logger.warn('demo webhook keys could not be deleted', { error: errorText(error) }));
      }
    },
  };
}
