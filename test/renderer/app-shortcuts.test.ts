import { afterEach, describe, expect, it } from 'vitest';
import { SEARCH_INPUT_ID } from '../../renderer/src/lib/dom-anchors';
import { handleAppShortcut, type ShortcutContext } from '../../renderer/src/lib/app-shortcuts';
import type { InboxRow } from '../../renderer/src/lib/inbox-bridge';

function row(quoteId: string, needsAction: boolean): InboxRow {
  return {
    accountId: 'acme',
    quoteId,
    quoteNumber: null,
    projectName: null,
    companyName: null,
    referenceNumber: null,
    status: needsAction ? 'SENT' : 'ACCEPTED',
    stage: needsAction ? 'awaiting-decision' : 'accepted',
    needsAction,
    totalAmount: null,
    currency: null,
    quoteDate: null,
    deadlineForQuote: null,
    projectDueDate: null,
    validUntil: null,
    hasDetails: false,
    pdf: 'none',
    accounts: [{ accountId: 'acme', status: needsAction ? 'SENT' : 'ACCEPTED', stage: needsAction ? 'awaiting-decision' : 'accepted', needsAction }],
  };
}

/** An app on its inbox, with rows [awaiting, accepted] and the first one active; every act is written down. */
function app(options: { dialogOpen?: boolean; inboxView?: boolean; scopeChosen?: boolean; activeRow?: number; searchInput?: string } = {}) {
  const rows = [row('q-1', true), row('q-2', false)];
  const acts: string[] = [];
  const context: ShortcutContext = {
    dialogOpen: options.dialogOpen ?? false,
    inboxView: options.inboxView ?? true,
    scopeChosen: options.scopeChosen ?? true,
    inbox: {
      activeRow: options.activeRow ?? 0,
      searchInput: options.searchInput ?? '',
      rowAt: (index) => rows[index],
      moveRow: (delta) => void acts.push(`move ${delta}`),
      refresh: async () => void acts.push('refresh'),
      clearSearch: () => void acts.push('clear search'),
    },
    showHelp: () => void acts.push('help'),
    openPalette: () => void acts.push('palette'),
    selectAccountAt: (index) => void acts.push(`account ${index}`),
    selectAllAccounts: () => void acts.push('all accounts'),
    decide: (decided, intent) => void acts.push(`${intent} ${decided.quoteId}`),
    toggleRead: (toggled) => void acts.push(`toggle read ${toggled.quoteId}`),
    snooze: (snoozed) => void acts.push(`snooze ${snoozed.quoteId}`),
  };
  return { context, acts };
}

/** A quote table with a focusable row, and a search box, as the inbox puts them on the page. */
function page() {
  document.body.innerHTML = `
    <input id="${SEARCH_INPUT_ID}" type="search">
    <div data-quote-table><div role="row" tabindex="0"></div></div>
    <select><option>Any</option></select>`;
  return {
    tableRow: document.querySelector<HTMLElement>('[role="row"]')!,
    search: document.getElementById(SEARCH_INPUT_ID) as HTMLInputElement,
    select: document.querySelector('select')!,
  };
}

/** Presses `key` on `target` and hands the press to the shortcuts; true when they took it. */
function press(context: ShortcutContext, key: string, target: EventTarget = document.body, init: KeyboardEventInit = {}): boolean {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  handleAppShortcut(event, context);
  return event.defaultPrevented;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('window shortcuts on the inbox', () => {
  it('go to the first and last quote with Home and End on the table, and leave them to the page elsewhere', () => {
    const { tableRow } = page();
    const { context, acts } = app();
    expect(press(context, 'Home', tableRow)).toBe(true);
    expect(press(context, 'End', tableRow)).toBe(true);
    expect(press(context, 'End')).toBe(false);
    expect(acts).toEqual(['move -Infinity', 'move Infinity']);
  });

  it('open the palette with Ctrl or Cmd+K and switch accounts with Ctrl or Cmd+digit, even from the search box', () => {
    const { search } = page();
    const { context, acts } = app();
    expect(press(context, 'k', search, { ctrlKey: true })).toBe(true);
    expect(press(context, 'k', document.body, { metaKey: true })).toBe(true);
    expect(press(context, '3', document.body, { ctrlKey: true })).toBe(true);
    expect(press(context, '0', search, { metaKey: true })).toBe(true);
    // Not with Alt or Shift as well (those are other apps' keys), and not behind a dialog.
    expect(press(context, 'k', document.body, { ctrlKey: true, altKey: true })).toBe(false);
    expect(acts).toEqual(['palette', 'palette', 'account 2', 'all accounts']);
    const { context: behindDialog, acts: none } = app({ dialogOpen: true });
    expect(press(behindDialog, 'k', document.body, { ctrlKey: true })).toBe(false);
    expect(none).toEqual([]);
  });

  it('move through the rows with j and k anywhere, and with the arrows only on the table', () => {
    const { tableRow } = page();
    const { context, acts } = app();
    expect(press(context, 'j')).toBe(true);
    expect(press(context, 'k')).toBe(true);
    expect(press(context, 'ArrowDown')).toBe(false);
    expect(press(context, 'ArrowUp')).toBe(false);
    expect(press(context, 'ArrowDown', tableRow)).toBe(true);
    expect(press(context, 'ArrowUp', tableRow)).toBe(true);
    expect(acts).toEqual(['move 1', 'move -1', 'move 1', 'move -1']);
  });

  it('focus the search with /, refresh with r, and toggle the active row read with u', () => {
    const { search } = page();
    const { context, acts } = app();
    expect(press(context, '/')).toBe(true);
    expect(document.activeElement).toBe(search);
    search.blur();
    expect(press(context, 'r')).toBe(true);
    expect(press(context, 'u')).toBe(true);
    expect(acts).toEqual(['refresh', 'toggle read q-1']);
  });

  it('take u without acting when no row is active', () => {
    page();
    const { context, acts } = app({ activeRow: -1 });
    expect(press(context, 'u')).toBe(true);
    expect(acts).toEqual([]);
  });

  it('clear the search with Escape only while there is one', () => {
    page();
    const empty = app();
    expect(press(empty.context, 'Escape')).toBe(false);
    expect(empty.acts).toEqual([]);
    const searching = app({ searchInput: 'Annual' });
    expect(press(searching.context, 'Escape')).toBe(true);
    expect(searching.acts).toEqual(['clear search']);
  });

  it('open the decision with a and d on the table, only for a row that awaits one', () => {
    const { tableRow } = page();
    const awaiting = app();
    expect(press(awaiting.context, 'a', tableRow)).toBe(true);
    expect(press(awaiting.context, 'd', tableRow)).toBe(true);
    expect(press(awaiting.context, 'a')).toBe(false);
    expect(awaiting.acts).toEqual(['accept q-1', 'decline q-1']);

    const decided = app({ activeRow: 1 });
    expect(press(decided.context, 'a', tableRow)).toBe(false);
    expect(decided.acts).toEqual([]);
  });
  it('snooze the active quote with s on the table, whatever its status, and not from elsewhere', () => {
    const { tableRow } = page();
    const decided = app({ activeRow: 1 });
    expect(press(decided.context, 's', tableRow)).toBe(true);
    expect(press(decided.context, 's')).toBe(false);
    expect(press(app({ inboxView: false }).context, 's', tableRow)).toBe(false);
    expect(decided.acts).toEqual(['snooze q-2']);
  });
});

describe('window shortcuts elsewhere', () => {
  it('open the help with ? on any page, but act on the inbox only while it is shown', () => {
    const { tableRow } = page();
    for (const { context, acts } of [app({ inboxView: false }), app({ scopeChosen: false })]) {
      for (const key of ['j', 'r', '/', 'u']) expect(press(context, key)).toBe(false);
      expect(press(context, '?')).toBe(true);
      expect(acts).toEqual(['help']);
    }
    // A quote, Settings or the activity log on screen: the inbox's row no longer decides.
    expect(press(app({ inboxView: false }).context, 'a', tableRow)).toBe(false);
  });

  it('leave keys to an open dialog or menu, to typing, and to key combinations', () => {
    const { search, select } = page();
    const { context, acts } = app();
    expect(press(context, 'j', search)).toBe(false);
    expect(press(context, 'j', document.body, { ctrlKey: true })).toBe(false);
    expect(press(app({ dialogOpen: true }).context, '?')).toBe(false);
    const menu = document.createElement('div');
    menu.setAttribute('role', 'menu');
    document.body.append(menu);
    expect(press(context, 'j')).toBe(false);
    menu.remove();
    expect(acts).toEqual([]);

    // A select keeps its arrows, but the letter shortcuts still work from it.
    expect(press(context, 'ArrowDown', select)).toBe(false);
    expect(press(context, 'j', select)).toBe(true);
    expect(acts).toEqual(['move 1']);
  });

  it('leave a key another handler already took', () => {
    page();
    const { context, acts } = app();
    const event = new KeyboardEvent('keydown', { key: 'j', cancelable: true });
    event.preventDefault();
    handleAppShortcut(event, context);
    expect(acts).toEqual([]);
  });
});
