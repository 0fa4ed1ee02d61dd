// A quote's last list item is stored once: the fields the inbox columns already hold are not
// written again as JSON. What the columns cannot give back exactly (the description, the
// company id, the service's timestamps, unknown fields, a value the details have since
// moved past) is kept in `list_rest`, with the column fields the item did not have at all,
// so the item read back is the one that was stored.
import type { QuoteColumns } from './types';

/** Fields of a list item that are also inbox columns, by their name in both. */
const COLUMN_FIELDS = ['quoteNumber', 'projectName', 'status', 'companyName', 'referenceNumber', 'quoteDate', 'deadlineForQuote', 'projectDueDate', 'validUntil'] as const;
/** In `list_rest`: column fields the item did not have (absent, not null). */
const ABSENT = '~absent';
/** Every field the row itself gives back (checked for absence in each item). */
const ROW_FIELDS = [...COLUMN_FIELDS, 'totalPrice', 'id'] as const;
const COLUMN_FIELD_SET: ReadonlySet<string> = new Set(COLUMN_FIELDS);

type Item = Record<string, unknown>;

/** The JSON of what `item` holds beyond `columns` (and its quote id). */
export function listRest(item: Item, quoteId: string, columns: QuoteColumns): string {
  const rest: Item = {};
  const absent: string[] = [];
  for (const field of ROW_FIELDS) if (!(field in item) || item[field] === undefined) absent.push(field);
  for (const [field, value] of Object.entries(item)) {
    if (value === undefined) continue;
    if (field === 'id' ? value === quoteId : field === 'totalPrice' ? sameMoney(value, columns) : isColumnField(field) && value === columns[field]) continue;
    rest[field] = value;
  }
  if (absent.length > 0) rest[ABSENT] = absent;
  return JSON.stringify(rest);
}

/** The list item back from its columns and rest. */
export function listItem(quoteId: string, columns: QuoteColumns, rest: string): Item {
  const item: Item = { id: quoteId };
  for (const field of COLUMN_FIELDS) item[field] = columns[field];
  item.totalPrice = columns.totalAmount === null && columns.currency === null ? null : { amount: columns.totalAmount, currency: columns.currency };
  const extra = JSON.parse(rest) as Item;
  for (const field of (extra[ABSENT] as string[] | undefined) ?? []) delete item[field];
  delete extra[ABSENT];
  return Object.assign(item, extra);
}

function isColumnField(field: string): field is (typeof COLUMN_FIELDS)[number] {
  return COLUMN_FIELD_SET.has(field);
}

function sameMoney(value: unknown, columns: QuoteColumns): boolean {
  if (value === null) return columns.totalAmount === null && columns.currency === null;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  const money = value as Item;
  return Object.keys(money).length === 2 && typeof money.amount === 'number' && money.amount === columns.totalAmount && money.currency === columns.currency;
}
