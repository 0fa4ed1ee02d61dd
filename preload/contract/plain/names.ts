// THE list of bridge method and event names. The contract's zod schemas are keyed by these
// (a name without schemas, or schemas without a name, is a compile error), and everything
// that must not load zod (the sandboxed preload, the renderer, test fakes) reads them here.

const METHODS = [
  'app.info',
  'accounts.list',
  'accounts.add',
  'accounts.update',
  'accounts.remove',
  'accounts.test',
  'accounts.testDraft',
  'notifications.preferences',
  'notifications.setPreferences',
  'notifications.unread',
  'notifications.markRead',
  'notifications.markUnread',
  'inbox.query',
  'inbox.facets',
  'inbox.export',
  'selection.markRead',
  'selection.markUnread',
  'selection.keepPdfsOffline',
  'selection.keepOfflinePlan',
  'selection.keepOfflineJob',
  'selection.stopKeepOffline',
  'quotes.detail',
  'quotes.extras',
  'quotes.readAhead',
  'quotes.logo',
  'quotes.exportPricing',
  'pdfs.get',
  'pdfs.status',
  'pdfs.open',
  'sync.status',
  'sync.refresh',
  'sync.settings',
  'sync.setSettings',
  'decisions.accept',
  'decisions.decline',
  'decisions.checkAgain',
  'decisions.receipts',
  'decisions.savedReasons',
  'decisions.saveReasons',
  'decisions.outbox',
  'decisions.cancel',
  'decisions.settings',
  'decisions.setSettings',
  'decisions.startReports',
  'webhooks.status',
  'webhooks.setTunnel',
  'webhooks.register',
  'webhooks.unregister',
  'webhooks.activity',
  'webhooks.check',
  'webhooks.replay',
  'desktop.state',
  'desktop.setPreferences',
  'desktop.answerLoginOffer',
  'desktop.checkForUpdates',
  'desktop.restartToUpdate',
  'relay.status',
  'relay.configure',
  'relay.test',
  'views.list',
  'views.save',
  'views.rename',
  'views.remove',
  'views.remember',
  'views.counts',
  'snooze.list',
  'snooze.set',
  'snooze.clear',
  'insights.figures',
  'insights.export',
] as const;
export type MethodName = (typeof METHODS)[number];
export const METHOD_NAMES: MethodName[] = [...METHODS];

const EVENTS = [
  'accounts.changed',
  'accounts.statusChanged',
  'notifications.unreadChanged',
  'notifications.shown',
  'app.navigate',
  'sync.changed',
  'inbox.changed',
  'pdfs.progress',
  'selection.keepOfflineChanged',
  'webhooks.changed',
  'webhooks.activityChanged',
  'desktop.changed',
  'relay.changed',
  'decisions.outboxChanged',
  'decisions.sent',
  'decisions.startReportsChanged',
  'snooze.changed',
] as const;
export type EventName = (typeof EVENTS)[number];
export const EVENT_NAMES: EventName[] = [...EVENTS];

/** The feature namespace of a method: `quotes` for `quotes.detail`. */
export type Namespace = MethodName extends `${infer NS}.${string}` ? NS : never;

/** Splits 'quotes.detail' into ['quotes', 'detail']. */
export function splitMethodName(method: MethodName): [Namespace, string] {
  const dot = method.indexOf('.');
  return [method.slice(0, dot) as Namespace, method.slice(dot + 1)];
}
