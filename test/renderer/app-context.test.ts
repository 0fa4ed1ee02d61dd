import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { Toaster } from '../../renderer/src/components/toaster';
import { appStateContext } from '../../renderer/src/lib/state/context';
import { QuoteFinder } from '../../renderer/src/lib/state/quote-finder.svelte';
import { loadedAppState } from './app-state';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote } from './fixtures';

describe('app-wide state handed to components through the context', () => {
  it('reaches a component rendered on its own with the app\'s context', async () => {
    const app = await loadedAppState(new FakeBridge({ accounts: [makeAccount()] }));
    render(Toaster, { context: appStateContext(app) });
    app.toasts.success('Saved the view “Mine”.');
    expect(await screen.findByText('Saved the view “Mine”.')).toBeTruthy();
  });

  it('says plainly when a component is rendered outside the app shell', () => {
    expect(() => render(Toaster)).toThrow(/No app state in this component tree/);
  });
});

describe('finding quotes for the command palette', () => {
  it('drops the answer to a search a later keystroke replaced', async () => {
    const fake = new FakeBridge({
      accounts: [makeAccount({ id: 'acme' })],
      quotes: { acme: [makeQuote({ id: 'q-1', projectName: 'Annual report' }), makeQuote({ id: 'q-2', projectName: 'Anthem' })] },
    });
    const finder = new QuoteFinder(fake.api);
    const release = fake.holdNext('inbox.query');
    const older = finder.find('an');
    const newer = finder.find('annual');
    release();
    expect(await older).toBeNull();
    expect((await newer)?.rows.map((row) => row.quoteId)).toEqual(['q-1']);
  });

  it('asks nothing for an empty search, and says when the cache could not be searched', async () => {
    const fake = new FakeBridge({ accounts: [makeAccount({ id: 'acme' })] });
    const finder = new QuoteFinder(fake.api);
    expect(await finder.find('  ')).toEqual({ rows: [], failed: false });
    expect(fake.callsOf('inbox.query')).toEqual([]);
    fake.failNext('inbox.query', { message: 'The cache is busy.' });
    expect(await finder.find('acme')).toEqual({ rows: [], failed: true });
  });
});
