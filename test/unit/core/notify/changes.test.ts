import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QuoteChange } from '../../../../main/core/cache/events';
import { changeFromStored, changeFromWebhook, createNotifications, describeChange } from '../../../../main/core/notify';
import type { QuoteFacts } from '../../../../main/core/notify';
import type { Notification } from '../../../../main/core/ports';
import { createRecordingLogger } from '../../../helpers/recording-logger';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { createManualClock, QUOTE_A } from './fixtures';
import { formatMoney } from '../../../../i18n/words/format';

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

/** What the cache reports it stored for the quote: its facts and the changes it found. */
const stored = (facts: QuoteFacts, changes: QuoteChange[]) => ({
  quoteId: facts.id,
  quoteNumber: facts.quoteNumber,
  projectName: facts.projectName,
  companyName: facts.companyName,
  status: facts.status as 'SENT',
  totalPrice: facts.totalPrice,
  changes,
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

  it('names the change a person cares most about among what sync stored: new, status, revision, price, or nothing', () => {
    const kind = (changes: QuoteChange[]) => changeFromStored(account, 'sync', stored(quote(), changes), quote())?.kind ?? null;
    const price = { kind: 'pricing' as const, from: { amount: 1250.5, currency: 'EUR' }, to: { amount: 1300, currency: 'EUR' } };
    expect(kind([{ kind: 'new' }, { kind: 'status', from: 'SENT', to: 'ACCEPTED' }])).toBe('quote.new');
    expect(kind([price, { kind: 'status', from: 'SENT', to: 'ACCEPTED' }])).toBe('quote.status');
    expect(kind([price, { kind: 'revised', revision: 2 }])).toBe('quote.revised');
    expect(kind([price])).toBe('quote.pricing');
    expect(kind([{ kind: 'updated', fields: ['projectName'] }])).toBeNull();
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
    const revisedQuote = quote({ status: 'SENT_REVISED' });
    const synced = changeFromStored(account, 'sync', stored(revisedQuote, [{ kind: 'status', from: 'SENT', to: 'SENT_REVISED' }, { kind: 'revised', revision: 2 }]), revisedQuote)!;
    expect(center.handle(synced)).toBe('duplicate');
    const cheaper = quote({ status: 'SENT_REVISED', totalPrice: { amount: 990, currency: 'EUR' } });
    const repriced = changeFromStored(account, 'sync', stored(cheaper, [{ kind: 'pricing', from: { amount: 1250.5, currency: 'EUR' }, to: { amount: 990, currency: 'EUR' } }]), cheaper)!;
    expect(center.handle(repriced)).toBe('shown');
    expect(shown.map((n) => n.title)).toEqual(['Quote Q-2026-0042: Revised', 'Quote Q-2026-0042: price changed']);
    expect(shown[1]!.body.split('\n')[0]).toBe('€1,250.50 → €990.00');
    await notifications.close();
  });
});
