// The few places where code outside a component reaches into its markup (the window's
// shortcuts, focus after a removal). The component and that code share these names here, so
// state and shortcuts never import a component to find them.

/** The inbox's search field: the shortcut `/` focuses it. */
export const SEARCH_INPUT_ID = 'quote-search';

/** Whether a key press happened on the quote table (its rows), where arrows move the row focus. */
export function isInQuoteTable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-quote-table]') !== null;
}

/** Focuses the account's button in the sidebar; "Add account" when it (or any account) is gone. */
export function focusSidebarAccount(id: string | null): void {
  const nav = document.querySelector('[data-sidebar]');
  if (!nav) return;
  const buttons = Array.from(nav.querySelectorAll<HTMLButtonElement>('button.account[data-account-id]'));
  const target = buttons.find((button) => button.dataset.accountId === id) ?? buttons[0];
  (target ?? nav.querySelector<HTMLButtonElement>('[data-add-account]'))?.focus();
}
