// Saved views and the last view (issue 18), over the fake bridge whose views live in main's
// own store (main/core/views over settings in memory): the last view comes back in a new
// window with empty page storage (browser mode's new origin at each launch), an account
// that was removed falls back to All accounts and says so, and a view is saved from the
// filter bar (named in a dialog that refuses an empty or taken name), opened from the
// sidebar and the palette, renamed and deleted.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { ViewQuery } from '../../preload/contract';
import type { ViewQueryInput } from '../../preload/contract';
import { FakeBridge } from './fake-bridge';
import { makeAccount, makeQuote, quoteId } from './fixtures';
import { renderApp } from './render-app';

const acme = makeAccount({ id: 'acme', name: 'Acme Localisation' });
const north = makeAccount({ id: 'north', name: 'Northwind' });

/** Acme's key sees 4 quotes (2 of Globex, one of them a website), Northwind's 2 (one a website of Globex). */
function fake() {
  return new FakeBridge({
    accounts: [acme, north],
    quotes: {
      acme: [
        makeQuote({ id: quoteId(1), projectName: 'Website relaunch', companyName: 'Globex' }),
        makeQuote({ id: quoteId(2), projectName: 'Catalogue', companyName: 'Globex' }),
        makeQuote({ id: quoteId(3), projectName: 'Website copy', companyName: 'Initech' }),
        makeQuote({ id: quoteId(4), projectName: 'Legal terms', companyName: 'Initech' }),
      ],
      north: [makeQuote({ id: quoteId(5), projectName: 'Website shop', companyName: 'Globex' }), makeQuote({ id: quoteId(6), projectName: 'Brochure', companyName: 'Initech' })],
    },
  });
}

const view = (input: Partial<ViewQueryInput> = {}) => ViewQuery.parse({ accountId: null, ...input });
const globexSites = view({ search: 'Website', filters: { companies: ['Globex'] } });

async function expectCount(text: string) {
  await waitFor(() => expect(screen.getByTestId('quote-count').textContent).toBe(text));
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent?.trim();
const searchBox = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search quotes' });
const sidebar = () => within(screen.getByRole('navigation'));

describe('the last view', () => {
  it('comes back in a new window with empty page storage, and each change is remembered in main', async () => {
    const bridge = fake();
    bridge.views.remember(globexSites);
    renderApp(bridge);
    await expectCount('2 quotes');
    expect(heading()).toBe('All accounts');
    expect(searchBox().value).toBe('Website');
    expect(screen.getByRole('button', { name: /Remove filter: Company Globex/ })).toBeTruthy();

    // A change is written down a moment later (through the bridge: main keeps it).
    await fireEvent.click(screen.getByRole('button', { name: /Remove filter: Company Globex/ }));
    await expectCount('3 quotes');
    await waitFor(() => expect(bridge.views.last()).toEqual(view({ search: 'Website' })), { timeout: 4000 });
    await fireEvent.click(document.querySelector<HTMLButtonElement>('button[data-account-id="north"]')!);
    await expectCount('2 quotes');
    await fireEvent.input(searchBox(), { target: { value: 'Website' } });
    await expectCount('1 quote');
    await waitFor(() => expect(bridge.views.last()).toEqual(view({ accountId: 'north', search: 'Website' })), { timeout: 4000 });

    // A restart: a new window, its storage empty; main still has the view.
    cleanup();
    renderApp(bridge);
    await waitFor(() => expect(heading()).toBe('Northwind'));
    await expectCount('1 quote');
    expect(searchBox().value).toBe('Website');
  });

  it('does not undo an account the person chose before it arrived', async () => {
    const bridge = fake();
    bridge.views.remember(globexSites);
    const release = bridge.holdNext('views.list');
    renderApp(bridge);
    await expectCount('4 quotes');
    await fireEvent.click(document.querySelector<HTMLButtonElement>('button[data-account-id="north"]')!);
    await expectCount('2 quotes');
    release();
    await waitFor(() => expect(bridge.views.last()).toEqual(view({ accountId: 'north' })), { timeout: 4000 });
    expect(heading()).toBe('Northwind');
    expect(searchBox().value).toBe('');
  });

  it('waits for the accounts when they could not be read, and comes back once they are', async () => {
    const bridge = fake();
    bridge.views.remember(globexSites);
    bridge.failNext('accounts.list', { message: 'The app host is busy.' });
    renderApp(bridge);
    await screen.findByRole('button', { name: 'Retry' });
    // Nothing on screen to remember meanwhile: the view kept in main is not overwritten.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bridge.callsOf('views.remember')).toEqual([]);
    await fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await expectCount('2 quotes');
    expect(heading()).toBe('All accounts');
    expect(searchBox().value).toBe('Website');
    expect(bridge.views.last()).toEqual(globexSites);
  });

  it("of an account that was removed opens All accounts and says so", async () => {
    const bridge = fake();
    bridge.views.remember(view({ accountId: 'gone', search: 'Website' }));
    renderApp(bridge);
    await expectCount('3 quotes');
    expect(heading()).toBe('All accounts');
    expect(searchBox().value).toBe('Website');
    expect((await screen.findByText(/last on an account Quotedesk no longer has: showing All accounts/)).textContent).toBeTruthy();
  });
});

describe('saved views', () => {
  it('are saved from the filter bar in a dialog that refuses an empty or taken name, and open from the sidebar', async () => {
    const bridge = fake();
    renderApp(bridge);
    await expectCount('4 quotes');
    // Nothing cut: nothing worth saving.
    expect(screen.queryByRole('button', { name: 'Save view' })).toBeNull();
    await fireEvent.input(searchBox(), { target: { value: 'Website' } });
    await expectCount('2 quotes');

    await fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    let dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const name = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(document.activeElement).toBe(name);
    expect(dialog.textContent).toContain('Acme Localisation · “Website”');
    await fireEvent.submit(name.form!);
    expect(within(dialog).getByRole('alert').textContent).toBe('Give the view a name.');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await fireEvent.input(name, { target: { value: ' Acme sites ' } });
    await fireEvent.submit(name.form!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.views.list().map((each) => each.name)).toEqual(['Acme sites']);
    const saved = await sidebar().findByRole('button', { name: /^Acme sites \(2 quotes\)$/ });
    expect(saved.getAttribute('aria-current')).toBe('true');

    // The same name in another case is taken; Escape leaves without saving.
    await fireEvent.click(screen.getByRole('button', { name: 'Save view' }));
    dialog = await screen.findByRole('dialog', { name: 'Save view' });
    const again = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    await fireEvent.input(again, { target: { value: 'ACME SITES' } });
    await fireEvent.submit(again.form!);
    expect(within(dialog).getByRole('alert').textContent).toBe('A view named "ACME SITES" already exists: choose another name.');
    await fireEvent.keyDown(again, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.views.list()).toHaveLength(1);

    // Elsewhere, then the view again from the sidebar: its account and its search.
    await fireEvent.click(document.querySelector<HTMLButtonElement>('button[data-account-id="north"]')!);
    await expectCount('2 quotes');
    expect(searchBox().value).toBe('');
    expect(saved.getAttribute('aria-current')).toBeNull();
    await fireEvent.click(saved);
    await waitFor(() => expect(heading()).toBe('Acme Localisation'));
    expect(searchBox().value).toBe('Website');
    await expectCount('2 quotes');
  });

  it('open from the palette by name, are renamed and deleted from their menu', async () => {
    const bridge = fake();
    bridge.views.save('Globex websites', globexSites);
    renderApp(bridge);
    await expectCount('4 quotes');
    const listed = await sidebar().findByRole('button', { name: /^Globex websites \(2 quotes\)$/ });
    expect(listed).toBeTruthy();

    await fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const palette = await screen.findByRole('dialog', { name: 'Go to or do' });
    const input = within(palette).getByRole('combobox');
    await fireEvent.input(input, { target: { value: 'globex web' } });
    const option = await within(palette).findByRole('option', { name: /View\s*Globex websites/ });
    expect(input.getAttribute('aria-activedescendant')).toBe(option.id);
    await fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(heading()).toBe('All accounts'));
    expect(searchBox().value).toBe('Website');
    await expectCount('2 quotes');

    await fireEvent.click(sidebar().getByRole('button', { name: 'Actions for view Globex websites' }));
    await fireEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename view' });
    const name = within(rename).getByRole<HTMLInputElement>('textbox', { name: 'Name' });
    expect(name.value).toBe('Globex websites');
    await fireEvent.input(name, { target: { value: 'Globex sites' } });
    await fireEvent.submit(name.form!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await sidebar().findByRole('button', { name: /^Globex sites \(2 quotes\)$/ })).toBeTruthy();
    expect(bridge.views.list().map((each) => each.name)).toEqual(['Globex sites']);

    await fireEvent.click(sidebar().getByRole('button', { name: 'Actions for view Globex sites' }));
    await fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the view “Globex sites”?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Delete view' }));
    await waitFor(() => expect(sidebar().queryByRole('button', { name: /Globex sites/ })).toBeNull());
    expect(bridge.views.list()).toEqual([]);
  });

  it("of an account that was removed opens All accounts and says so", async () => {
    const bridge = fake();
    bridge.views.save('Old client', view({ accountId: 'gone', search: 'Website' }));
    renderApp(bridge);
    await expectCount('4 quotes');
    await fireEvent.click(await sidebar().findByRole('button', { name: /^Old client/ }));
    await waitFor(() => expect(heading()).toBe('All accounts'));
    expect(searchBox().value).toBe('Website');
    expect((await screen.findByText(/“Old client” was for an account Quotedesk no longer has: showing All accounts/)).textContent).toBeTruthy();
  });
});
