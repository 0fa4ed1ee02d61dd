// What changed between two versions of a quote, as the revision-diff view needs it, and the
// pure presentation over it (ordering by impact, the one-line summary). The core's cache
// computes its own diff model; the app adapts it to RevisionDiff before showing it.
import type { QuoteDetailView } from '../../../preload/contract/bridge/inbox';
import type { QuoteStatus } from '../../../preload/contract/plain/statuses';
import { formatSignedAmount } from './money';
import { m } from '../../../i18n/paraglide/messages.js';
import { uiLocale } from './i18n/locale.svelte';

/** Where a line item sits in the pricing tree, and which item it is. */
export interface LineItemKey {
  team: string;
  service: string;
  targetMarket: string;
  itemName: string;
  unit: string;
}

export interface LineItemAmounts {
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

export type LineItemChange =
  | { kind: 'added'; key: LineItemKey; after: LineItemAmounts }
  | { kind: 'removed'; key: LineItemKey; before: LineItemAmounts }
  | { kind: 'repriced'; key: LineItemKey; before: LineItemAmounts; after: LineItemAmounts };

/** A total before and after; null when that version had no such total (a team that is new). */
export interface TotalChange {
  label: string;
  before: number | null;
  after: number | null;
}

/** The plain fields whose change matters to a decision. */
export type DiffField =
  | 'status'
  | 'quoteDate'
  | 'validUntil'
  | 'deadlineForQuote'
  | 'projectDueDate'
  | 'quoteExpiryDate'
  | 'poNumber'
  | 'poRequired';

export type FieldValue = string | boolean | null;

export interface FieldChange {
  field: DiffField;
  before: FieldValue;
  after: FieldValue;
}

/**
 * A version of the quote this computer kept. It is named by when it was first seen here, never
 * by a number: the service has no revision field (only its summary may say one), and counting
 * the versions kept here would contradict it (a status change is a new version, too).
 */
export interface VersionInfo {
  /** When this version was first seen here (ISO date-time), if known. */
  at: string | null;
  status?: QuoteStatus;
}

export interface RevisionDiff {
  currency: string;
  from: VersionInfo;
  to: VersionInfo;
  /** The quote's overall total. */
  total: { before: number | null; after: number | null };
  /** Per team, in the order the newer version lists them. */
  teams: TotalChange[];
  lineItems: LineItemChange[];
  fields: FieldChange[];
}

/** A changed field's name, in the UI's language. */
export function fieldLabel(field: DiffField): string {
  switch (field) {
    case 'status':
      return m.quote_diff_field_status();
    case 'quoteDate':
      return m.quote_diff_field_quote_date();
    case 'validUntil':
      return m.quote_diff_field_valid_until();
    case 'deadlineForQuote':
      return m.quote_diff_field_deadline();
    case 'projectDueDate':
      return m.quote_diff_field_project_due();
    case 'quoteExpiryDate':
      return m.quote_diff_field_expiry();
    case 'poNumber':
      return m.quote_diff_field_po_number();
    case 'poRequired':
      return m.quote_diff_field_po_required();
  }
}

/** How much a line item change moves the total: + when it costs more. */
export function impactOf(change: LineItemChange): number {
  if (change.kind === 'added') return change.after.totalPrice;
  if (change.kind === 'removed') return -change.before.totalPrice;
  return change.after.totalPrice - change.before.totalPrice;
}

/** Which of quantity, unit price and total moved in a repriced item. */
export function movedParts(change: LineItemChange): ('quantity' | 'unitPrice' | 'totalPrice')[] {
  if (change.kind !== 'repriced') return [];
  return (['quantity', 'unitPrice', 'totalPrice'] as const).filter((part) => change.before[part] !== change.after[part]);
}

/** Biggest effect on the price first; equal effects keep a stable, readable order. */
export function sortByImpact(changes: readonly LineItemChange[]): LineItemChange[] {
  return [...changes].sort(
    (a, b) =>
      Math.abs(impactOf(b)) - Math.abs(impactOf(a)) ||
      a.key.team.localeCompare(b.key.team) ||
      a.key.service.localeCompare(b.key.service) ||
      a.key.targetMarket.localeCompare(b.key.targetMarket) ||
      a.key.itemName.localeCompare(b.key.itemName),
  );
}

export type Direction = 'up' | 'down' | 'same' | 'unknown';

export interface DiffPresentation {
  direction: Direction;
  /** "+€1,240.00 (+8%)", "−€80.00 (−2%)", "No change in total", or null when a total is missing. */
  totalChange: string | null;
  /** "3 items repriced, 1 added", or "No line item changed". */
  itemCounts: string;
  /** Both joined: the sentence a screen reader and the header show. */
  summary: string;
  /**
   * Only the status moved (no price, line item, team total, date or PO change): a status
   * change, not a revision, and headed as one.
   */
  statusOnly: boolean;
  items: LineItemChange[];
  /** Teams whose total moved, biggest move first. */
  teams: (TotalChange & { delta: number | null })[];
  fields: FieldChange[];
}

function percent(delta: number, before: number, locale?: string): string {
  const ratio = delta / before;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: Math.abs(ratio) < 0.01 ? 1 : 0, signDisplay: 'exceptZero' }).format(ratio);
}

/** The line item counts, or null when no line item changed. */
function countWords(items: readonly LineItemChange[]): string | null {
  const counts = { repriced: 0, added: 0, removed: 0 };
  for (const item of items) counts[item.kind] += 1;
  const parts: string[] = [];
  // The first count names the items; the ones after it leave them implied.
  if (counts.repriced) parts.push(m.quote_diff_repriced({ count: counts.repriced }));
  if (counts.added) parts.push(parts.length ? m.quote_diff_added_more({ count: counts.added }) : m.quote_diff_added({ count: counts.added }));
  if (counts.removed) parts.push(parts.length ? m.quote_diff_removed_more({ count: counts.removed }) : m.quote_diff_removed({ count: counts.removed }));
  return parts.length ? new Intl.ListFormat(uiLocale(), { type: 'unit', style: 'short' }).format(parts) : null;
}

export function presentRevisionDiff(diff: RevisionDiff, locale?: string): DiffPresentation {
  const { before, after } = diff.total;
  let direction: Direction = 'unknown';
  let totalChange: string | null = null;
  if (before !== null && after !== null) {
    const delta = after - before;
    direction = Math.abs(delta) < 0.005 ? 'same' : delta > 0 ? 'up' : 'down';
    if (direction === 'same') totalChange = m.quote_diff_no_total_change();
    else {
      const amount = formatSignedAmount(delta, diff.currency, locale);
      totalChange = before > 0 ? `${amount} (${percent(delta, before, locale)})` : amount;
    }
  }
  const counted = countWords(diff.lineItems);
  const itemCounts = counted ?? m.quote_diff_no_item_changed();
  const teams = diff.teams
    .map((team) => ({ ...team, delta: team.before !== null && team.after !== null ? team.after - team.before : null }))
    .filter((team) => team.delta === null || Math.abs(team.delta) >= 0.005)
    .sort((a, b) => Math.abs(b.delta ?? b.after ?? b.before ?? 0) - Math.abs(a.delta ?? a.after ?? a.before ?? 0));
  const fields = diff.fields.filter((field) => field.before !== field.after);
  const statusOnly =
    direction !== 'up' && direction !== 'down' && diff.lineItems.length === 0 && teams.length === 0 && fields.length > 0 && fields.every((field) => field.field === 'status');
  return {
    direction,
    totalChange,
    itemCounts,
    statusOnly,
    // One sentence: after the total's words the counts go on (in lower case, where the language has it).
    summary: totalChange ? m.quote_diff_summary({ total: totalChange, items: counted ?? m.quote_diff_no_item_changed_after() }) : itemCounts,
    items: sortByImpact(diff.lineItems),
    teams,
    fields,
  };
}

/** The cache's diff between a quote's last two kept versions, as `quotes.detail` sends it. */
export type CachedDiff = NonNullable<QuoteDetailView['diff']>;

/** Timeline dates the cache compares beside the quote's own; each maps to the view's field. */
const DATE_FIELD_NAMES: Readonly<Record<string, DiffField>> = {
  quoteDate: 'quoteDate',
  validUntil: 'validUntil',
  deadlineForQuote: 'deadlineForQuote',
  projectDueDate: 'projectDueDate',
  'timeline.quoteExpiryDate': 'quoteExpiryDate',
  'timeline.projectDueDate': 'projectDueDate',
};
const PO_FIELD_NAMES: Readonly<Record<string, DiffField>> = { poNumber: 'poNumber', poRequired: 'poRequired' };

/**
 * The quote view's RevisionDiff from the cache's model: the last two kept versions, by when
 * each was first seen here; the overall total is the cache's team-less total, a changed line is "repriced",
 * and a date the cache saw twice (the quote's and its timeline's) is said once. Null when
 * there is no previous version.
 */
export function fromCachedDiff(view: Pick<QuoteDetailView, 'diff' | 'revisions' | 'details'>): RevisionDiff | null {
  const { diff, revisions, details } = view;
  const previous = revisions.at(-2);
  const latest = revisions.at(-1);
  if (!diff || !previous || !latest) return null;
  const overall = diff.totals.find((total) => total.team === null);
  const currency = details?.totalPrice?.currency ?? overall?.currency ?? latest.total?.currency ?? previous.total?.currency ?? 'EUR';
  const fields: FieldChange[] = [];
  if (diff.status) fields.push({ field: 'status', before: diff.status.before, after: diff.status.after });
  for (const change of diff.dates) {
    const field = DATE_FIELD_NAMES[change.field];
    if (field && !fields.some((known) => known.field === field)) fields.push({ field, before: change.before, after: change.after });
  }
  for (const change of diff.po) {
    const field = PO_FIELD_NAMES[change.field];
    if (field) fields.push({ field, before: change.before, after: change.after });
  }
  const at = (epochMs: number) => new Date(epochMs).toISOString();
  return {
    currency,
    from: { at: at(previous.firstSeenAt), ...(diff.status ? { status: diff.status.before } : {}) },
    to: { at: at(latest.firstSeenAt), ...(details ? { status: details.status } : {}) },
    total: { before: overall?.before ?? previous.total?.amount ?? null, after: overall?.after ?? latest.total?.amount ?? null },
    teams: diff.totals.filter((total) => total.team !== null).map((total) => ({ label: total.team as string, before: total.before, after: total.after })),
    lineItems: diff.lines.map((line): LineItemChange => {
      const key: LineItemKey = { team: line.place.team, service: line.place.service, targetMarket: line.place.targetMarket, itemName: line.place.item, unit: line.place.unit };
      if (line.kind === 'added') return { kind: 'added', key, after: line.after };
      if (line.kind === 'removed') return { kind: 'removed', key, before: line.before };
      return { kind: 'repriced', key, before: line.before, after: line.after };
    }),
    fields,
  };
}
