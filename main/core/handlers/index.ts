export { createInboxHandlers, DEFAULT_INBOX_OPTIONS } from './inbox';
export type { InboxHandlerDeps, InboxHandlerOptions, InboxHandlers } from './inbox';
export { createSyncHandlers, syncStateView } from './sync';
export type { SyncHandlers } from './sync';
export { createWebhookHandlers, projectWebhookEvents } from './webhooks';
export type { WebhookHandlers } from './webhooks';
