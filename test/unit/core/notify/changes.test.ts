import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeFromQuotes, changeFromWebhook, createNotifications, describeChange } from '../../../../main/core/notify';
import type { QuoteFacts } from '../../../../main/core/notify';
import type { Notification } from '../../../../main/core/ports';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { createManualClock, QUOTE_A } from './fixtures';
import { formatMoney } from '../../../../preload/contract/plain/format';

const account = { id: 'acc-1', name: 'Acme', access: 'client' as const, service: null };
const quote = (overrides: Partial<QuoteFacts> = {}): QuoteFacts => ({
  id: QUOTE_A,
  quoteNumber: 'Q-2026-0042',
  projectName: 'Spring catalogue',
  companyName: 'Acme Retail',
  status: 'SENT',
  totalPrice: { amount: 1250.5, currency: 'EUR' },
  ...overrides,
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quotedesk-changes-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('building changes from webhooks and sync', () => {
  it('reads a quote webhook with the cached quote into a full notification', () => {
    const change = changeFromWebhook(account, 'quote.status_changed', { entityId: QUOTE_A, timestamp: '2026-03-01T10:00:00Z', entityNumber: 'Q-2026-0042', oldStatus: 'SENT', newStatus: 'ACCEPTED' }, quote());
    expect(describeChange(change)).toMatchObject({
      title: 'Quote Q-2026-0042: Accepted',
      body: `Awaiting your decision → Accepted\nSpring catalogue · Acme Retail · ${formatMoney({ amount: 1250.5, currency: 'EUR' })}\nAcme`,
      link: `quotedesk://quote/acc-1/${QUOTE_A}`,
    });
  });

  it('names what sync saw change: new, status, revision, price, or nothing', () => {
    const kind = (previous: QuoteFacts | null, current: QuoteFacts, versions?: { previous: string | null; current: string | null }) =>
      changeFromQuotes(account, 'sync', previous, current, versions)?.kind ?? null;
    expect(kind(null, quote())).toBe('quote.new');
    expect(kind(quote(), quote({ status: 'ACCEPTED' }))).toBe('quote.status');
    expect(kind(quote(), quote({ totalPrice: { amount: 1300, currency: 'EUR' } }))).toBe('quote.pricing');
    expect(kind(quote(), quote(), { previous: 'v1', current: 'v2' })).toBe('quote.revised');
    expect(kind(quote(), quote())).toBeNull();
  });

  it('announces once a status change that arrives by webhook and is then found by sync, and then a price change on its own', async () => {
    const clock = createManualClock();
    const shown: Notification[] = [];
    const notifications = createNotifications({
      settings: createMemorySettingsStore(),
      clock,
      logger: createRecordingLogger(),
      folder: dir,
      notifier: { notify: (notification) => void shown.push(notification) },
    });
    const { center } = notifications;
    const webhook = changeFromWebhook(account, 'quote.status_changed', { entityId: QUOTE_A, timestamp: '2026-03-01T10:00:00Z', oldStatus: 'SENT', newStatus: 'SENT_REVISED' }, quote());
    expect(center.handle(webhook)).toBe('shown');
    const synced = changeFromQuotes(account, 'sync', quote(), quote({ status: 'SENT_REVISED' }), { previous: 'v1', current: 'v2' })!;
    expect(center.handle(synced)).toBe('duplicate');
    const repriced = changeFromQuotes(account, 'sync', quote({ status: 'SENT_REVISED' }), quote({ status: 'SENT_REVISED', totalPrice: { amount: 990, currency: 'EUR' } }), { previous: 'v2', current: 'v3' })!;
    expect(center.handle(repriced)).toBe('shown');
    expect(shown.map((n) => n.title)).toEqual(['Quote Q-2026-0042: Revised', 'Quote Q-2026-0042: price changed']);
    expect(shown[1]!.body.split('\n')[0]).toBe('€1,250.50 → €990.00');
    await notifications.close();
  });
});
