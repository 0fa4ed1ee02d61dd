import { render, screen, waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import App from '../../renderer/src/app.svelte';
import type { ConnectionMonitor, ConnectionState } from '../../renderer/src/lib/bridge';
import { FakeBridge } from './fake-bridge';
import { makeAccount, sampleQuotes } from './fixtures';
import { memoryStorage } from './render-app';

function monitor(state: ConnectionState): ConnectionMonitor {
  return { state, subscribe: () => () => undefined };
}

function fakeWithAccount() {
  return new FakeBridge({ accounts: [makeAccount({ id: 'acme', name: 'Acme Localisation' })], quotes: { acme: sampleQuotes(3) } });
}

describe('a page that cannot reach the app host', () => {
  it('shows only how to get in when it was opened without the launch token', async () => {
    const fake = fakeWithAccount();
    render(App, { props: { api: fake.api, connection: monitor('no-access'), locale: 'en-US', storage: memoryStorage() } });
    const message = await screen.findByRole('alert');
    expect(message.textContent).toContain('This page has no access to Quotedesk.');
    expect(message.textContent).toContain('Open the link that npm run web printed in your terminal (it ends with #token=…).');
    // No app behind it: no accounts list, no inbox, no buttons that look like they work.
    expect(screen.queryByRole('navigation', { name: 'Accounts' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Quotes' })).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(fake.calls).toEqual([]);
  });

  it('says the host may have been restarted when it never connected', async () => {
    const fake = fakeWithAccount();
    render(App, { props: { api: fake.api, connection: monitor('unreachable'), locale: 'en-US', storage: memoryStorage() } });
    const strip = await waitFor(() => {
      const found = screen.getAllByRole('status').find((element) => element.textContent?.includes("Can't reach Quotedesk."));
      expect(found).toBeDefined();
      return found!;
    });
    expect(strip.textContent?.replace(/\s+/g, ' ').trim()).toBe(
      "Can't reach Quotedesk. If you restarted npm run web, open the new link it printed.",
    );
  });
});
