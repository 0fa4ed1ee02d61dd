// A look-only harness: the real renderer over the fake bridge, for screenshots in Chromium.
// Not shipped; `?scenario=` picks what the fake serves.
import { FakeBridge } from '../fake-bridge';
import { makeAccount, sampleQuotes } from '../fixtures';

const scenario = new URLSearchParams(location.search).get('scenario') ?? 'inbox';

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
    acme: [],
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

if (scenario === 'error') fake.failNext('quotes.list', { code: 'network', message: 'The Quoting Service at http://127.0.0.1:4010 did not answer (connection refused).' });
if (scenario === 'loading') fake.holdNext('quotes.list');
localStorage.setItem('quotedesk.selectedAccountId', scenario === 'credentials' ? 'acme' : 'demo-client');

window.quotedesk = fake.api;
await import('../../../renderer/src/main');
