// At each keystroke the inbox asks the core for the rows before the facet counts: the core
// answers calls in the order they come, and the counts (several ms over 100,000 quotes)
// would otherwise hold back the rows a person is waiting for (the inbox-bridge benchmark:
// p50 from 96 to 38 ms a key at 100,000 quotes).
import { fireEvent, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

describe('the calls a search keystroke makes', () => {
  it('asks for the rows of the new search before its facet counts', async () => {
    const quotes = [makeQuote({ id: quoteId(1), projectName: 'Website' }), makeQuote({ id: quoteId(2), projectName: 'Catalogue' })];
    const bridge = new FakeBridge({ accounts: [makeAccount({ id: 'acc-1', access: 'internal' })], quotes: { 'acc-1': quotes } });
    renderApp(bridge);
    const box = await screen.findByRole('searchbox', { name: 'Search quotes' });
    await fireEvent.input(box, { target: { value: 'web' } });
    await waitFor(() => expect(bridge.calls.some((call) => call.method === 'inbox.facets' && (call.input as { search?: string }).search === 'web')).toBe(true));
    const forSearch = bridge.calls.filter((call) => (call.method === 'inbox.query' || call.method === 'inbox.facets') && (call.input as { search?: string }).search === 'web');
    expect(forSearch.map((call) => call.method)).toEqual(['inbox.query', 'inbox.facets']);
  });
});
