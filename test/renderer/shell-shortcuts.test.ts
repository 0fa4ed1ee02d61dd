import { describe, expect, it } from 'vitest';
import { handleAppShortcut } from '../../renderer/src/lib/app-shortcuts';
import { shellShortcuts } from '../../renderer/src/lib/state/shell-shortcuts';
import { loadedAppState } from './app-state';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote } from './fixtures';
import type { InboxRow } from '../../renderer/src/lib/inbox-bridge';

/** A key pressed on the page (nothing focused), as the window's keydown handler receives it. */
function press(key: string, modifiers: { ctrlKey?: boolean } = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...modifiers });
  document.body.dispatchEvent(event);
  return event;
}

describe('the window\'s shortcut map, built from the app\'s state', () => {
  const acme = makeAccount({ id: 'acme', name: 'Acme' });
  const globex = makeAccount({ id: 'globex', name: 'Globex' });

  async function appWithKeys(fake = new FakeBridge({ accounts: [acme, globex] })) {
    const app = await loadedAppState(fake);
    const onKeydown = (event: KeyboardEvent) => handleAppShortcut(event, shellShortcuts(app));
    document.addEventListener('keydown', onKeydown);
    return { app, fake, stop: () => document.removeEventListener('keydown', onKeydown) };
  }

  it('goes to the n-th account of the sidebar with Ctrl+digit and to All accounts with Ctrl+0', async () => {
    const { app, stop } = await appWithKeys();
    try {
      expect(press('2', { ctrlKey: true }).defaultPrevented).toBe(true);
      expect(app.accounts.selectedId).toBe('globex');
      expect(app.navigation.allAccounts).toBe(false);
      // No ninth account: nothing moves.
      press('9', { ctrlKey: true });
      expect(app.accounts.selectedId).toBe('globex');
      press('0', { ctrlKey: true });
      expect(app.navigation.allAccounts).toBe(true);
    } finally {
      stop();
    }
  });

  it('opens the shortcuts help with ? and the palette with Ctrl+K, in the shell\'s dialog slot', async () => {
    const { app, stop } = await appWithKeys();
    try {
      press('?');
      expect(app.accountActions.dialog).toEqual({ kind: 'shortcuts' });
      app.accountActions.dismiss();
      press('k', { ctrlKey: true });
      expect(app.accountActions.dialog).toEqual({ kind: 'palette' });
    } finally {
      stop();
    }
  });

  it('leaves every key alone while a saved view\'s dialog is open', async () => {
    const { app, stop } = await appWithKeys();
    try {
      app.views.dialog = { kind: 'delete', view: { id: 'v-1', name: 'Mine', query: { accountId: null, team: null, search: '', stages: [], needsAction: false, expiringSoon: false, sort: 'newest', filters: { companies: [], currencies: [], serviceTypes: [], targetMarkets: [], dueDate: [], validUntil: [], assignees: [] } } } };
      expect(press('?').defaultPrevented).toBe(false);
      press('2', { ctrlKey: true });
      expect(app.accountActions.dialog).toBeNull();
      expect(app.accounts.selectedId).not.toBe('globex');
    } finally {
      stop();
    }
  });

  it('acts on the inbox only once an account (or every account) is chosen and the inbox shows', async () => {
    const { app, fake, stop } = await appWithKeys();
    try {
      const refreshes = () => fake.callsOf('inbox.query').length;
      app.navigation.allAccounts = false;
      app.accounts.selectedId = null;
      const before = refreshes();
      expect(press('r').defaultPrevented).toBe(false);
      app.navigation.selectAccount('acme');
      app.navigation.toggleSettings();
      expect(press('r').defaultPrevented).toBe(false);
      app.navigation.toggleSettings();
      expect(press('r').defaultPrevented).toBe(true);
      await expect.poll(refreshes).toBeGreaterThan(before);
    } finally {
      stop();
    }
  });

  it('opens a quote with its decision (a or d) and marks a row read or unread (u) through the app', async () => {
    const fake = new FakeBridge({ accounts: [acme], quotes: { acme: [makeQuote({ id: 'q-1', status: 'SENT' })] } });
    fake.unread = { acme: ['q-1'] };
    const { app } = await appWithKeys(fake);
    await app.notifications.load();
    const map = shellShortcuts(app);
    const row = { accountId: 'acme', quoteId: 'q-1' } as InboxRow;

    map.toggleRead(row);
    await expect.poll(() => fake.unread.acme).toEqual([]);
    await expect.poll(() => app.notifications.isUnread('acme', 'q-1')).toBe(false);
    map.toggleRead(row);
    await expect.poll(() => fake.unread.acme).toEqual(['q-1']);

    map.decide(row, 'decline');
    expect(app.navigation.view).toBe('quote');
    expect(app.navigation.quoteIntent).toBe('decline');
    expect(app.quote.ref).toEqual({ accountId: 'acme', quoteId: 'q-1' });
  });
});
