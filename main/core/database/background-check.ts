import type { QuoteStore } from './types';

type WindowQuery = (...args: never[]) => Promise<unknown>;

/**
 * The whole-file integrity check waits for the person's first window of quotes: it runs
 * right after the first 'inbox.query' is answered (in a worker, so nothing waits for it),
 * or after `fallbackMs` when no window is ever asked for (the CLI, a headless host).
 * Returns the handlers with that query wrapped; everything else is unchanged.
 */
export function checkIntegrityAfterFirstWindow<H extends { 'inbox.query': WindowQuery }>(handlers: H, store: Pick<QuoteStore, 'checkIntegrity'>, fallbackMs = 30_000): H {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    clearTimeout(fallback);
    void store.checkIntegrity();
  };
  const fallback = setTimeout(start, fallbackMs);
  fallback.unref?.();
  const query = handlers['inbox.query'];
  const wrapped = (async (...args: Parameters<H['inbox.query']>) => {
    const window = await query(...args);
    setImmediate(start);
    return window;
  }) as H['inbox.query'];
  return { ...handlers, 'inbox.query': wrapped };
}
