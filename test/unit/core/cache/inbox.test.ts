import { describe, expect, it } from 'vitest';
import { InboxIndex } from '../../../../main/core/cache';
import type { InboxQuery } from '../../../../main/core/cache';
import type { InboxSourceRow } from '../../../../main/core/database';

const NOW = Date.parse('2025-03-01T09:00:00Z');
const DAY = 86_400_000;

function row(overrides: Partial<InboxSourceRow>): InboxSourceRow {
  return {
    accountId: 'internal-acc', quoteId: 'q', hasDetails: false, status: 'SENT', quoteNumber: 'Q-1', projectName: 'Project', companyName: 'Acme',
    referenceNumber: null, totalAmount: 100, currency: 'EUR', quoteDate: '2025-02-01T00:00:00Z', deadlineForQuote: null, projectDueDate: null,
    validUntil: null, ...overrides,
  };
}

function index(): InboxIndex {
  const built = new InboxIndex();
  built.load(
    [
      row({ accountId: 'client-acc', quoteId: 'prep', status: 'PENDING', quoteNumber: null, projectName: 'Brochure', quoteDate: '2025-02-10T00:00:00Z', totalAmount: 50 }),
      row({ accountId: 'client-acc', quoteId: 'await', status: 'PENDING', quoteNumber: 'Q-200', projectName: 'Café menu', quoteDate: '2025-02-11T00:00:00Z', validUntil: new Date(NOW + 3 * DAY).toISOString(), totalAmount: 900 }),
      row({ accountId: 'client-acc', quoteId: 'rev', status: 'REVISED', quoteNumber: 'Q-201', projectName: 'App strings', referenceNumber: 'PO-REF-9', quoteDate: '2025-02-05T00:00:00Z', projectDueDate: '2025-03-10', totalAmount: 300 }),
      row({ accountId: 'internal-acc', quoteId: 'sent', status: 'SENT_PENDING', quoteNumber: 'Q-300', companyName: 'Globex', quoteDate: '2025-02-12T00:00:00Z', projectDueDate: '2025-03-05', validUntil: new Date(NOW + 30 * DAY).toISOString(), totalAmount: 1200 }),
      row({ accountId: 'internal-acc', quoteId: 'done', status: 'ACCEPTED', quoteNumber: 'Q-301', quoteDate: '2025-01-01T00:00:00Z', totalAmount: null }),
    ],
    new Map([
      ['client-acc', 'client'],
      ['internal-acc', 'internal'],
    ]),
    [{ accountId: 'client-acc', quoteId: 'rev', version: 'h', file: 'f.pdf', bytes: 1, fetchedAt: 0, lastUsedAt: 0, outdated: true }],
  );
  return built;
}

const ids = (query: Partial<InboxQuery>) => index().query({ sort: 'newest', offset: 0, limit: 50, now: NOW, ...query }).rows.map((found) => found.quoteId);

describe('the inbox query', () => {
  it("splits a client key's PENDING into in preparation and awaiting your decision", () => {
    expect(ids({ stages: ['in-preparation'] })).toEqual(['prep']);
    expect(ids({ stages: ['awaiting-decision'] })).toEqual(['sent', 'await']);
  });

  it('needs action follows the key kind: a numbered PENDING or REVISED for clients, SENT* and REVISED* for internal keys', () => {
    expect(ids({ needsAction: true })).toEqual(['sent', 'await', 'rev']);
    expect(ids({ needsAction: true, accountId: 'client-acc' })).toEqual(['await', 'rev']);
    expect(index().needingAction('client-acc')).toEqual(['await', 'rev']);
    expect(index().needingAction('internal-acc')).toEqual(['sent']);
  });

  it('expiring soon keeps quotes needing action whose validity ends within the days asked', () => {
    expect(ids({ expiringWithinDays: 7 })).toEqual(['await']);
  });

  it('searches project name, quote number, company and reference, all words, ignoring case and accents', () => {
    expect(ids({ search: 'cafe' })).toEqual(['await']);
    expect(ids({ search: 'po-ref' })).toEqual(['rev']);
    expect(ids({ search: 'GLOBEX q-300' })).toEqual(['sent']);
    expect(ids({ search: 'globex brochure' })).toEqual([]);
  });

  it('finds a word whose accent sits inside it or near its end, by its plain letters and by its own spelling', () => {
    const accented = new InboxIndex();
    accented.load(
      [
        row({ quoteId: 'dessert', projectName: 'Crème brûlée menu', companyName: 'Société Générale' }),
        row({ quoteId: 'plain', projectName: 'Cream menu', companyName: 'Acme' }),
      ],
      new Map([['internal-acc', 'internal']]),
      [],
    );
    const found = (search: string) => accented.query({ sort: 'newest', offset: 0, limit: 50, now: NOW, search }).rows.map((each) => each.quoteId);
    // An accent in the middle of the word: a decomposed "cre\u0300me" without its mark stripped would not hold "creme".
    expect(found('creme')).toEqual(['dessert']);
    expect(found('brulee')).toEqual(['dessert']);
    // Accents later in the word, and in the company's name.
    expect(found('societe generale')).toEqual(['dessert']);
    expect(found('CRÈME Brûlée')).toEqual(['dessert']);
    expect(found('cremes')).toEqual([]);
  });

  it('sorts by newest, due date, value and expiry, with missing values last', () => {
    expect(ids({})).toEqual(['sent', 'await', 'prep', 'rev', 'done']);
    expect(ids({ sort: 'due' }).slice(0, 2)).toEqual(['sent', 'rev']);
    expect(ids({ sort: 'value' })).toEqual(['sent', 'await', 'rev', 'prep', 'done']);
    expect(ids({ sort: 'expiry' }).slice(0, 2)).toEqual(['await', 'sent']);
  });

  it('returns the window asked for and the count of every match, with the PDF badge', () => {
    const window = index().query({ sort: 'newest', offset: 1, limit: 2, now: NOW });
    expect(window.total).toBe(5);
    expect(window.rows.map((found) => found.quoteId)).toEqual(['await', 'prep']);
    expect(index().query({ sort: 'newest', offset: 0, limit: 50, now: NOW, search: 'app' }).rows[0]).toMatchObject({ pdf: 'outdated', stage: 'revised' });
  });

  it('a row written again moves to its new place in the sort', () => {
    const built = index();
    built.put(row({ accountId: 'internal-acc', quoteId: 'done', status: 'ACCEPTED', quoteNumber: 'Q-301', quoteDate: '2025-02-28T00:00:00Z' }));
    expect(built.query({ sort: 'newest', offset: 0, limit: 1, now: NOW }).rows[0]?.quoteId).toBe('done');
  });

  it("a change of key kind and a removed account touch only that account's rows", () => {
    const built = index();
    built.setAccess('internal-acc', 'client');
    expect(built.query({ sort: 'newest', offset: 0, limit: 50, now: NOW, needsAction: true }).rows.map((found) => found.quoteId)).toEqual(['await', 'rev']);
    built.removeAccount('client-acc');
    expect(built.size).toBe(2);
    expect(built.query({ sort: 'newest', offset: 0, limit: 50, now: NOW }).rows.map((found) => found.quoteId)).toEqual(['sent', 'done']);
  });

  it('the same quote ID in two accounts is two rows', () => {
    const built = index();
    built.put(row({ accountId: 'client-acc', quoteId: 'sent', quoteDate: '2025-02-12T00:00:00Z' }));
    expect(built.size).toBe(6);
    expect(built.query({ sort: 'newest', offset: 0, limit: 2, now: NOW }).rows.map((found) => [found.accountId, found.quoteId]).sort()).toEqual([
      ['client-acc', 'sent'],
      ['internal-acc', 'sent'],
    ]);
  });
});
