// bench.html: the app's inbox over the fake bridge holding 10,000 quotes of one internal-key
// account. One static module graph, as the app's own index.html loads it (every chunk fetched
// at once), and the app mounted as main.ts mounts it in Electron, where the bridge is there
// before the app starts (here the fake, passed as the API).
import './bench-probes';
import { mount } from 'svelte';
import App from '../../../renderer/src/app.svelte';
import '../../../renderer/src/app.css';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, sampleQuotes } from '../fixtures';
import { QUOTES } from './bench-probes';

// Marks for the profile (test/bench/profile/inbox-chromium-profile.ts): where the load's time goes.
performance.mark('harness:modules-evaluated');
const account = makeAccount({ id: 'bench', name: 'Every company (internal key)', access: 'internal' });
const fake = new FakeBridge({ accounts: [account], quotes: { bench: sampleQuotes(QUOTES) } });
performance.mark('harness:fake-built');
localStorage.setItem('quotedesk.selectedAccountId', account.id);
mount(App, { target: document.getElementById('app')!, props: { api: fake.api } });
performance.mark('harness:app-mounted');
