// The webhooks namespace of the bridge, and the webhook events the renderer hears.
import type { Handlers } from '../../../preload/contract';
import type { EventHub } from '../bridge/events';
import type { DomainBus } from '../events';
import { errorText } from '../errors';
import type { Logger } from '../ports';
import type { TeamRelay } from './relay/team-relay';
import type { Webhooks } from './webhooks';

export type WebhookMethod = 'webhooks.status' | 'webhooks.setTunnel' | 'webhooks.register' | 'webhooks.unregister' | 'webhooks.activity' | 'webhooks.check' | 'webhooks.replay';
export type WebhookHandlers = Pick<Handlers, WebhookMethod>;

/** `relay`: the team relay, forgotten (server and credentials) when the person chooses another way. */
export function createWebhookHandlers(webhooks: Webhooks, relay?: Pick<TeamRelay, 'configure' | 'status'>): WebhookHandlers {
  return {
    'webhooks.status': () => webhooks.overview(),
    'webhooks.setTunnel': async (choice) => {
      // The choice first: a crash before the relay is forgotten leaves it unchosen, and it is forgotten at the next start.
      const overview = await webhooks.setTunnel(choice);
      if (relay && relay.status().state !== 'off') await relay.configure(null);
      return overview;
    },
    'webhooks.register': ({ accountId, confirm }) => webhooks.register(accountId, confirm),
    'webhooks.unregister': ({ accountId }) => webhooks.unregister(accountId),
    'webhooks.activity': (filter) => webhooks.activity(filter),
    'webhooks.check': ({ accountId }) => webhooks.check(accountId),
    'webhooks.replay': async ({ id }) => ({ caused: await webhooks.replay(id) }),
  };
}

/**
 * Health moves and new deliveries, pushed to the renderer with the overview as
 * 'webhooks.status' now answers it. Overviews are read one after another, so they go out in
 * the order of the moves. Returns the function that stops it.
 */
export function projectWebhookEvents(bus: DomainBus, webhooks: Webhooks, hub: EventHub, logger: Logger, overviewRead: () => boolean = () => true): () => void {
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();
  const changed = (accountId: string | null) => {
    // Reading the overview prepares each account's receiver keys: not before a page asked for it
    // (one that never did has nothing to keep current, and reads it whole when it does).
    if (!overviewRead()) return;
    queue = queue.then(async () => {
      if (stopped) return;
      try {
        const overview = await webhooks.overview();
        if (!stopped) hub.emit('webhooks.changed', { accountId, overview });
      } catch (error) {
        // The page keeps the overview it has and reads it again when Settings opens.
        logger.warn('the webhook overview could not be read to push it', { error: errorText(error) });
      }
    });
  };
  const stops = [
    // An empty id: the tunnel moved, every account's public URL with it.
    bus.subscribe('webhook.health', ({ accountId }) => changed(accountId === '' ? null : accountId)),
    bus.subscribe('webhook.received', ({ accountId }) => changed(accountId)),
    webhooks.onActivity((entry) => hub.emit('webhooks.activityChanged', entry)),
  ];
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}
