// Webhooks: the ways the key's events reach this computer (the receiver and its tunnel,
// webhooks.ts, or the team relay, relay/), the one pipeline every delivery goes through, the
// webhooks.* and relay.* methods, and health moves, deliveries, Activity and the relay's
// status pushed to the renderer.
import type { AccountsService } from '../accounts/types';
import { stopAll } from '../bridge/feature';
import type { Feature } from '../bridge/feature';
import type { QuoteCache } from '../cache';
import { createWebhookHandlers, projectWebhookEvents } from './bridge';
import type { ReceivedWebhook } from './events';
import { createWebhookPipeline } from './pipeline';
import { createRelayHandlers } from './relay/bridge';
import { createTeamRelay } from './relay/team-relay';
import type { TeamRelay, TeamRelayStatus } from './relay/team-relay';
import { createWebhooks } from './webhooks';
import type { Webhooks, WebhooksDeps } from './webhooks';

export interface WebhooksFeatureDeps extends Omit<WebhooksDeps, 'process' | 'accounts'> {
  accounts: AccountsService;
  /** Where a quote event's refreshed quote is stored. */
  cache: Pick<QuoteCache, 'record'>;
  /** A non-quote event to the notification policy; returns what it caused. */
  notify(event: ReceivedWebhook): Promise<string>;
}

export interface WebhooksFeature extends Feature {
  webhooks: Webhooks;
  relay: TeamRelay;
}

export function createWebhooksFeature(deps: WebhooksFeatureDeps): WebhooksFeature {
  const { accounts, bus } = deps;
  // A local delivery and a relayed one go through the same pipeline.
  const process = createWebhookPipeline({ accounts, cache: deps.cache, notify: deps.notify });
  const webhooks = createWebhooks({ ...deps, process });
  // Status moves before the hub is wired are not pushed: the renderer asks relay.status when it opens.
  let pushRelayStatus: ((status: TeamRelayStatus) => void) | null = null;
  const relay = createTeamRelay({
    secrets: deps.secrets,
    settings: deps.settings,
    clock: deps.clock,
    logger: deps.logger,
    process,
    // Kept in the event log before the ack, so the "via relay" and "caught up" marks outlive a restart.
    onProcessed: async (event, caused, relayed) => {
      await webhooks.recordRelayed({ accountId: event.accountId, event: event.event, body: relayed.body, receivedAt: event.receivedAt, caused });
      bus.publish('webhook.received', event);
    },
    onStatus: (status) => pushRelayStatus?.(status),
    chosen: () => webhooks.relayChosen(),
  });
  const webhookHandlers = createWebhookHandlers(webhooks, relay);
  let overviewRead = false;
  return {
    name: 'webhooks',
    webhooks,
    relay,
    handlers: {
      ...webhookHandlers,
      'webhooks.status': () => {
        overviewRead = true;
        return webhookHandlers['webhooks.status']();
      },
      ...createRelayHandlers(relay, accounts, webhooks),
    },
    project(hub) {
      pushRelayStatus = (status) => hub.emit('relay.changed', status);
      return stopAll([projectWebhookEvents(bus, webhooks, hub, deps.logger, () => overviewRead), () => void (pushRelayStatus = null)]);
    },
    async close() {
      // The relay first: what it processes is recorded in the receiver's event log.
      try {
        await relay.close();
      } finally {
        await webhooks.close();
      }
    },
  };
}
