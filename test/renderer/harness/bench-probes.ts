// The Chromium benchmark's probes (test/bench/inbox-chromium.bench.ts), shared by its two
// pages: bench.html (the app's inbox over the fake bridge holding 10,000 quotes) and
// static.html (the baseline: 100 of the same rows rendered from memory, no bridge). Imported
// first by each page, so the watch is on before anything renders.

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
    performance.mark('harness:rows-in-dom');
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

watchFirstRows();
