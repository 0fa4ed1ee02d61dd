import { waitFor } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { AccountActions } from '../../renderer/src/lib/state/account-actions.svelte';
import { AccountsState } from '../../renderer/src/lib/state/accounts.svelte';
import { InboxState } from '../../renderer/src/lib/state/inbox.svelte';
import { NavigationState } from '../../renderer/src/lib/state/navigation.svelte';
import { NotificationsState } from '../../renderer/src/lib/state/notifications.svelte';
import { QuoteState } from '../../renderer/src/lib/state/quote.svelte';
import { ToastsState } from '../../renderer/src/lib/state/toasts.svelte';
import { WebhooksState } from '../../renderer/src/lib/state/webhooks.svelte';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { memoryStorage } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

/**
 * The shell's states over a fake bridge, with Acme's inbox on screen. The app runs
 * `showChosenInbox` from an effect whenever the chosen scope changes; here each test calls
 * it where that effect would run.
 */
async function setup() {
  const fake = new FakeBridge({
    accounts: [acme, north],
    quotes: { acme: [makeQuote({ id: quoteId(1) }), makeQuote({ id: quoteId(2) })], north: [makeQuote({ id: quoteId(100) })] },
  });
  fake.unread = { north: [quoteId(100)] };
  const accounts = new AccountsState(fake.api, memoryStorage('acme'));
  const inbox = new InboxState(fake.api);
  const quote = new QuoteState(fake.api);
  const toasts = new ToastsState();
  const dialogs = new AccountActions(accounts, toasts, inbox);
  const notifications = new NotificationsState(fake.api);
  const webhooks = new WebhooksState(fake.api);
  const navigation = new NavigationState({ accounts, inbox, quote, notifications, webhooks, toasts, dialogs });
  await Promise.all([accounts.load(), notifications.load()]);
  navigation.showChosenInbox();
  await waitFor(() => expect(inbox.rowAt(0)).toBeDefined());
  return { fake, accounts, inbox, quote, toasts, dialogs, navigation };
}

describe('navigation between the inbox and a quote', () => {
  it('opens a row as a quote with the confirmation asked for, and goes back to the inbox as it was left', async () => {
    const { inbox, quote, navigation } = await setup();
    inbox.typeSearch('Project');
    navigation.openRow(inbox.rowAt(0)!, 'accept');
    expect(navigation.view).toBe('quote');
    expect(navigation.quoteIntent).toBe('accept');
    // Only the reference travels to the bridge, not the row's other fields.
    expect(quote.ref).toEqual({ accountId: 'acme', quoteId: quoteId(1) });

    navigation.closeQuote();
    expect(navigation.view).toBe('inbox');
    expect(navigation.quoteIntent).toBeNull();
    expect(quote.ref).toBeNull();
    expect(inbox.accountId).toBe('acme');
    expect(inbox.searchInput).toBe('Project');
  });

  it('leaves an open quote for the account picked in the sidebar, whose inbox opens from the top', async () => {
    const { inbox, quote, navigation } = await setup();
    inbox.typeSearch('Project');
    navigation.openRow(inbox.rowAt(0)!);
    navigation.selectAccount('north');
    navigation.showChosenInbox();
    expect(navigation.view).toBe('inbox');
    expect(quote.ref).toBeNull();
    expect(inbox.accountId).toBe('north');
    expect(inbox.searchInput).toBe('');

    navigation.selectAllAccounts();
    navigation.showChosenInbox();
    expect(navigation.allAccounts).toBe(true);
    expect(inbox.accountId).toBeNull();
  });
});

describe('navigation from a notification', () => {
  it('opens a quote of another account, selects that account and marks the quote read; back shows its inbox', async () => {
    const { fake, accounts, inbox, quote, navigation } = await setup();
    navigation.followRoute({ view: 'quote', accountId: 'north', quoteId: quoteId(100) });
    expect(navigation.view).toBe('quote');
    expect(accounts.selectedId).toBe('north');
    expect(quote.ref).toEqual({ accountId: 'north', quoteId: quoteId(100) });
    expect(fake.callsOf('notifications.markRead')).toEqual([{ accountId: 'north', quoteIds: [quoteId(100)] }]);

    navigation.showChosenInbox();
    navigation.closeQuote();
    expect(navigation.view).toBe('inbox');
    expect(inbox.accountId).toBe('north');
  });

  it('shows another account filtered to its quotes without the selection change reopening it bare, until the next switch', async () => {
    const { accounts, inbox, dialogs, navigation } = await setup();
    dialogs.showShortcuts();
    navigation.toggleSettings();
    navigation.followRoute({ view: 'inbox', accountId: 'north', quoteIds: [quoteId(100)] });
    expect(dialogs.dialog).toBeNull();
    expect(navigation.view).toBe('inbox');
    expect(accounts.selectedId).toBe('north');
    expect(inbox.accountId).toBe('north');
    expect(inbox.quoteIds).toEqual([quoteId(100)]);

    // The effect sees the selection move to Northwind: the route already showed it, filtered.
    navigation.showChosenInbox();
    expect(inbox.quoteIds).toEqual([quoteId(100)]);

    navigation.selectAccount('acme');
    navigation.showChosenInbox();
    navigation.selectAccount('north');
    navigation.showChosenInbox();
    expect(inbox.accountId).toBe('north');
    expect(inbox.quoteIds).toBeNull();
  });

  it('shows every account for a route without one, and only says so for an account that is gone', async () => {
    const { inbox, toasts, navigation } = await setup();
    navigation.followRoute({ view: 'inbox', accountId: null, quoteIds: [quoteId(2), quoteId(100)] });
    expect(navigation.allAccounts).toBe(true);
    navigation.showChosenInbox();
    expect(inbox.accountId).toBeNull();
    expect(inbox.quoteIds).toEqual([quoteId(2), quoteId(100)]);

    navigation.followRoute({ view: 'inbox', accountId: 'gone', quoteIds: [] });
    expect(toasts.items.map((toast) => toast.message)).toEqual(['That notification is about an account Quotedesk no longer has.']);
    expect(navigation.allAccounts).toBe(true);
    expect(inbox.quoteIds).toEqual([quoteId(2), quoteId(100)]);
  });
});

describe('the webhook activity view', () => {
  it('toggles from the sidebar, reading the log afresh at each opening', async () => {
    const { fake, navigation } = await setup();
    navigation.toggleActivity();
    expect(navigation.view).toBe('activity');
    navigation.toggleActivity();
    expect(navigation.view).toBe('inbox');
    navigation.toggleSettings();
    navigation.toggleActivity();
    expect(navigation.view).toBe('activity');
    expect(fake.callsOf('webhooks.activity')).toHaveLength(2);
  });
});

describe('a quote found across every account (the palette)', () => {
  it('opens through the account on screen when that account sees it too, and the inbox stays there', async () => {
    const { inbox, quote, navigation } = await setup();
    const row = inbox.rowAt(0)!;
    // As an All-accounts answer lists it: another account (an internal key) named first.
    navigation.openFound({ ...row, accountId: 'north', accounts: [{ ...row.accounts[0]!, accountId: 'north' }, { ...row.accounts[0]!, accountId: 'acme' }] });
    expect(quote.ref).toEqual({ accountId: 'acme', quoteId: quoteId(1) });
    navigation.closeQuote();
    expect(inbox.accountId).toBe('acme');
  });

  it('moves the inbox to the row\'s account when the account on screen does not see it', async () => {
    const { inbox, quote, navigation } = await setup();
    const row = inbox.rowAt(0)!;
    navigation.openFound({ ...row, quoteId: quoteId(100), accountId: 'north', accounts: [{ ...row.accounts[0]!, accountId: 'north' }] });
    expect(quote.ref).toEqual({ accountId: 'north', quoteId: quoteId(100) });
    navigation.closeQuote();
    navigation.showChosenInbox();
    expect(inbox.accountId).toBe('north');
  });
});
