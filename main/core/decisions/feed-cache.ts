import type { DomainBus } from '../events';

/**
 * The one way a decision's copies of a quote reach the cache: every 'quote.reread' (the
 * stale-copy read, the re-read after a refusal, after deciding, after a lost answer) becomes
 * the cache's 'quote.changed' with source 'decision'. 'quote.decided' carries a copy that was
 * already re-read this way, so it is not fed twice.
 */
export function feedCacheFromDecisions(bus: DomainBus): () => void {
  return bus.subscribe('quote.reread', ({ accountId, access, quote }) => {
    bus.publish('quote.changed', { accountId, access, source: 'decision', observation: { kind: 'details', details: quote } });
  });
}
