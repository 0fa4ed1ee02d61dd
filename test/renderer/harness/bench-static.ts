// static.html, the benchmark's baseline: 100 of the same rows rendered from memory with the
// same row component and styles, no bridge, no inbox state, no virtual list. A static module
// graph like bench.html's, so both pages pay the same for loading.
import './bench-probes';
import { mount } from 'svelte';
import type { InboxRow } from '../../../renderer/src/lib/inbox-bridge';
import '../../../renderer/src/app.css';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, sampleQuotes } from '../fixtures';
import StaticRows from './static-rows.svelte';

performance.mark('harness:modules-evaluated');
const account = makeAccount({ id: 'bench', name: 'Every company (internal key)', access: 'internal' });
const fake = new FakeBridge({ accounts: [account], quotes: { bench: sampleQuotes(100) } });
performance.mark('harness:fake-built');
const answer = await fake.api.inbox.query({ offset: 0, limit: 100 });
if (!answer.ok) throw new Error(answer.error.message);
const rows: InboxRow[] = answer.value.rows;
mount(StaticRows, { target: document.getElementById('app')!, props: { rows, shown: 100 } });
performance.mark('harness:app-mounted');
