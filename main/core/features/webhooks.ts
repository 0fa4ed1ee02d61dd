// Webhooks: the receiver, its tunnel and registrations (webhooks/feature.ts), the webhooks.*
// methods, and health moves, deliveries and Activity pushed to the renderer.
import { createWebhookHandlers, projectWebhookEvents } from '../handlers/webhooks';
import { createWebhookFeature } from '../webhooks';
import type { WebhookFeature, WebhookFeatureDeps } from '../webhooks';
import type { Feature } from './feature';

export function createWebhooksFeature(deps: WebhookFeatureDeps): Feature & { webhooks: WebhookFeature } {
  const webhooks = createWebhookFeature(deps);
  return {
    name: 'webhooks',
    webhooks,
    handlers: createWebhookHandlers(webhooks),
    project: (hub) => projectWebhookEvents(deps.bus, webhooks, hub),
    close: () => webhooks.close(),
  };
}
