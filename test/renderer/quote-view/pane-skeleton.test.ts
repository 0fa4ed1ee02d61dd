import { fireEvent, screen } from '@testing-library/svelte';
import { tick } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { decidability } from '../../../main/core/quotes/decidability';
import { SKELETON_AFTER_MS } from '../../../renderer/src/lib/state/quote.svelte';
import { FakeBridge } from '../fake-bridge';
import { makeAccount, makeQuote } from '../fixtures';
import { makeDetails } from '../quote/pricing-fixtures';
import { renderApp } from '../render-app';

const loadingSkeleton = () => screen.queryByRole('status', { name: 'Loading the quote' });

describe('a quote opened with nothing of it in the page yet', () => {
  it('shows no skeleton for an answer that comes at once, and one once the answer is slow', async () => {
    const quote = makeQuote({ projectName: 'Annual report', status: 'ACCEPTED' });
    const details = makeDetails({ id: quote.id, projectName: 'Annual report', status: 'ACCEPTED' });
    const fake = new FakeBridge({ accounts: [makeAccount()], quotes: { 'acc-1': [quote] } });
    fake.arrange('quotes.detail', () => ({
      accountId: 'acc-1',
      quoteId: quote.id,
      list: null,
      details,
      source: 'cache',
      fetchedAt: Date.parse('2026-03-01T09:00:00Z'),
      stale: false,
      notice: null,
      revisions: [],
      diff: null,
      pdf: { cached: false, outdated: false, bytes: null, fetchedAt: null, downloading: false },
      access: 'client',
      version: 'v-1',
      cachedAt: '2026-03-01T09:00:00.000Z',
      decidable: decidability(details, 'client', null),
    }));
    renderApp(fake);
    const row = await screen.findByText('Annual report');
    const release = fake.holdNext('quotes.detail');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      await fireEvent.click(row);
      await tick();
      // The answer still on its way, a moment before the skeleton's time: the pane is busy, and draws nothing.
      vi.advanceTimersByTime(SKELETON_AFTER_MS - 1);
      await tick();
      expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
      expect(loadingSkeleton()).toBeNull();
      vi.advanceTimersByTime(1);
      await tick();
      expect(loadingSkeleton()).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }

    release();
    expect(await screen.findByRole('heading', { name: 'Annual report' })).toBeTruthy();
    expect(loadingSkeleton()).toBeNull();
  });
});
