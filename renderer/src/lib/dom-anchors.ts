// The few places where code outside a component reaches into its markup (the window's
// shortcuts, focus after a removal). The component and that code share these names here, so
// state and shortcuts never import a component to find them.

/** The inbox's search field: the shortcut `/` focuses it. */
export const SEARCH_INPUT_ID = 'quote-search';

/** Whether a key press happened on the quote table (its rows), where arrows move the row focus. */
export function isInQuoteTable(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-quote-table]') !== null;
}

/** Whether a key press happened in the reading pane beside the list (the quote the active row shows). */
export function isInReadingPane(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[data-reading-pane]') !== null;
}

/**
 * Puts the keyboard on a row of the quote table (after a decision moved the active row on),
 * unless the person is typing or a dialog holds the keyboard.
 */
export function focusQuoteRow(index: number): void {
  const active = document.activeElement;
  if (index < 0 || active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active?.closest('[aria-modal="true"]')) return;
  document.querySelector<HTMLElement>(`[data-quote-table] [data-row-index="${index}"]`)?.focus({ preventScroll: true });
}

/** Focuses the account's button in the sidebar; "Add account" when it (or any account) is gone. */
export function focusSidebarAccount(id: string | null): void {
  const nav = document.querySelector('[data-sidebar]');
  if (!nav) return;
  const buttons = Array.from(nav.querySelectorAll<HTMLButtonElement>('button.account[data-account-id]'));
  const target = buttons.find((button) => button.dataset.accountId === id) ?? buttons[0];
  (target ?? nav.querySelector<HTMLButtonElement>('[data-add-account]'))?.focus();
}
