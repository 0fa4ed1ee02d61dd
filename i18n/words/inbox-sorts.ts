// The inbox's orders in words (the orders themselves are preload/contract/plain/inbox-sorts.ts,
// re-exported here so the toolbar takes both from one place). Each label is looked up when
// read, so the picker follows a language switch.
import { m } from '../paraglide/messages.js';
import { INBOX_SORT_ORDERS, type InboxSortOrder, type InboxSortValue } from '../../preload/contract/plain/inbox-sorts';

export * from '../../preload/contract/plain/inbox-sorts';

/** An order's name in the picker: "Date", "Value". */
export function sortOrderWords(order: InboxSortOrder): string {
  switch (order) {
    case 'date': return m.common_sort_date();
    case 'due': return m.common_sort_due();
    case 'value': return m.common_sort_value();
    case 'expiry': return m.common_sort_expiry();
    case 'company': return m.common_sort_company();
  }
}

/** The words for a sort value: "Newest first", "Lowest value first". */
export function sortWords(sort: InboxSortValue): string {
  switch (sort) {
    case 'newest': return m.common_sort_newest();
    case 'oldest': return m.common_sort_oldest();
    case 'due': return m.common_sort_due_soonest();
    case 'due-latest': return m.common_sort_due_latest();
    case 'value': return m.common_sort_value_highest();
    case 'value-lowest': return m.common_sort_value_lowest();
    case 'expiry': return m.common_sort_expiring_first();
    case 'expiry-latest': return m.common_sort_expiring_last();
    case 'company': return m.common_sort_company_a_z();
    case 'company-desc': return m.common_sort_company_z_a();
  }
}

/** Each order as the picker offers it, and its reverse, with their words read when read. */
export const INBOX_SORT_PAIRS = INBOX_SORT_ORDERS.map((pair) => ({
  ...pair,
  get label() { return sortOrderWords(pair.order); },
  get forwardWords() { return sortWords(pair.forward); },
  get reverseWords() { return sortWords(pair.reverse); },
}));

/** What "Value" means, for its label's tooltip: amounts are compared within a currency only. */
export function valueSortNote(): string {
  return m.common_sort_value_note();
}

