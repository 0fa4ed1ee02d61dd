import { randomUUID } from 'node:crypto';
import type { QuoteDetails, QuoteListItem, QuoteStatus } from '../../preload/contract';

export const COMPANY_A = '11111111-1111-4111-8111-111111111111';
export const COMPANY_B = '22222222-2222-4222-8222-222222222222';

/** A stored quote: the fake service derives list items and details from it. */
export interface FakeQuote {
  id: string;
  quoteNumber: string | null;
  projectName: string;
  status: QuoteStatus;
  companyId: string;
  companyName: string;
  amount: number;
}

let counter = 0;
export function fakeQuote(overrides: Partial<FakeQuote> = {}): FakeQuote {
  counter += 1;
  return {
    id: randomUUID(),
    quoteNumber: `Q-${String(1000 + counter)}`,
    projectName: `Website localisation ${counter}`,
    status: 'SENT',
    companyId: COMPANY_A,
    companyName: 'Acme Audio',
    amount: 1200 + counter,
    ...overrides,
  };
}

export function listItemOf(quote: FakeQuote, status: QuoteStatus = quote.status): QuoteListItem {
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    projectDescription: null,
    status,
    companyId: quote.companyId,
    companyName: quote.companyName,
    totalPrice: { amount: quote.amount, currency: 'EUR' },
    quoteDate: '2025-02-20T10:00:00.000Z',
    deadlineForQuote: '2025-02-25',
    projectDueDate: '2025-03-30',
    referenceNumber: null,
    validUntil: '2025-04-20T10:00:00.000Z',
    createdAt: '2025-02-19T10:00:00.000Z',
    updatedAt: null,
  };
}

export function detailsOf(quote: FakeQuote, status: QuoteStatus = quote.status): QuoteDetails {
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    projectName: quote.projectName,
    projectDescription: 'Marketing site, 4 languages',
    status,
    company: { id: quote.companyId, name: quote.companyName, country: 'GB', timezone: 'Europe/London', clientUsers: [] },
    totalPrice: { amount: quote.amount, currency: 'EUR' },
    quoteDate: '2025-02-20T10:00:00.000Z',
    deadlineForQuote: '2025-02-25',
    projectDueDate: '2025-03-30',
    validUntil: '2025-04-20T10:00:00.000Z',
    itemsPricing: {
      teams: [
        {
          teamName: 'Translation',
          currency: 'EUR',
          total: quote.amount,
          clientServices: [
            {
              serviceName: 'Translation',
              serviceType: 'TRANSLATION',
              dueDate: '2025-03-20',
              notes: null,
              total: quote.amount,
              targetMarkets: [
                {
                  targetMarketId: '33333333-3333-4333-8333-333333333333',
                  targetMarketLabel: 'French (France)',
                  items: [{ itemName: 'Words', unit: 'word', quantity: 1000, unitPrice: quote.amount / 1000, totalPrice: quote.amount }],
                  subTotal: quote.amount,
                },
              ],
            },
          ],
        },
      ],
      total: quote.amount,
      calculatedAt: '2025-02-20T09:00:00.000Z',
    },
  };
}

// Credentials shaped like the spec's: a live prefix and a 32-character random part.
export const CLIENT_KEY = 'live_a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
export const INTERNAL_KEY = 'live_ffeeddccbbaa99887766554433221100';
export const CLIENT_ID = 'cid_1735689600_q7w8e9r0';
export const CLIENT_SECRET = 'csec_Zm9vYmFyYmF6cXV4cXV1eA';
export const INTERNAL_CLIENT_ID = 'cid_1735689600_internal';
export const INTERNAL_CLIENT_SECRET = 'csec_aW50ZXJuYWxzZWNyZXQ';

/** The principals of a typical fake service: a client and an internal key, and one client pair of each kind. */
export const STANDARD_PRINCIPALS = {
  apiKeys: {
    [CLIENT_KEY]: { kind: 'client' as const, companyId: COMPANY_A },
    [INTERNAL_KEY]: { kind: 'internal' as const, companyId: null },
  },
  clients: {
    [CLIENT_ID]: { kind: 'client' as const, companyId: COMPANY_A, secret: CLIENT_SECRET },
    [INTERNAL_CLIENT_ID]: { kind: 'internal' as const, companyId: null, secret: INTERNAL_CLIENT_SECRET },
  },
};

/** A few quotes over two companies, covering actionable and finished statuses. */
export function standardQuotes(): FakeQuote[] {
  return [
    fakeQuote({ status: 'SENT' }),
    fakeQuote({ status: 'REVISED' }),
    fakeQuote({ status: 'SENT_REVISED' }),
    fakeQuote({ status: 'ACCEPTED' }),
    fakeQuote({ status: 'CHANGED_TO_PROJECT' }),
    fakeQuote({ status: 'SENT', companyId: COMPANY_B, companyName: 'Beta Books' }),
  ];
}
