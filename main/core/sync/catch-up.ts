import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { SyncEngine } from './engine';
import type { Recovery } from './recovery';
import { errorText } from '../errors';

export interface CatchUpDeps {
  /** Settles when the offline parts have started: no catch-up before them. */
  ready: Promise<void>;
  /** True once the app is closing: a catch-up asked for then does nothing. */
  closing(): boolean;
  webhooks: { checkAll(): Promise<unknown> };
  recovery: Pick<Recovery, 'during'>;
  sync: Pick<SyncEngine, 'reconcile'>;
  /** The team relay's consumer: after sleep its connection may be dead, so it is checked alongside the sync. */
  relay: { resumed(): Promise<void> };
  bus: DomainBus;
  logger: Logger;
}

export interface CatchUp {
  /** After resume from sleep or a network change: every account catches up now. */
  run(): Promise<void>;
  stop(): void;
}

/**
 * What the app misses while asleep, offline or without its tunnel, and how it catches up:
 * the webhook registrations are checked first (one taken over or deleted meanwhile shows at
 * once), then every account syncs, and what that pass finds is "recovered". A tunnel
 * restart starts one too: deliveries sent while it was down are lost for good (the service
 * retries for about half a minute).
 */
export function createCatchUp(deps: CatchUpDeps): CatchUp {
  const { logger } = deps;
  async function run(): Promise<void> {
    await deps.ready;
    if (deps.closing()) return;
    await deps.webhooks.checkAll().catch((error: unknown) => logger.warn('webhook registrations could not be checked', { error: errorText(error) }));
    await Promise.all([deps.recovery.during(() => deps.sync.reconcile()), deps.relay.resumed()]);
  }
  const stop = deps.bus.subscribe('webhook.reconnected', () => void run().catch((error: unknown) => logger.warn('sync after a tunnel restart failed', { error: errorText(error) })));
  return { run, stop };
}
