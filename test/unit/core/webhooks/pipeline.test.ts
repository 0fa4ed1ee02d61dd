// A quote event stores the quote it refreshed through the cache's record, a direct call:
// what the cache stored comes back as its return value (for the activity view's "what it
// caused") and goes out once as 'quotes.stored' for notifications, unread and the bridge.
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountsService } from '../../../../main/core/accounts/types';
import { StorageError } from '../../../../main/core/database/errors';
import { createWebhookPipeline } from '../../../../main/core/webhooks';
import type { ReceivedWebhook } from '../../../../main/core/webhooks/events';
import { detailsOf, fakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from '../cache/helpers';
import type { CacheRig } from '../cache/helpers';

let rig: CacheRig;
/** The pipeline reads the parsed event; the raw delivery is the inspector's. */
const DELIVERY = { headers: {}, body: Buffer.alloc(0) };
afterEach(() => rig.close());

const quote = fakeQuote({ status: 'SENT' });

function pipelineOver(current: () => ReturnType<typeof detailsOf>, cache: Parameters<typeof createWebhookPipeline>[0]['cache'] = rig.cache) {
  const accounts = {
    list: async () => [{ id: 'acc-1', access: 'client' }],
    client: async () => ({ quotes: { get: async () => current() } }),
  } as unknown as AccountsService;
  const notified: ReceivedWebhook[] = [];
  const process = createWebhookPipeline({ accounts, cache, notify: async (event) => (notified.push(event), 'notification: shown') });
  return { process, notified };
}

const event = (type: string, entityId: string = quote.id): ReceivedWebhook => ({
  accountId: 'acc-1', key: `k-${type}-${Math.random()}`, event: type, data: { entityId, timestamp: '2026-03-01T10:00:00Z' }, receivedAt: 0, replay: false,
});

describe('the webhook pipeline', () => {
  it('stores the refreshed quote by a direct call, says what it caused, and publishes it once', async () => {
    rig = cacheRig();
    let status: 'SENT' | 'REJECTED' = 'SENT';
    const { process } = pipelineOver(() => detailsOf(quote, status));
    expect(await process(event('quote.created'), DELIVERY)).toBe('quote refreshed: new');
    status = 'REJECTED';
    expect(await process(event('quote.rejected'), DELIVERY)).toBe('quote refreshed: status SENT -> REJECTED; new version kept');
    // The same state again (a retried delivery): nothing new is stored or told.
    expect(await process(event('quote.status_changed'), DELIVERY)).toBe('quote refreshed: no change (already known)');

    const stored = rig.ofType('quotes.stored');
    expect(stored.map((payload) => [payload.source, payload.quotes.map((each) => each.status)])).toEqual([
      ['webhook', ['SENT']],
      ['webhook', ['REJECTED']],
    ]);
    expect(rig.cache.get('acc-1', quote.id)?.details?.status).toBe('REJECTED');
  });

  it('says the quote was not stored when the disk refuses it, and announces nothing stored', async () => {
    rig = cacheRig();
    const refusing = { record: () => { throw new StorageError('Could not store the quote', Object.assign(new Error('write failed'), { code: 'ENOSPC' })); } };
    const { process } = pipelineOver(() => detailsOf(quote), refusing);
    expect(await process(event('quote.revised'), DELIVERY)).toMatch(/^quote not stored \(.*disk is full.*\); the next sync will catch up$/);
    expect(rig.ofType('quotes.stored')).toEqual([]);
  });

  it('hands an event about something the cache does not hold to the notification policy', async () => {
    rig = cacheRig();
    const { process, notified } = pipelineOver(() => detailsOf(quote));
    expect(await process(event('project.created', 'p-1'), DELIVERY)).toBe('notification: shown');
    expect(notified.map((each) => each.event)).toEqual(['project.created']);
    expect(rig.ofType('quotes.stored')).toEqual([]);
  });
});
