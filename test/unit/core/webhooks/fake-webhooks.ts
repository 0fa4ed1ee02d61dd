// An in-memory Quoting Service webhook registration: one URL per key, a new secret each time.
import { randomUUID } from 'node:crypto';
import type { QuotingClient } from '../../../../main/core/api/types';
import type { WebhookInfo } from '../../../../preload/contract';

export interface FakeWebhooks {
  client: QuotingClient;
  current: WebhookInfo | null;
  registrations: Array<{ url: string; secret: string }>;
  removals: number;
}

export function fakeWebhooks(): FakeWebhooks {
  const state: FakeWebhooks = { client: null as unknown as QuotingClient, current: null, registrations: [], removals: 0 };
  let n = 0;
  state.client = {
    baseUrl: 'https://service.invalid',
    quotes: null as unknown as QuotingClient['quotes'],
    dispatcher: null as unknown as QuotingClient['dispatcher'],
    webhooks: {
      register: async (url) => {
        const secret = `secret-${++n}`;
        const now = new Date().toISOString();
        state.current = { id: randomUUID(), url, isActive: true, createdAt: now };
        state.registrations.push({ url, secret });
        return { ...state.current, secret };
      },
      get: async () => state.current,
      remove: async () => {
        state.removals += 1;
        state.current = null;
      },
    },
  };
  return state;
}
