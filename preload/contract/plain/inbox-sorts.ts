// The inbox's orders, each with its reverse: the contract's InboxSort, the core's index and
// the toolbar's order picker and direction toggle all read this one list (its words are
// i18n/words/inbox-sorts.ts). A value names an
// order and its direction at once, so a saved view or a query keeps both in one field, and
// every value a saved view ever held ('newest', 'due', 'value', 'expiry') still means what
// it meant.

/** Each order and its reverse (their words: i18n/words/inbox-sorts.ts). */
export const INBOX_SORT_ORDERS = [
  { order: 'date', forward: 'newest', reverse: 'oldest' },
  { order: 'due', forward: 'due', reverse: 'due-latest' },
  { order: 'value', forward: 'value', reverse: 'value-lowest' },
  { order: 'expiry', forward: 'expiry', reverse: 'expiry-latest' },
  { order: 'company', forward: 'company', reverse: 'company-desc' },
] as const;

type Pair = (typeof INBOX_SORT_ORDERS)[number];
export type InboxSortValue = Pair['forward'] | Pair['reverse'];
export type InboxSortOrder = Pair['order'];

/** Every sort value: each order forward, then reversed. */
export const INBOX_SORT_VALUES = INBOX_SORT_ORDERS.flatMap((pair) => [pair.forward, pair.reverse]) as [InboxSortValue, ...InboxSortValue[]];

function pairOf(sort: InboxSortValue): Pair {
  return INBOX_SORT_ORDERS.find((pair) => pair.forward === sort || pair.reverse === sort)!;
}

/** The order a sort value belongs to ('newest' and 'oldest' are both 'date'). */
export function sortOrderOf(sort: InboxSortValue): InboxSortOrder {
  return pairOf(sort).order;
}

/** Whether the value is its order's reverse ('oldest', 'value-lowest', ...). */
export function isReversed(sort: InboxSortValue): boolean {
  return pairOf(sort).reverse === sort;
}

/** The same order the other way round. */
export function reversedSort(sort: InboxSortValue): InboxSortValue {
  const pair = pairOf(sort);
  return pair.forward === sort ? pair.reverse : pair.forward;
}

/** An order in a direction: its forward value, or its reverse. */
export function sortValueOf(order: InboxSortOrder, reversed: boolean): InboxSortValue {
  const pair = INBOX_SORT_ORDERS.find((each) => each.order === order)!;
  return reversed ? pair.reverse : pair.forward;
}
