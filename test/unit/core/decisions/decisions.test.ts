import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { quoteVersion } from '../../../../main/core/cache/quote-version';
import { createDecisions, openReceiptStore, STALE_AFTER_MS } from '../../../../main/core/decisions';
import type { CachedQuote, DecisionEvents, Decisions, ReceiptStore } from '../../../../main/core/decisions';
import { createEventBus } from '../../../../main/core/events';
import type { AnyEvent } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log/logger';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { KeyAccess, QuoteDetails } from '../../../../preload/contract';
import type { DecisionReceipt } from '../../../../preload/contract/bridge/decisions';
import { createFakeClock } from '../../../helpers/fake-clock';
import type { FakeClock } from '../../../helpers/fake-clock';

const NOT_RELEASED = 'The vendor has not released this quote for a decision yet: it is sent, but awaiting their release.';

let sim: Simulator;
let dir: string;
const clients: ClosableQuotingClient[] = [];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seed: 11, quotes: 40, clock: new ManualClock(), log: () => undefined });
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await sim.close();
});

interface Harness {
  decisions: Decisions;
  receipts: ReceiptStore;
  cache: Map<string, CachedQuote>;
  events: AnyEvent<DecisionEvents>[];
  /** Every copy the decisions stored through the cache's record, in order (source 'decision'). */
  stored: QuoteDetails[];
  clock: FakeClock;
  sentDeclines: (string | undefined)[];
  pdfPath: string | null;
}

let h: Harness;
const companyId = () => sim.credentials.companies[0]!.id;

function clientFor(apiKey: string, clock: FakeClock): ClosableQuotingClient {
  const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey }, clock, retry: { random: () => 0 }, timeouts: { headersMs: 2_000 } });
  clients.push(client);
  return client;
}

function makeHarness(access: KeyAccess = 'client', options: { answerCarriesQuote?: boolean } = {}): Harness {
  const clock = createFakeClock(Date.parse('2026-03-01T09:00:00Z'));
  const apiKey = access === 'client' ? sim.credentials.companies[0]!.apiKey : sim.credentials.adminApiKey;
  const client = clientFor(apiKey, clock);
  const sentDeclines: (string | undefined)[] = [];
  const spying = {
    ...client,
    quotes: {
      ...client.quotes,
      // The reading where the service's answer carries the decided quote (the embedded service's does not).
      accept: async (id: string) => {
        const outcome = await client.quotes.accept(id);
        if (!options.answerCarriesQuote) return outcome;
        return { ...outcome, quote: { ...harness.cache.get(id)!.details, status: outcome.result.status as QuoteDetails['status'] } };
      },
      decline: (id: string, reason?: string) => {
        sentDeclines.push(reason);
        return client.quotes.decline(id, reason);
      },
    },
  };
  const bus = createEventBus<DecisionEvents>({ logger: createSilentLogger() });
  const events: AnyEvent<DecisionEvents>[] = [];
  bus.subscribeAll((event) => events.push(event));
  const receipts = openReceiptStore({ path: join(dir, 'decision-receipts.json'), logger: createSilentLogger(), now: clock.now });
  const cache = new Map<string, CachedQuote>();
  const stored: QuoteDetails[] = [];
  const harness: Harness = { decisions: undefined as never, receipts, cache, events, stored, clock, sentDeclines, pdfPath: null };
  harness.decisions = createDecisions({
    accounts: { get: async (id) => ({ id, name: 'Northwind (client key)', access }), client: async () => spying },
    getCached: (_accountId, quoteId) => cache.get(quoteId) ?? null,
    record: ({ source, observations }) => {
      expect(source).toBe('decision');
      for (const observation of observations) if (observation.kind === 'details') stored.push(observation.details);
      return [];
    },
    receipts,
    publish: (type, payload) => bus.publish(type, payload),
    clock,
    logger: createSilentLogger(),
    pdfPath: () => harness.pdfPath,
  });
  return harness;
}

/** A new quote of company 0, issued: stored SENT, which a client key sees as PENDING with a number. */
function sentQuote(options: { awaitingClient?: boolean } = {}) {
  const created = sim.operator.createQuote({ companyId: companyId(), projectName: 'Decision test' });
  return sim.operator.issueQuote(created.id, options);
}
const posts = (quoteId: string) => sim.operator.requests().filter((request) => request.method === 'POST' && request.path.includes(quoteId));
const gets = (quoteId: string) => sim.operator.requests().filter((request) => request.method === 'GET' && request.path.endsWith(quoteId));

async function cacheFresh(quoteId: string): Promise<QuoteDetails> {
  const details = await clientFor(sim.credentials.companies[0]!.apiKey, h.clock).quotes.get(quoteId);
  h.cache.set(quoteId, { details, cachedAt: h.clock.now() });
  return details;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qd-decisions-'));
  h = makeHarness();
});
afterEach(async () => {
  sim.operator.clearFaults();
  await rm(dir, { recursive: true, force: true });
});

describe('deciding a quote', () => {
  it('accepts: the service applies it, the quote is re-read, an event is published and a receipt kept', async () => {
    const quote = sentQuote();
    const seen = await cacheFresh(quote.id);
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id, version: quoteVersion(seen) });
    expect(result).toMatchObject({ outcome: 'done', message: 'The quote was accepted.' });
    expect(sim.operator.quote(quote.id).status).toBe('CHANGED_TO_PROJECT');
    expect(result.quote?.status).toBe('CHANGED_TO_PROJECT');
    expect(posts(quote.id)).toHaveLength(1);
    const decided = h.events.find((event) => event.type === 'quote.decided');
    expect(decided?.payload).toMatchObject({ accountId: 'acc-1', quoteId: quote.id, decision: 'accept', status: 'CHANGED_TO_PROJECT', via: 'response' });
    expect(h.decisions.receipts('acc-1', quote.id)).toEqual([result.outcome === 'done' ? result.receipt : null]);
    // The decided quote went into the cache; notifications were told a decision was under way, then that it applied.
    expect(h.stored.map((copy) => copy.status)).toEqual(['CHANGED_TO_PROJECT']);
    expect(h.events.map((event) => event.type)).toEqual(['quote.deciding', 'quote.decided', 'quote.decisionEnded']);
    expect(h.events.at(-1)?.payload).toMatchObject({ quoteId: quote.id, decision: 'accept', applied: true });
  });

  it('declines with the reason, trimmed, sent to the service and kept on the receipt', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    const result = await h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id, reason: '  Budget moved to next quarter  ' });
    expect(result.outcome).toBe('done');
    expect(sim.operator.quote(quote.id).status).toBe('REJECTED');
    expect(h.sentDeclines).toEqual(['Budget moved to next quarter']);
    expect(h.decisions.receipts('acc-1', quote.id)[0]).toMatchObject({ decision: 'decline', reason: 'Budget moved to next quarter', outcome: 'done', status: 'REJECTED' });
  });

  it('when the quote was accepted elsewhere meanwhile, the refusal is explained from the re-read quote', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id); // fresh: no re-read before sending, so the POST meets the changed status
    await clientFor(sim.credentials.adminApiKey, h.clock).quotes.accept(quote.id);
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(posts(quote.id)).toHaveLength(2);
    expect(result).toMatchObject({ outcome: 'refused', message: 'This quote is now Project started: it was decided elsewhere.' });
    expect(result.quote?.status).toBe('CHANGED_TO_PROJECT');
    expect(h.decisions.receipts('acc-1', quote.id)[0]).toMatchObject({ outcome: 'refused', status: 'CHANGED_TO_PROJECT' });
    // The re-read after the refusal went into the cache.
    expect(h.stored.map((copy) => copy.status)).toEqual(['CHANGED_TO_PROJECT']);
    expect(h.events.some((event) => event.type === 'quote.decided')).toBe(false);
    expect(h.events.at(-1)?.payload).toMatchObject({ quoteId: quote.id, applied: false });
  });

  it('when the operator cancelled the quote meanwhile, says so', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    sim.operator.cancelQuote(quote.id);
    const result = await h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id, reason: 'Too expensive' });
    expect(result).toMatchObject({ outcome: 'refused', message: 'This quote was cancelled: it can no longer be accepted or declined.' });
    expect(sim.operator.quote(quote.id).status).toBe('CANCELLED');
  });

  it("a client key's PENDING that the service does not let it decide yet: refused and explained", async () => {
    const quote = sentQuote({ awaitingClient: true }); // stored SENT_PENDING, seen by the client key as PENDING with a number
    await cacheFresh(quote.id);
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    // It was sent: "being prepared" or "try again" would not be true.
    expect(result).toMatchObject({ outcome: 'refused', message: `${NOT_RELEASED} Nothing was changed.` });
    expect(result.message).not.toMatch(/prepared|try again/i);
    expect(sim.operator.quote(quote.id).status).toBe('SENT_PENDING');
  });

  it('never sends twice: a second decision while the first is in flight is refused', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    const first = h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    const second = h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id, reason: 'changed my mind' });
    await expect(second).rejects.toMatchObject({ code: 'invalid-state', message: expect.stringContaining('already being sent') });
    await expect(first).resolves.toMatchObject({ outcome: 'done' });
    expect(posts(quote.id)).toHaveLength(1);
  });

  it('an answer lost in transit: reported as unknown with the quote re-read, further decisions refused until checked again', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    sim.operator.addFault({ kind: 'reset-before', match: { method: 'POST', pathPrefix: `/api/public/v1/quotes/${quote.id}` }, times: 1 });
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(result.outcome).toBe('unknown');
    expect(result.message).toMatch(/The answer to the accept was lost and the quote still shows Pending: whether it will be accepted is not known yet/);
    expect(result.quote?.status).toBe('PENDING');
    expect(h.decisions.receipts('acc-1', quote.id)[0]).toMatchObject({ outcome: 'unknown', settled: null });

    await expect(h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id })).rejects.toMatchObject({
      code: 'invalid-state',
      message: 'Whether your earlier accept of this quote went through is not known yet. Check the quote again before deciding.',
    });
    expect(posts(quote.id)).toHaveLength(1);

    const check = await h.decisions.checkAgain('acc-1', quote.id);
    expect(check).toMatchObject({ message: 'The quote still shows Pending: it was not accepted. You can decide again.', canDecide: true });
    expect(h.decisions.receipts('acc-1', quote.id)[0]?.settled).toMatchObject({ status: 'PENDING' });
    await expect(h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id })).resolves.toMatchObject({ outcome: 'done' });
    expect(posts(quote.id)).toHaveLength(2);
  });

  it('says a lost answer, the refusal that follows and a check in German and in Arabic', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    sim.operator.addFault({ kind: 'reset-before', match: { method: 'POST', pathPrefix: `/api/public/v1/quotes/${quote.id}` }, times: 1 });
    try {
      setLocale('de', { reload: false });
      const lost = await h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id });
      expect(lost.message).toMatch(/^Die Antwort auf die Ablehnung ging verloren, und das Angebot zeigt weiterhin den Status .+: Ob es abgelehnt wird, ist noch nicht bekannt\./);
      await expect(h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id })).rejects.toMatchObject({
        code: 'invalid-state',
        language: 'de',
        message: 'Ob Ihre frühere Ablehnung dieses Angebots durchgegangen ist, ist noch nicht bekannt. Prüfen Sie das Angebot erneut, bevor Sie entscheiden.',
      });
      setLocale('ar', { reload: false });
      const refused = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id }).catch((error: Error) => error);
      expect(refused).toMatchObject({ code: 'invalid-state', language: 'ar', message: expect.stringContaining('رفضك السابق') });
      const other = sentQuote();
      await cacheFresh(other.id);
      const check = await h.decisions.checkAgain('acc-1', other.id);
      expect(check.message).toMatch(/^يُظهر عرض السعر الحالة /);
      expect(check.message).not.toMatch(/\b(the|quote|shows)\b/i);
    } finally {
      setLocale('en', { reload: false });
    }
  });

  it('an answer lost after the service applied it: done, confirmed by re-reading', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    sim.operator.addFault({ kind: 'reset-after', match: { method: 'POST', pathPrefix: `/api/public/v1/quotes/${quote.id}` }, times: 1 });
    const result = await h.decisions.decline({ accountId: 'acc-1', quoteId: quote.id });
    expect(result).toMatchObject({ outcome: 'done', message: 'The answer was lost, but the quote shows it was declined.' });
    expect(posts(quote.id)).toHaveLength(1);
  });
});

describe('the quote after deciding', () => {
  it('is the one the answer carries when it carries one: stored, returned, and not read again', async () => {
    h = makeHarness('client', { answerCarriesQuote: true });
    const quote = sentQuote();
    await cacheFresh(quote.id);
    const readsBefore = gets(quote.id).length;
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(result).toMatchObject({ outcome: 'done', quote: { id: quote.id, status: 'CHANGED_TO_PROJECT' } });
    expect(gets(quote.id).length).toBe(readsBefore);
    expect(h.stored.map((copy) => copy.status)).toEqual(['CHANGED_TO_PROJECT']);
  });

  it('is read once when the answer is the spec\'s {id, status, message}', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    const readsBefore = gets(quote.id).length;
    await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(gets(quote.id).length).toBe(readsBefore + 1);
  });
});

describe('the copy a decision is made on', () => {
  it('re-reads a cached copy older than a minute, and sends nothing when the quote changed since it was shown', async () => {
    const quote = sentQuote();
    const shown = await cacheFresh(quote.id);
    h.clock.advance(STALE_AFTER_MS + 1_000);
    sim.operator.reviseQuote(quote.id);
    const readsBefore = gets(quote.id).length;
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id, version: quoteVersion(shown) });
    expect(result).toMatchObject({ outcome: 'changed', message: expect.stringContaining('nothing was sent') });
    expect(result.quote?.status).toBe('REVISED');
    expect(gets(quote.id).length).toBe(readsBefore + 1);
    expect(posts(quote.id)).toHaveLength(0);
    expect(h.stored.map((copy) => copy.status)).toEqual(['REVISED']);
    expect(h.decisions.receipts('acc-1', quote.id)).toEqual([]);
  });

  it('does not re-read a copy cached less than a minute ago', async () => {
    const quote = sentQuote();
    const shown = await cacheFresh(quote.id);
    h.clock.advance(STALE_AFTER_MS - 1_000);
    const readsBefore = gets(quote.id).length;
    await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id, version: quoteVersion(shown) });
    // The only read is the one after deciding.
    expect(gets(quote.id).length).toBe(readsBefore + 1);
    expect(h.stored.map((copy) => copy.status)).toEqual(['CHANGED_TO_PROJECT']);
  });

  it('does not send when the fresh copy shows the quote can no longer be decided', async () => {
    const quote = sentQuote();
    sim.operator.expireQuote(quote.id);
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(result).toMatchObject({ outcome: 'refused', message: 'This quote has expired: it can no longer be accepted or declined.', receipt: null });
    expect(posts(quote.id)).toHaveLength(0);
  });
});

describe('receipts', () => {
  it('hold who, when, the version and total shown, the PDF hash and the outcome, and survive a restart', async () => {
    const quote = sentQuote();
    const shown = await cacheFresh(quote.id);
    h.pdfPath = join(dir, 'quote.pdf');
    await writeFile(h.pdfPath, '%PDF-1.7 test');
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id, version: quoteVersion(shown) });
    const expected = {
      accountId: 'acc-1',
      accountName: 'Northwind (client key)',
      quoteId: quote.id,
      quoteNumber: shown.quoteNumber,
      version: quoteVersion(shown),
      total: shown.totalPrice,
      decision: 'accept',
      reason: null,
      at: '2026-03-01T09:00:00.000Z',
      pdfSha256: createHash('sha256').update('%PDF-1.7 test').digest('hex'),
      outcome: 'done',
      status: 'CHANGED_TO_PROJECT',
      settled: null,
    };
    expect(result.outcome === 'done' && result.receipt).toMatchObject(expected);
    const reopened = openReceiptStore({ path: join(dir, 'decision-receipts.json'), logger: createSilentLogger() });
    expect(reopened.list('acc-1', quote.id)).toEqual([expect.objectContaining(expected)]);
    expect(reopened.list('acc-2', quote.id)).toEqual([]);
  });

  it('a missing PDF leaves the hash empty and the decision goes ahead', async () => {
    const quote = sentQuote();
    await cacheFresh(quote.id);
    h.pdfPath = join(dir, 'gone.pdf');
    const result = await h.decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    expect(result.outcome === 'done' && result.receipt.pdfSha256).toBeNull();
  });

  it('a damaged receipts file is set aside, its readable receipts kept, and never overwritten in place', async () => {
    const path = join(dir, 'decision-receipts.json');
    const good: DecisionReceipt = { id: 'r1', accountId: 'a', accountName: 'A', quoteId: 'q', quoteNumber: null, version: 'v', total: null, decision: 'accept', reason: null, at: '2026-01-01T00:00:00.000Z', pdfSha256: null, outcome: 'done', status: 'ACCEPTED', settled: null };
    await writeFile(path, JSON.stringify({ receipts: [good, { id: 'broken' }] }));
    const store = openReceiptStore({ path, logger: createSilentLogger(), now: () => Date.parse('2026-02-02T10:00:00Z') });
    expect(store.list('a', 'q')).toEqual([good]);
    expect(store.problem()).toMatchObject({ reason: 'The decision receipts file held 1 unreadable receipt; the others were kept.', keptAt: `${path}.damaged-2026-02-02T10-00-00-000Z` });
    expect(JSON.parse(await readFile(`${path}.damaged-2026-02-02T10-00-00-000Z`, 'utf8')).receipts).toHaveLength(2);

    await writeFile(path, '{"receipts": [');
    const cut = openReceiptStore({ path, logger: createSilentLogger(), now: () => Date.parse('2026-02-03T10:00:00Z') });
    expect(cut.list('a', 'q')).toEqual([]);
    expect(cut.problem()?.reason).toMatch(/is not valid JSON/);
    await cut.add({ ...good, id: 'r2' });
    expect(JSON.parse(await readFile(path, 'utf8')).receipts).toHaveLength(1);
    expect(await readFile(`${path}.damaged-2026-02-03T10-00-00-000Z`, 'utf8')).toBe('{"receipts": [');
  });
});
