export { createInboxHandlers, DEFAULT_INBOX_OPTIONS } from './inbox';
export type { InboxHandlerDeps, InboxHandlerOptions, InboxHandlers, PdfDelivery, PdfToOpen } from './inbox';
export { createDecisionHandlers } from './decisions';
export type { DecisionHandlers } from './decisions';
export { createSyncHandlers, syncStateView } from './sync';
export type { SyncHandlers } from './sync';
export { createWebhookHandlers, projectWebhookEvents } from './webhooks';
export type { WebhookHandlers } from './webhooks';
