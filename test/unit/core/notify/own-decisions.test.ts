// "Your own decisions are not notified": an accept or decline sent from this installation
// comes back as a change (the webhook of its account, the webhook or sync of the internal key
// on the same service, a sync after a restart), and none of it raises a notification or
// marks the quote unread. A decision made elsewhere for the same quote still does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../../../main/core/events';
import type { DomainBus, DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { createNotificationsFeature } from '../../../../main/core/notify/feature';
import { serviceOf } from '../../../../main/core/accounts/same-service';
import type { AccountsService } from '../../../../main/core/accounts/types';
import type { QuoteCache } from '../../../../main/core/cache';
import { createRecovery } from '../../../../main/core/sync';
import { systemClock } from '../../../../main/core/ports';
import type { AccountView } from '../../../../preload/contract';
import type { DecisionReceipt } from '../../../../preload/contract/bridge/decisions';
import { createMemorySettingsStore } from '../../../helpers/stores';

const QUOTE = '0ef816d8-d990-4e9c-8947-2ccf3be38fc5';
const OTHER_QUOTE = '6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f';
const SERVICE = 'http://127.0.0.1:4010/';
// A client key and the internal key of one service: both see the quote.
const CLIENT = { id: 'acc-client', name: 'Kestrel (client key)', access: 'client', baseUrl: SERVICE };
const INTERNAL = { id: 'acc-internal', name: 'Locaria (internal key)', access: 'internal', baseUrl: SERVICE };

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function installation(folder = mkdtempSync(join(tmpdir(), 'qd-own-decisions-'))) {
  folders.push(folder);
  const bus: DomainBus = createEventBus<DomainEvents>({ logger: createSilentLogger() });
  const shown: string[] = [];
  const accounts = { list: async () => [CLIENT, INTERNAL] as unknown as AccountView[] };
  // The notifications feature as the core assembles it: the pipeline and the decisions it listens for.
  const feature = createNotificationsFeature({
    settings: createMemorySettingsStore(),
    clock: systemClock,
    logger: createSilentLogger(),
    folder,
    notifier: { notify: ({ title, body }) => shown.push(`${title}: ${body}`) },
    accounts: accounts as unknown as AccountsService,
    // Both keys on one service, as the cache learns it from the accounts.
    cache: { needsActionAtAGlance: () => [], services: () => new Map([CLIENT, INTERNAL].map((account) => [account.id, serviceOf(account.baseUrl)])) } as unknown as QuoteCache,
    bus,
    recovery: createRecovery(),
  });
  const { notifications } = feature;
  const close = async () => {
    await feature.close?.();
  };
  return { bus, shown, notifications, folder, close };
}

/** What the cache stores when an account sees the quote move from SENT to `to`. */
function storedStatus(bus: DomainBus, accountId: string, source: 'webhook' | 'sync' | 'decision', to: 'CHANGED_TO_PROJECT' | 'REJECTED', quoteId = QUOTE) {
  bus.publish('quotes.stored', {
    accountId,
    source,
    baseline: false,
    quotes: [{ quoteId, quoteNumber: 'Q-2026-0042', projectName: 'Manuals', companyName: 'Kestrel Fintech', status: to, totalPrice: { amount: 90, currency: 'EUR' }, changes: [{ kind: 'status', from: 'SENT', to }] }],
  });
}

function receipt(decision: 'accept' | 'decline', status: string): DecisionReceipt {
  return {
    id: 'r1', accountId: CLIENT.id, accountName: CLIENT.name, quoteId: QUOTE, quoteNumber: 'Q-2026-0042', version: 'v', total: null,
    decision, reason: null, at: new Date().toISOString(), pdfSha256: null, outcome: 'done', status, settled: null,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('your own decisions', () => {
  it('are not notified, through any account, even when the webhook comes before the answer, nor after a restart', async () => {
    const first = installation();
    const { bus, shown, notifications } = first;
    bus.publish('quote.deciding', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'accept' });
    // The service's webhook to the internal key's registration is quicker than the POST's answer.
    storedStatus(bus, INTERNAL.id, 'webhook', 'CHANGED_TO_PROJECT');
    await settle();
    // Then the decision's answer: its quote stored, the decision applied.
    storedStatus(bus, CLIENT.id, 'decision', 'CHANGED_TO_PROJECT');
    bus.publish('quote.decided', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'accept', status: 'CHANGED_TO_PROJECT', quote: null, receipt: receipt('accept', 'CHANGED_TO_PROJECT'), via: 'response' });
    bus.publish('quote.decisionEnded', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'accept', applied: true });
    await settle();
    expect(shown).toEqual([]);
    expect(notifications.unread.summary().total).toBe(0);
    await first.close();

    // A restart, then the internal key's sync finds the change it had not stored yet: still the person's own.
    const again = installation(first.folder);
    storedStatus(again.bus, INTERNAL.id, 'sync', 'CHANGED_TO_PROJECT');
    await settle();
    expect(again.shown).toEqual([]);
    expect(again.notifications.unread.summary().total).toBe(0);

    // Another quote moved by someone else is news as ever.
    storedStatus(again.bus, INTERNAL.id, 'webhook', 'REJECTED', OTHER_QUOTE);
    await settle();
    expect(again.shown).toHaveLength(1);
    expect(again.notifications.unread.summary().accounts).toEqual([{ accountId: INTERNAL.id, count: 1, quoteIds: [OTHER_QUOTE.toLowerCase()] }]);
    await again.close();
  });

  it('do not hide a decision made elsewhere on the same quote: the portal accepted it while ours was refused', async () => {
    const { bus, shown, notifications, close } = installation();
    bus.publish('quote.deciding', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'decline' });
    storedStatus(bus, CLIENT.id, 'webhook', 'CHANGED_TO_PROJECT');
    await settle();
    // Held while our decline was under way...
    expect(shown).toEqual([]);
    bus.publish('quote.decisionEnded', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'decline', applied: false });
    await settle();
    // ...and told once it was clear the change was not ours.
    expect(shown).toHaveLength(1);
    expect(notifications.unread.isUnread(CLIENT.id, QUOTE)).toBe(true);
    await close();
  });

  it('do not hide a later change the decision did not lead to: the quote declined here, then shown accepted', async () => {
    const { bus, shown, close } = installation();
    bus.publish('quote.deciding', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'decline' });
    storedStatus(bus, CLIENT.id, 'decision', 'REJECTED');
    bus.publish('quote.decided', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'decline', status: 'REJECTED', quote: null, receipt: receipt('decline', 'REJECTED'), via: 'response' });
    bus.publish('quote.decisionEnded', { accountId: CLIENT.id, quoteId: QUOTE, decision: 'decline', applied: true });
    storedStatus(bus, INTERNAL.id, 'webhook', 'REJECTED');
    await settle();
    expect(shown).toEqual([]);
    // The accept statuses are not what a decline leads to: someone else's accept of it is news.
    storedStatus(bus, INTERNAL.id, 'sync', 'CHANGED_TO_PROJECT');
    await settle();
    expect(shown).toHaveLength(1);
    await close();
  });
});
