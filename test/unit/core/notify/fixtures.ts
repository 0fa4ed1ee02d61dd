import type { Clock } from '../../../../main/core/ports';
import type { NotifiableChange } from '../../../../main/core/notify';

export const ACCOUNT = 'acc-1';
export const QUOTE_A = '6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f';
export const QUOTE_B = '7a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** A change as a webhook for a quote would bring it; tests override what they exercise. */
export function change(overrides: Partial<NotifiableChange> = {}): NotifiableChange {
  return {
    accountId: ACCOUNT,
    accountName: 'Acme',
    service: null,
    access: 'client',
    source: 'webhook',
    kind: 'quote.status_changed',
    quoteId: QUOTE_A,
    quoteNumber: 'Q-2026-0042',
    projectName: 'Spring catalogue',
    companyName: 'Acme Retail',
    amount: { value: 1250.5, currency: 'EUR' },
    previousAmount: null,
    oldStatus: 'SENT',
    newStatus: 'ACCEPTED',
    entityId: QUOTE_A,
    entityNumber: 'Q-2026-0042',
    entityName: null,
    versionHash: null,
    changeKey: null,
    occurredAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** A clock whose sleeps end only when the test moves time past them, as real timers would. */
export interface ManualClock extends Clock {
  advance(ms: number): Promise<void>;
}

export function createManualClock(start = Date.parse('2025-03-01T09:00:00Z')): ManualClock {
  let now = start;
  let sleepers: Array<{ at: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason);
        const sleeper = { at: now + ms, resolve };
        sleepers.push(sleeper);
        signal?.addEventListener('abort', () => {
          sleepers = sleepers.filter((other) => other !== sleeper);
          reject(signal.reason);
        });
      }),
    async advance(ms) {
      now += ms;
      const due = sleepers.filter((sleeper) => sleeper.at <= now);
      sleepers = sleepers.filter((sleeper) => sleeper.at > now);
      for (const sleeper of due) sleeper.resolve();
      // Let the code waiting on those sleeps run before the test looks.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
