// A look-only harness, for screenshots in Chromium. Not shipped; `?scenario=` picks the page:
// the real renderer over the fake bridge (inbox, error, settings...) or one quote view with
// fixture data (quote-detail, quote-pricing...). The benchmark's pages are bench.html and
// static.html beside it.
import { FakeBridge } from '../fake-bridge';
import { makeAccount, sampleQuotes } from '../fixtures';

const QUOTE_VIEW = 'quote-';
const scenario = new URLSearchParams(location.search).get('scenario') ?? 'inbox';
if (scenario.startsWith(QUOTE_VIEW)) {
  await showQuoteView(scenario.slice(QUOTE_VIEW.length));
} else {
  await showScenario();
}

async function showQuoteView(view: string): Promise<void> {
  const { mount } = await import('svelte');
  await import('../../../renderer/src/app.css');
  const { default: QuoteGallery } = await import('./quote-gallery.svelte');
  // The gallery's theme follows the (emulated) system, as the app's does.
  const { ThemeState } = await import('../../../renderer/src/lib/theme.svelte');
  new ThemeState();
  mount(QuoteGallery, { target: document.getElementById('app')!, props: { scenario: view } });
}

async function showScenario(): Promise<void> {

  const demo = makeAccount({ id: 'demo-client', name: 'Demo — client key', demo: true, baseUrl: 'http://127.0.0.1:4010' });
  const demoInternal = makeAccount({
    id: 'demo-internal',
    name: 'Demo — internal key',
    demo: true,
    access: 'internal',
    mechanism: 'client-credentials',
    baseUrl: 'http://127.0.0.1:4010',
  });
  const real = makeAccount({ id: 'acme', name: 'Acme Localisation', status: 'needs-credentials', statusMessage: 'The service refused the API key (401). Enter a new key.' });
  const broken = makeAccount({ id: 'north', name: 'Northwind (staging)', environment: 'staging', status: 'unreachable' });

  const fake = new FakeBridge({
    accounts: [demo, demoInternal, real, broken],
    quotes: {
      'demo-client': sampleQuotes(132),
      'demo-internal': sampleQuotes(60, ['SENT', 'SENT_PENDING', 'SENT_REVISED', 'ACCEPTED', 'PENDING', 'REVISED']),
      acme: sampleQuotes(10_000),
    },
    sync: {
      acme: { phase: 'needs-credentials' },
      north: { phase: 'offline', offlineSince: Date.now() - 42 * 60_000 },
      'demo-internal': { phase: 'syncing', progress: { pagesDone: 34, pagesTotal: 100, quotesSeen: 3_400 } },
    },
    info: {
      demo: true,
      credentialStorage: {
        backend: 'file',
        weak: scenario === 'settings',
        message: 'Secrets are kept in a file readable only by your user account; your system keychain is not in use.',
      },
    },
  });

  for (const [index, quote] of fake.quotes['demo-client']!.entries()) {
    if (index % 3 === 0) fake.pdfs[quote.id] = index % 2 ? 'outdated' : 'cached';
}
if (scenario === 'activity') {
  // Each kind the activity view shows: recovered by a catch-up, found by sync, a verified delivery, a refused one.
  const quote = fake.quotes['demo-client']![0]!;
  const at = Date.now();
  const body = JSON.stringify({ event: 'quote.status_changed', data: { entityId: quote.id, oldStatus: 'SENT', newStatus: 'ACCEPTED' } });
  const headers = { 'content-type': 'application/json', 'x-webhook-event': 'quote.status_changed', 'x-webhook-signature': '(verified)' };
  fake.webhookActivity = [
    { source: 'recovered', id: 4, accountId: 'demo-client', receivedAt: at - 60_000, event: 'quote.revised', quoteId: quote.id, quoteNumber: quote.quoteNumber, projectName: quote.projectName, caused: 'price 1200 EUR -> 1350 EUR; new version kept' },
    { source: 'sync', id: 3, accountId: 'demo-internal', receivedAt: at - 5 * 60_000, event: 'quote.new', quoteId: quote.id, quoteNumber: null, projectName: 'Packaging refresh', caused: 'new quote' },
    { source: 'webhook', id: 2, accountId: 'demo-client', receivedAt: at - 9 * 60_000, event: 'quote.status_changed', headers, body, signature: { ok: true, detail: 'verified (current secret)' }, dedupe: 'new', status: 200, caused: 'quote refreshed: status SENT -> ACCEPTED' },
    { source: 'webhook', id: 1, accountId: 'demo-client', receivedAt: at - 12 * 60_000, event: 'quote.status_changed', headers: { ...headers, 'x-webhook-signature': '(refused)' }, body: null, signature: { ok: false, detail: 'mismatch' }, dedupe: null, status: 401, caused: null },
  ];
}
if (scenario === 'error') fake.failNext('inbox.query', { code: 'internal', message: 'The local cache could not be read.' });
if (scenario === 'loading') fake.holdNext('inbox.query');
if (scenario === 'notifications') {
  // Unread quotes (badges, bold rows, the title) and one notification toast a moment after load.
  fake.unread = {
    // The newest ones, so they are on screen in the default order.
    'demo-client': [...fake.quotes['demo-client']!]
      .sort((a, b) => Date.parse(b.quoteDate ?? '') - Date.parse(a.quoteDate ?? ''))
      .slice(0, 3)
      .map((quote) => quote.id),
    'demo-internal': [fake.quotes['demo-internal']![0]!.id],
  };
  const first = fake.quotes['demo-client']![0]!;
  // A moment after the page listens: pushed before, it would be lost (the page loads slowly on a busy machine).
  const whenListening = () => (fake.listensTo('notifications.shown') ? setTimeout(showToast, 300) : setTimeout(whenListening, 50));
  const showToast = () => {
    fake.emit('notifications.shown', {
      title: 'Quote revised',
      body: `${first.projectName ?? 'A quote'} has a new price.`,
      link: `quotedesk://quote/demo-client/${first.id}`,
      route: { view: 'quote', accountId: 'demo-client', quoteId: first.id },
    });
  };
  whenListening();
}
localStorage.setItem('quotedesk.selectedAccountId', scenario === 'credentials' ? 'acme' : 'demo-client');

window.quotedesk = fake.api;
await import('../../../renderer/src/main');
}
