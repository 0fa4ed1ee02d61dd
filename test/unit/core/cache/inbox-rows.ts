import { InboxIndex } from '../../../../main/core/cache';
import type { InboxQuery } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';
import type { KeyAccess } from '../../../../preload/contract';

export const NOW = Date.parse('2025-03-01T09:00:00Z');
export const DAY = 86_400_000;

export function sourceRow(overrides: Partial<InboxSourceRow>): InboxSourceRow {
  return {
    accountId: 'internal-acc', quoteId: 'q', hasDetails: false, status: 'SENT', quoteNumber: 'Q-1', projectName: 'Project', companyName: 'Acme',
    referenceNumber: null, totalAmount: 100, currency: 'EUR', quoteDate: '2025-02-01T00:00:00Z', deadlineForQuote: null, projectDueDate: null,
    validUntil: null, ...overrides,
  };
}

/** An index over these rows, the accounts with their key kinds and services. */
export function indexOf(rows: InboxSourceRow[], accounts: Record<string, { access: KeyAccess; service?: string }>): InboxIndex {
  const index = new InboxIndex();
  const services = new Map<string, string>();
  for (const [id, { service }] of Object.entries(accounts)) if (service) services.set(id, service);
  index.load(rows, new Map(Object.entries(accounts).map(([id, { access }]) => [id, access])), [], services);
  return index;
}

export const queryOf = (query: Partial<InboxQuery>): InboxQuery => ({ sort: 'newest', offset: 0, limit: 1000, now: NOW, ...query });
