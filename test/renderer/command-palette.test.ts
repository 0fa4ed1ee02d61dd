import { fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { makeDetails } from './quote/pricing-fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

function fake() {
  const wanted = makeQuote({ id: quoteId(7), projectName: 'Safety sheets', quoteNumber: 'Q-2025-0777' });
  return new FakeBridge({
    accounts: [acme, north],
    quotes: { acme: [makeQuote({ id: quoteId(1), projectName: 'Website relaunch' })], north: [wanted] },
    details: { [wanted.id]: makeDetails({ id: wanted.id, projectName: 'Safety sheets', quoteNumber: 'Q-2025-0777' }) },
  });
}

async function openPalette() {
  await screen.findByRole('table', { name: 'Quotes' });
  await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
  const dialog = await screen.findByRole('dialog', { name: 'Go to or do' });
  const input = within(dialog).getByRole('combobox', { name: 'Search quotes, accounts and commands' });
  return { dialog, input, listbox: within(dialog).getByRole('listbox', { name: 'Results' }) };
}

const selectedOption = (listbox: HTMLElement) => within(listbox).getAllByRole('option').find((option) => option.getAttribute('aria-selected') === 'true');

describe('the command palette', () => {
  it('finds a quote of any account by its number through the inbox search and opens it with Enter', async () => {
    const bridge = fake();
    renderApp(bridge);
    const { input, listbox } = await openPalette();
    expect(document.activeElement).toBe(input);
    await fireEvent.input(input, { target: { value: '0777' } });
    const option = await within(listbox).findByRole('option', { name: /Safety sheets/ });
    expect(option.textContent).toContain('Q-2025-0777');
    expect(option.textContent).toContain('Northwind');
    // The search goes over every account (no accountId), as the inbox's own search would.
    expect(bridge.callsOf('inbox.query').some((call) => (call as { search?: string; accountId?: string }).search === '0777' && !('accountId' in (call as object)))).toBe(true);
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('heading', { level: 2, name: 'Safety sheets' })).toBeTruthy();
  });

  it('moves through accounts and commands with the arrows, and runs the chosen one', async () => {
    const bridge = fake();
    renderApp(bridge);
    const { input, listbox } = await openPalette();
    await fireEvent.input(input, { target: { value: 'north' } });
    await waitFor(() => expect(selectedOption(listbox)?.textContent).toContain('Northwind'));
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Northwind' })).toBeTruthy());

    const again = await openPalette();
    await fireEvent.input(again.input, { target: { value: 'sync' } });
    await waitFor(() => expect(selectedOption(again.listbox)?.textContent).toContain('Sync now'));
    await fireEvent.keyDown(again.input, { key: 'ArrowDown' });
    await fireEvent.keyDown(again.input, { key: 'ArrowUp' });
    expect(selectedOption(again.listbox)?.textContent).toContain('Sync now');
    await fireEvent.keyDown(again.input, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsOf('sync.refresh')).toEqual([{ accountId: 'north' }]));
  });

  it('says when nothing matches, and Escape closes it', async () => {
    renderApp(fake());
    const { input, dialog } = await openPalette();
    await fireEvent.input(input, { target: { value: 'zzzz-nothing' } });
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toContain('Nothing matches “zzzz-nothing”.'));
    await fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('switches accounts with Ctrl+digit and shows All accounts with Ctrl+0', async () => {
    renderApp(fake());
    await screen.findByRole('table', { name: 'Quotes' });
    await fireEvent.keyDown(window, { key: '2', ctrlKey: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Northwind' })).toBeTruthy());
    await fireEvent.keyDown(window, { key: '0', metaKey: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'All accounts' })).toBeTruthy());
    await fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Acme Localisation' })).toBeTruthy());
  });

  it("shows each account's own Ctrl+digit when filtered, not its place in the filtered list", async () => {
    const lumen = makeAccount({ id: 'lumen', name: 'Lumen Games Inc' });
    renderApp(new FakeBridge({ accounts: [acme, north, lumen], quotes: { acme: [makeQuote()], north: [makeQuote()], lumen: [makeQuote()] } }));
    const { input, listbox } = await openPalette();
    await fireEvent.input(input, { target: { value: 'lumen' } });
    const option = await within(listbox).findByRole('option', { name: /Lumen Games Inc/ });
    expect(option.textContent).toMatch(/(Ctrl\+|⌘)3/);
    expect(option.textContent).not.toMatch(/(Ctrl\+|⌘)1/);
  });

  it('names a company once when it is called like its account', async () => {
    const kestrel = makeAccount({ id: 'kestrel', name: 'Kestrel Fintech Ltd' });
    const quote = makeQuote({ id: quoteId(91), projectName: 'App strings', quoteNumber: 'Q-2026-0091', companyName: 'Kestrel Fintech Ltd' });
    renderApp(new FakeBridge({ accounts: [kestrel], quotes: { kestrel: [quote] } }));
    const { input, listbox } = await openPalette();
    await fireEvent.input(input, { target: { value: '0091' } });
    const option = await within(listbox).findByRole('option', { name: /App strings/ });
    expect(option.querySelector('.detail')?.textContent).toBe('Q-2026-0091 · Kestrel Fintech Ltd');
  });

  it('switches to the dark theme when "dark" is typed', async () => {
    renderApp(fake());
    const { input, listbox } = await openPalette();
    await fireEvent.input(input, { target: { value: 'dark' } });
    await waitFor(() => expect(selectedOption(listbox)?.textContent).toContain('Dark theme'));
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
  });
});
