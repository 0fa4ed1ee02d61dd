import { describe, expect, it } from 'vitest';
import { feedCacheFromDecisions } from '../../../../main/core/decisions';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { makeDetails } from '../../../renderer/quote/pricing-fixtures';
import { createRecordingLogger } from '../../../helpers/recording-logger';

describe('decisions feeding the cache', () => {
  it('turns every copy a decision re-read into one quote.changed from source "decision", with the key kind', () => {
    const bus = createEventBus<DomainEvents>({ logger: createRecordingLogger() });
    const seen: DomainEvents['quote.changed'][] = [];
    bus.subscribe('quote.changed', (event) => seen.push(event));
    const stop = feedCacheFromDecisions(bus);
    const quote = makeDetails({ status: 'ACCEPTED' });

    bus.publish('quote.reread', { accountId: 'acc-1', access: 'internal', quote, reason: 'decided' });
    // The decided event carries the copy re-read just before: it is not stored twice.
    bus.publish('quote.decided', {
      accountId: 'acc-1', quoteId: quote.id, decision: 'accept', status: 'ACCEPTED', quote, via: 'response',
      receipt: {
        id: 'r', accountId: 'acc-1', accountName: 'A', quoteId: quote.id, quoteNumber: null, version: 'v', total: null, decision: 'accept',
        reason: null, at: '2026-03-01T10:00:00Z', pdfSha256: null, outcome: 'done', status: 'ACCEPTED', settled: null,
      },
    });
    expect(seen).toEqual([{ accountId: 'acc-1', access: 'internal', source: 'decision', observation: { kind: 'details', details: quote } }]);

    stop();
    bus.publish('quote.reread', { accountId: 'acc-1', access: 'internal', quote, reason: 'stale' });
    expect(seen).toHaveLength(1);
  });
});
