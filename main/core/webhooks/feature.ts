// Webhooks: the receiver, its tunnel and registrations (webhooks/feature.ts), the webhooks.*
// methods, and health moves, deliveries and Activity pushed to the renderer.
import { createWebhookHandlers, projectWebhookEvents } from './bridge';
import type { TeamRelay } from './relay/team-relay';
import { createWebhookFeature } from '.';
import type { WebhookFeature, WebhookFeatureDeps } from '.';
import type { Feature } from '../bridge/feature';

/** `relay`: the team relay, made after this feature (it records into Activity): forgotten when the person chooses another way. */
export function createWebhooksFeature(deps: WebhookFeatureDeps, relay: () => Pick<TeamRelay, 'configure' | 'status'>): Feature & { webhooks: WebhookFeature } {
  const webhooks = createWebhookFeature(deps);
  return {
    name: 'webhooks',
    webhooks,
    handlers: createWebhookHandlers(webhooks, { configure: (config) => relay().configure(config), status: () => relay().status() }),
    project: (hub) => projectWebhookEvents(deps.bus, webhooks, hub),
    close: () => webhooks.close(),
  };
}
