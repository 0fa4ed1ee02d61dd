import { describe, expect, it } from 'vitest';
import type { InboxQueryInput } from '../../renderer/src/lib/inbox-bridge';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';

function manyQuotes(count: number) {
  const start = Date.parse('2025-01-01T00:00:00Z');
  // Newest first is the order of the ids: quote n is n minutes older than quote 1.
  return Array.from({ length: count }, (_, index) =>
    makeQuote({ id: quoteId(index + 1), projectName: `Project ${index + 1}`, quoteDate: new Date(start - index * 60_000).toISOString() }),
  );
}

describe('the inbox filtered to a notification\'s quotes', () => {
  it('reads the cache page by page until every quote is found, then stops', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })], quotes: { acme: manyQuotes(1_000) } });
    const inbox = new InboxState(fake.api);
    inbox.showQuotes('acme', [quoteId(420), quoteId(10)]);
    await expect.poll(() => inbox.total).toBe(2);
    expect([inbox.rowAt(0)?.quoteId, inbox.rowAt(1)?.quoteId]).toEqual([quoteId(10), quoteId(420)]);
    const reads = fake.callsOf('inbox.query') as InboxQueryInput[];
    // Three pages of 200 hold quote 420; the other two pages are never read.
    expect(reads.map((input) => input.offset)).toEqual([0, 200, 400]);
    expect(reads.every((input) => input.accountId === 'acme' && input.limit === 200)).toBe(true);
    expect(inbox.filtered).toBe(true);

    inbox.clearQuoteIds();
    await expect.poll(() => inbox.total).toBe(1_000);
    expect(inbox.filtered).toBe(false);
  });

  it('shows the ones still in the cache when some are gone, and says so through the count', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })], quotes: { acme: manyQuotes(30) } });
    const inbox = new InboxState(fake.api);
    inbox.showQuotes('acme', [quoteId(3), quoteId(999)]);
    await expect.poll(() => inbox.total).toBe(1);
    expect(inbox.rowAt(0)?.quoteId).toBe(quoteId(3));
  });

  it('keeps the error of a failed read rather than showing a partial list', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })], quotes: { acme: manyQuotes(500) } });
    const inbox = new InboxState(fake.api);
    fake.failNext('inbox.query', { message: 'The cache is locked.' });
    inbox.showQuotes('acme', [quoteId(450)]);
    await expect.poll(() => inbox.error?.message).toBe('The cache is locked.');
    expect(inbox.total).toBeNull();
  });
});
