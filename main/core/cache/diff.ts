import type { ItemsPricing, QuoteDetails, QuoteStatus } from '../../../preload/contract';

/** Where a line item sits in a quote's pricing tree. */
export interface LinePlace {
  team: string;
  service: string;
  targetMarket: string;
  item: string;
  unit: string;
}

export interface LineFigures {
  quantity: number;
  unitPrice: number;
  totalPrice: number;
}

export type LineChange =
  | { kind: 'added'; place: LinePlace; after: LineFigures }
  | { kind: 'removed'; place: LinePlace; before: LineFigures }
  | { kind: 'changed'; place: LinePlace; before: LineFigures; after: LineFigures; fields: (keyof LineFigures)[] };

export interface TotalChange {
  /** A team's name, or null for the quote's overall total. */
  team: string | null;
  currency: string | null;
  before: number | null;
  after: number | null;
}

export interface FieldChange<T> {
  field: string;
  before: T;
  after: T;
}

export interface QuoteDiff {
  lines: LineChange[];
  /** Every team's total and the overall total, before and after (also when equal, so a table can show both). */
  totals: TotalChange[];
  dates: FieldChange<string | null>[];
  status: { before: QuoteStatus; after: QuoteStatus } | null;
  po: FieldChange<string | boolean | null>[];
  /** True when anything above moved. */
  changed: boolean;
}

/** What moved between two versions of one quote's details. Pure: no clock, no store. */
export function diffQuotes(before: QuoteDetails, after: QuoteDetails): QuoteDiff {
  const lines = diffLines(before.itemsPricing ?? null, after.itemsPricing ?? null);
  const totals = diffTotals(before, after);
  const dates = changedFields(before, after, DATE_FIELDS);
  const po = changedFields<string | boolean | null>(before, after, PO_FIELDS);
  const status = before.status === after.status ? null : { before: before.status, after: after.status };
  const totalsMoved = totals.some((total) => total.before !== total.after);
  return { lines, totals, dates, status, po, changed: lines.length > 0 || totalsMoved || dates.length > 0 || po.length > 0 || status !== null };
}

type FieldReader<T> = [field: string, read: (quote: QuoteDetails) => T];

const DATE_FIELDS: FieldReader<string | null>[] = [
  ['quoteDate', (quote) => quote.quoteDate],
  ['validUntil', (quote) => quote.validUntil],
  ['deadlineForQuote', (quote) => quote.deadlineForQuote],
  ['projectDueDate', (quote) => quote.projectDueDate],
  ['timeline.quoteExpiryDate', (quote) => quote.timeline?.quoteExpiryDate ?? null],
  ['timeline.projectDueDate', (quote) => quote.timeline?.projectDueDate ?? null],
];

const PO_FIELDS: FieldReader<string | boolean | null>[] = [
  ['poNumber', (quote) => quote.poNumber ?? null],
  ['poRequired', (quote) => quote.poRequired ?? null],
];

function changedFields<T>(before: QuoteDetails, after: QuoteDetails, fields: FieldReader<T>[]): FieldChange<T>[] {
  const changes: FieldChange<T>[] = [];
  for (const [field, read] of fields) {
    const was = read(before);
    const is = read(after);
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}

interface PlacedLine {
  place: LinePlace;
  figures: LineFigures;
}

/** "voice_over" and "Voice-over" are the same words: case, spaces and punctuation aside. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return words(a) === words(b);
}

function flatten(pricing: ItemsPricing | null): Map<string, PlacedLine> {
  const lines = new Map<string, PlacedLine>();
  for (const team of pricing?.teams ?? []) {
    for (const service of team.clientServices) {
      // The type is named only when it says more than the name: "Translation (translation)" said nothing.
      const serviceName = service.serviceType && sameWords(service.serviceType, service.serviceName) === false ? `${service.serviceName} (${service.serviceType})` : service.serviceName;
      for (const market of service.targetMarkets) {
        for (const item of market.items) {
          const place = { team: team.teamName, service: serviceName, targetMarket: market.targetMarketLabel, item: item.itemName, unit: item.unit };
          // The same item twice in one place is two lines: number the repeats so each pairs with its own.
          const base = JSON.stringify([place.team, place.service, market.targetMarketId, place.item, place.unit]);
          let key = base;
          for (let repeat = 2; lines.has(key); repeat += 1) key = `${base}#${repeat}`;
          lines.set(key, { place, figures: { quantity: item.quantity, unitPrice: item.unitPrice, totalPrice: item.totalPrice } });
        }
      }
    }
  }
  return lines;
}

const FIGURES: (keyof LineFigures)[] = ['quantity', 'unitPrice', 'totalPrice'];

function diffLines(before: ItemsPricing | null, after: ItemsPricing | null): LineChange[] {
  const was = flatten(before);
  const is = flatten(after);
  const changes: LineChange[] = [];
  for (const [key, old] of was) {
    const current = is.get(key);
    if (!current) {
      changes.push({ kind: 'removed', place: old.place, before: old.figures });
      continue;
    }
    const fields = FIGURES.filter((field) => old.figures[field] !== current.figures[field]);
    if (fields.length > 0) changes.push({ kind: 'changed', place: current.place, before: old.figures, after: current.figures, fields });
  }
  for (const [key, line] of is) if (!was.has(key)) changes.push({ kind: 'added', place: line.place, after: line.figures });
  return changes;
}

function diffTotals(before: QuoteDetails, after: QuoteDetails): TotalChange[] {
  const teams = new Map<string, TotalChange>();
  for (const team of before.itemsPricing?.teams ?? []) teams.set(team.teamName, { team: team.teamName, currency: team.currency, before: team.total, after: null });
  for (const team of after.itemsPricing?.teams ?? []) {
    const known = teams.get(team.teamName);
    if (known) {
      known.after = team.total;
      known.currency = team.currency;
    } else teams.set(team.teamName, { team: team.teamName, currency: team.currency, before: null, after: team.total });
  }
  const overall: TotalChange = {
    team: null,
    currency: after.totalPrice?.currency ?? before.totalPrice?.currency ?? null,
    before: before.totalPrice?.amount ?? before.itemsPricing?.total ?? null,
    after: after.totalPrice?.amount ?? after.itemsPricing?.total ?? null,
  };
  return [...teams.values(), overall];
}
