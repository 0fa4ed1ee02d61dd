import type { AccountView, Handlers, QuoteListItem } from '../../preload/contract';

export function accountView(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'acc-1',
    name: 'Northwind Localisation',
    environment: 'custom',
    baseUrl: 'http://127.0.0.1:4010',
    mechanism: 'api-key',
    access: 'client',
    credentialsSet: true,
    status: 'ok',
    statusMessage: null,
    demo: false,
    ...overrides,
  };
}

export function quoteItem(overrides: Partial<QuoteListItem> = {}): QuoteListItem {
  return {
    id: '6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f',
    quoteNumber: 'Q-2026-0042',
    projectName: 'Spring catalogue',
    status: 'PENDING',
    companyId: '0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d3e',
    companyName: 'Acme Retail',
    totalPrice: { amount: 1250.5, currency: 'EUR' },
    quoteDate: '2026-03-01T10:00:00.000Z',
    deadlineForQuote: '2026-03-10',
    projectDueDate: '2026-04-01',
    ...overrides,
  };
}

/** Handlers that each fail loudly, for tests that replace only the ones they exercise. */
export function unusedHandlers(): Handlers {
  const unused = (name: string) => () => Promise.reject(new Error(`${name} was not expected in this test`));
  return {
    'app.info': unused('app.info'),
    'accounts.list': unused('accounts.list'),
    'accounts.add': unused('accounts.add'),
    'accounts.update': unused('accounts.update'),
    'accounts.remove': unused('accounts.remove'),
    'accounts.test': unused('accounts.test'),
    'accounts.testDraft': unused('accounts.testDraft'),
    'notifications.preferences': unused('notifications.preferences'),
    'notifications.setPreferences': unused('notifications.setPreferences'),
    'notifications.unread': unused('notifications.unread'),
    'notifications.markRead': unused('notifications.markRead'),
    'notifications.markUnread': unused('notifications.markUnread'),
    'inbox.query': unused('inbox.query'),
    'inbox.facets': unused('inbox.facets'),
    'inbox.export': unused('inbox.export'),
    'quotes.exportPricing': unused('quotes.exportPricing'),
    'quotes.detail': unused('quotes.detail'),
    'quotes.extras': unused('quotes.extras'),
    'quotes.logo': unused('quotes.logo'),
    'pdfs.get': unused('pdfs.get'),
    'pdfs.status': unused('pdfs.status'),
    'pdfs.open': unused('pdfs.open'),
    'sync.status': unused('sync.status'),
    'sync.refresh': unused('sync.refresh'),
    'sync.settings': unused('sync.settings'),
    'sync.setSettings': unused('sync.setSettings'),
    'decisions.accept': unused('decisions.accept'),
    'decisions.decline': unused('decisions.decline'),
    'decisions.checkAgain': unused('decisions.checkAgain'),
    'decisions.receipts': unused('decisions.receipts'),
    'decisions.savedReasons': unused('decisions.savedReasons'),
    'decisions.saveReasons': unused('decisions.saveReasons'),
    'webhooks.status': unused('webhooks.status'),
    'webhooks.setTunnel': unused('webhooks.setTunnel'),
    'webhooks.register': unused('webhooks.register'),
    'webhooks.unregister': unused('webhooks.unregister'),
    'webhooks.activity': unused('webhooks.activity'),
    'webhooks.check': unused('webhooks.check'),
    'webhooks.replay': unused('webhooks.replay'),
    'desktop.state': unused('desktop.state'),
    'desktop.setPreferences': unused('desktop.setPreferences'),
    'desktop.answerLoginOffer': unused('desktop.answerLoginOffer'),
    'desktop.checkForUpdates': unused('desktop.checkForUpdates'),
    'desktop.restartToUpdate': unused('desktop.restartToUpdate'),
    'relay.status': unused('relay.status'),
    'relay.configure': unused('relay.configure'),
    'relay.test': unused('relay.test'),
    'relay.forget': unused('relay.forget'),
    'views.list': unused('views.list'),
    'views.save': unused('views.save'),
    'views.rename': unused('views.rename'),
    'views.remove': unused('views.remove'),
    'views.remember': unused('views.remember'),
  };
}
