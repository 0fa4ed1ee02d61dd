// What reaches the notification policy from the core's events: real stored changes (not the
// first fill, not a quote the person opened), and webhook events the cache does not hold.
import { describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { connectNotificationPipeline, notifyWebhookEvent } from '../../../../main/core/notify';
import type { NotifiableChange, Outcome } from '../../../../main/core/notify';
import { createRecovery } from '../../../../main/core/sync';
import type { AccountView } from '../../../../preload/contract';

const QUOTE = '0ef816d8-d990-4e9c-8947-2ccf3be38fc5';
const account = { id: 'acc-1', name: 'Kestrel', access: 'client', baseUrl: 'http://127.0.0.1:4010/' } as const;

function setUp() {
  const bus = createEventBus<DomainEvents>({ logger: createSilentLogger() });
  const handled: NotifiableChange[] = [];
  const center = { handle: (change: NotifiableChange): Outcome => (handled.push(change), 'shown'), remindExpiring: () => [] };
  const accounts = { list: async () => [account as unknown as AccountView] };
  const cache = { get: () => null, needsAction: () => [] };
  const recovery = createRecovery();
  const pipeline = connectNotificationPipeline({ bus, center, cache, accounts, recovery, logger: createSilentLogger() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { bus, handled, center, accounts, settle, pipeline, recovery };
}

const statusStored = { quoteId: QUOTE, quoteNumber: 'Q-1', projectName: 'Manuals', status: 'EXPIRED' as const, changes: [{ kind: 'status' as const, from: 'SENT' as const, to: 'EXPIRED' as const }] };

describe('the notification pipeline', () => {
  it('hands a status change the cache stored from a webhook to the policy, with both statuses', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'webhook', baseline: false, quotes: [statusStored] });
    await settle();
    expect(handled).toEqual([expect.objectContaining({ accountId: account.id, accountName: 'Kestrel', service: 'http://127.0.0.1:4010', source: 'webhook', kind: 'quote.status', quoteId: QUOTE, oldStatus: 'SENT', newStatus: 'EXPIRED' })]);
  });

  it('ignores the first fill of a cache, a quote the person opened, and changes of other fields only', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: true, quotes: [statusStored] });
    bus.publish('quotes.stored', { accountId: account.id, source: 'open', baseline: false, quotes: [statusStored] });
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [{ ...statusStored, changes: [{ kind: 'updated', fields: ['projectName'] }] }] });
    await settle();
    expect(handled).toEqual([]);
  });

  it('passes a decision on as such, so the policy remembers it and keeps its echo quiet', async () => {
    const { bus, handled, settle } = setUp();
    bus.publish('quotes.stored', { accountId: account.id, source: 'decision', baseline: false, quotes: [statusStored] });
    await settle();
    expect(handled.map((change) => change.source)).toEqual(['decision']);
  });

  it('marks what sync stores during the catch-up after sleep as recovered, and only then', async () => {
    const { bus, handled, settle, recovery } = setUp();
    await recovery.during(async () => {
      bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [statusStored] });
      bus.publish('quotes.stored', { accountId: account.id, source: 'webhook', baseline: false, quotes: [{ ...statusStored, quoteId: 'a3bb189e-8bf9-3888-9912-ace4e6543002' }] });
    });
    bus.publish('quotes.stored', { accountId: account.id, source: 'sync', baseline: false, quotes: [{ ...statusStored, quoteId: 'b3bb189e-8bf9-3888-9912-ace4e6543002' }] });
    await settle();
    expect(handled.map((change) => change.source)).toEqual(['recovered', 'webhook', 'sync']);
  });

  it('sends a job event straight to the policy and says what it caused', async () => {
    const { handled, center, accounts } = setUp();
    const caused = await notifyWebhookEvent({ center, accounts }, { accountId: account.id, key: 'k', event: 'job.created', data: { entityId: 'job-1', entityNumber: 'J-7', timestamp: '2026-01-01T00:00:00Z' }, receivedAt: 0, replay: false });
    expect(caused).toBe('notification: shown');
    expect(handled).toEqual([expect.objectContaining({ kind: 'job.created', source: 'webhook', entityId: 'job-1', quoteId: null })]);
  });

  it('ignores an event without the fields every envelope has', async () => {
    const { handled, center, accounts } = setUp();
    expect(await notifyWebhookEvent({ center, accounts }, { accountId: account.id, key: 'k', event: 'project.created', data: {}, receivedAt: 0, replay: false })).toMatch(/^ignored/);
    expect(handled).toEqual([]);
  });
});
