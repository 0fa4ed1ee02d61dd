// The Chromium benchmark's pages (test/bench/inbox-chromium.bench.ts):
//   ?scenario=bench   the app's inbox over the fake bridge holding 10,000 quotes
//   ?scenario=static  the baseline: 100 of the same rows rendered from memory, no bridge
// Both record when their first rows were painted and expose the same keystroke probe.
import { mount } from 'svelte';
import type { InboxRow } from '../../../renderer/src/lib/inbox-bridge';
import '../../../renderer/src/app.css';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, sampleQuotes } from '../fixtures';
import StaticRows from './static-rows.svelte';

declare global {
  interface Window {
    /** performance.now() after the frame that first showed a filled row. */
    __firstRowsAt?: number;
    /** Types `text` into the search one key at a time; the ms from each key to the updated, laid out list. */
    __typeAndMeasure?: (text: string) => Promise<number[]>;
  }
}

export const QUOTES = 10_000;

function watchFirstRows(): void {
  const observer = new MutationObserver(() => {
    const row = document.querySelector('[role="row"][aria-rowindex="2"]:not(.placeholder)');
    if (!row || row.querySelector('[role="cell"]')?.textContent?.trim() === '') return;
    observer.disconnect();
    // The callback of the next frame runs before that frame paints; the task after it, after.
    requestAnimationFrame(() => setTimeout(() => (window.__firstRowsAt = performance.now()), 0));
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** A task after every microtask: the fake bridge answers, and Svelte flushes, in microtasks. */
function afterMicrotasks(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

window.__typeAndMeasure = async (text) => {
  const input = document.getElementById('quote-search') as HTMLInputElement;
  const times: number[] = [];
  for (let length = 1; length <= text.length; length += 1) {
    const started = performance.now();
    input.value = text.slice(0, length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await afterMicrotasks();
    // Layout is part of showing the new list; painting waits for the display's next frame.
    void document.body.offsetHeight;
    times.push(performance.now() - started);
  }
  return times;
};

export async function startBenchPage(scenario: 'bench' | 'static'): Promise<void> {
  watchFirstRows();
  const account = makeAccount({ id: 'bench', name: 'Every company (internal key)', access: 'internal' });
  const fake = new FakeBridge({ accounts: [account], quotes: { bench: sampleQuotes(scenario === 'bench' ? QUOTES : 100) } });
  if (scenario === 'static') {
    const window = await fake.api.inbox.query({ offset: 0, limit: 100 });
    if (!window.ok) throw new Error(window.error.message);
    const rows: InboxRow[] = window.value.rows;
    mount(StaticRows, { target: document.getElementById('app')!, props: { rows, shown: 100 } });
    return;
  }
  localStorage.setItem('quotedesk.selectedAccountId', account.id);
  window.quotedesk = fake.api;
  await import('../../../renderer/src/main');
}
