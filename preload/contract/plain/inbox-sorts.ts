// The inbox's orders, each with its reverse: the contract's InboxSort, the core's index and
// the toolbar's order picker and direction toggle all read this one list. A value names an
// order and its direction at once, so a saved view or a query keeps both in one field, and
// every value a saved view ever held ('newest', 'due', 'value', 'expiry') still means what
// it meant.

/** Each order as the picker offers it, and its reverse. */
export const INBOX_SORT_PAIRS = [
  { order: 'date', label: 'Date', forward: 'newest', reverse: 'oldest', forwardWords: 'Newest first', reverseWords: 'Oldest first' },
  { order: 'due', label: 'Due date', forward: 'due', reverse: 'due-latest', forwardWords: 'Due soonest first', reverseWords: 'Due latest first' },
  { order: 'value', label: 'Value', forward: 'value', reverse: 'value-lowest', forwardWords: 'Highest value first', reverseWords: 'Lowest value first' },
  { order: 'expiry', label: 'Expiry', forward: 'expiry', reverse: 'expiry-latest', forwardWords: 'Expiring first', reverseWords: 'Expiring last' },
  { order: 'company', label: 'Company', forward: 'company', reverse: 'company-desc', forwardWords: 'Company A to Z', reverseWords: 'Company Z to A' },
] as const;

type Pair = (typeof INBOX_SORT_PAIRS)[number];
export type InboxSortValue = Pair['forward'] | Pair['reverse'];
export type InboxSortOrder = Pair['order'];

/** Every sort value: each order forward, then reversed. */
export const INBOX_SORT_VALUES = INBOX_SORT_PAIRS.flatMap((pair) => [pair.forward, pair.reverse]) as [InboxSortValue, ...InboxSortValue[]];

/** What "Value" means, for its label's tooltip: amounts are compared within a currency only. */
export const VALUE_SORT_NOTE = 'Grouped by currency (A to Z), then by amount: pounds, euros and dollars are never compared as plain numbers.';

function pairOf(sort: InboxSortValue): Pair {
  return INBOX_SORT_PAIRS.find((pair) => pair.forward === sort || pair.reverse === sort)!;
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
  const pair = INBOX_SORT_PAIRS.find((each) => each.order === order)!;
  return reversed ? pair.reverse : pair.forward;
}

/** The words for a sort value: "Newest first", "Lowest value first". */
export function sortWords(sort: InboxSortValue): string {
  const pair = pairOf(sort);
  return pair.forward === sort ? pair.forwardWords : pair.reverseWords;
}
