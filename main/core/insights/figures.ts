// The Insights figures from the inbox index's columns of a selection (SelectedQuotes): one
// pass over typed arrays, no row per quote, so 100,000 quotes count in milliseconds. Pure, so
// the core's handler and the renderer tests' fake bridge count alike. Amounts of different
// currencies are never added together.
import type { CurrencyTotal, InsightSplit, InsightsFigures } from '../../../preload/contract/bridge/insights';
import { INBOX_STAGES, NO_DAY } from '../cache/inbox';
import type { SelectedQuotes } from '../cache/inbox';
import type { QuoteStage } from '../../../preload/contract/plain/stages';
import { DECISION_BASES } from './decision-times';
import type { DecisionTimes } from './decision-times';
import { medianInPlace } from './median';
import type { RevisionChange } from './revision-changes';
import { RevisionChanges } from './revision-changes';
import { ordinalSlotsOf } from './quote-slots';
import type { UnitPriceLines } from './unit-price-lines';
import { QUOTE_IDS_MAX, unitPriceRowsOf } from './unit-prices';
import { dayRangeOf, monthOf } from './range';
import type { DayRange } from './range';

export const ACCEPTED_STAGES: readonly QuoteStage[] = ['accepted', 'in-project'];
export const WAITING_STAGES: readonly QuoteStage[] = ['awaiting-decision', 'revised'];
const DAY_MS = 86_400_000;
const EXPIRING_DAYS = 7;

export interface FiguresOptions {
  range: DayRange;
  now: number;
  splitBy: InsightSplit;
  /** When each decided quote was decided (by quote id), and why when declined here; without it no time is known. */
  decisionTimes?: DecisionTimes;
  /** How revisions moved each revised quote's total (by quote id); without it no quote counts as revised. */
  revisionChanges?: ReadonlyMap<string, RevisionChange>;
  /** The unit-priced lines of each quote (by quote id); without them no unit price is known. */
  unitPriceLines?: UnitPriceLines;
}

/**
 * Sums per key and currency (both numbered), kept apart per currency: one slot each in typed
 * arrays, since a pass adds about a hundred thousand amounts and a map entry per add costs
 * more than the rest of the pass.
 */
export class Sums {
  private totals: Float64Array;
  private counts: Int32Array;

  constructor(
    private readonly currencies: number,
    keys = 1,
  ) {
    this.totals = new Float64Array(Math.max(keys, 1) * currencies);
    this.counts = new Int32Array(this.totals.length);
  }

  add(key: number, currency: number, amount: number): void {
    const slot = key * this.currencies + currency;
    if (slot >= this.totals.length) this.grow(slot + 1);
    this.totals[slot]! += amount;
    this.counts[slot]! += 1;
  }

  /** The sums with their currency's name, each total rounded to a hundredth. */
  values(currencyNames: readonly string[]): (CurrencyTotal & { key: number })[] {
    const out: (CurrencyTotal & { key: number })[] = [];
    for (let slot = 0; slot < this.counts.length; slot += 1) {
      const count = this.counts[slot]!;
      if (count === 0) continue;
      out.push({ key: Math.floor(slot / this.currencies), currency: currencyNames[slot % this.currencies]!, total: roundCents(this.totals[slot]!), count });
    }
    return out;
  }

  private grow(needed: number): void {
    const size = Math.max(needed, this.totals.length * 2);
    const totals = new Float64Array(size);
    totals.set(this.totals);
    const counts = new Int32Array(size);
    counts.set(this.counts);
    this.totals = totals;
    this.counts = counts;
  }
}

/** Sums of floating amounts drift (0.1 + 0.2): a total shown is rounded to a hundredth of its unit. */
const roundCents = (amount: number) => Math.round(amount * 100) / 100;
export const byCurrency = (a: CurrencyTotal, b: CurrencyTotal) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0);
const withoutKey = ({ currency, total, count }: CurrencyTotal): CurrencyTotal => ({ currency, total, count });

/** Stage numbers (places in INBOX_STAGES) as a lookup by number. */
export function stageSet(stages: readonly QuoteStage[]): Uint8Array {
  const set = new Uint8Array(INBOX_STAGES.length);
  for (const stage of stages) set[INBOX_STAGES.indexOf(stage)] = 1;
  return set;
}

/**
 * Columns a pass fills and reads before it returns, kept for the next pass: at 100,000 quotes
 * a fresh set per read was about 1 MB, and the collections it brought on were the slow reads
 * after one quote changed. A pass does not yield, so one set serves every pass.
 */
class PassScratch {
  private pricedSlots = new Int32Array(0);
  private decisionDays = new Float64Array(0);

  /** Room for the numbers of `count` quotes with unit-priced lines (what the pass lists). */
  priced(count: number): Int32Array {
    if (this.pricedSlots.length < count) this.pricedSlots = new Int32Array(count);
    return this.pricedSlots;
  }

  /** Room for `count` decision times in days (sorted in place for their median). */
  days(count: number): Float64Array {
    if (this.decisionDays.length < count) this.decisionDays = new Float64Array(count);
    return this.decisionDays;
  }
}

const scratch = new PassScratch();

export function figuresOf(selected: SelectedQuotes, options: FiguresOptions): InsightsFigures {
  const { range, now, splitBy, decisionTimes, revisionChanges, unitPriceLines } = options;
  // Only quotes with unit-priced lines are looked up, and only when some have them.
  const unitPrices = unitPriceLines !== undefined && unitPriceLines.size > 0 ? unitPriceLines : null;
  // The numbers of the quotes in the range with unit-priced lines, in the pass's order: counted after it (unit-prices.ts).
  const pricedSlots = unitPrices === null ? null : scratch.priced(selected.count);
  let priced = 0;
  // Few quotes are revised: their ids are read only when there are any.
  const anyRevised = revisionChanges !== undefined && revisionChanges.size > 0;
  // The facts held per quote are read by the quote's number at its ordinal (quote-slots.ts), not looked up by id.
  const linesOrdinals = unitPrices ? ordinalSlotsOf(selected.facts, unitPrices.slots) : null;
  const linesBySlot = unitPriceLines?.bySlot() ?? [];
  const timesOrdinals = decisionTimes ? ordinalSlotsOf(selected.facts, decisionTimes.slots) : null;
  const times = decisionTimes?.columns();
  const changesBySlot = revisionChanges instanceof RevisionChanges ? revisionChanges.bySlot() : null;
  const changesOrdinals = anyRevised && revisionChanges instanceof RevisionChanges ? ordinalSlotsOf(selected.facts, revisionChanges.slots) : null;
  // One OrdinalSlots per index and numbering (ordinalSlotsOf): when the facts held share theirs, it is asked once per quote.
  const present = [linesOrdinals, timesOrdinals, changesOrdinals].filter((ordinalSlots) => ordinalSlots !== null);
  const shared = present.length > 1 && present.every((ordinalSlots) => ordinalSlots === present[0]) ? present[0]! : null;
  const revisedByCurrency = new Map<string, { currency: string; up: number; down: number; count: number; quoteIds: string[] }>();
  let revised = 0;
  const { count, ordinals, stages, facts, names } = selected;
  const currencyCount = Math.max(names.currencies.length, 1);
  const accepted = stageSet(ACCEPTED_STAGES);
  const waiting = stageSet(WAITING_STAGES);
  const declinedStage = INBOX_STAGES.indexOf('declined');
  // A currency written as '' is no currency: its amounts are in no sum.
  const emptyCurrency = names.currencies.indexOf('');
  const { from, to } = dayRangeOf(range);
  const spendByCurrency = new Sums(currencyCount);
  const spendByMonth = new Sums(currencyCount, 16);
  const spendBySplit = new Sums(currencyCount, splitBy === 'company' ? names.companies.length + 1 : splitBy === 'serviceType' ? names.serviceTypes.length : names.targetMarkets.length);
  const pipeline = new Sums(currencyCount);
  const months: string[] = [];
  const monthIds = new Map<number, number>();
  let quotes = 0;
  let undated = 0;
  let acceptedCount = 0;
  let declined = 0;
  let withoutTotal = 0;
  let splitKnown = 0;
  let waitingCount = 0;
  let expiring = 0;
  const decisionDays = scratch.days(count);
  let timed = 0;
  const basisCounts = new Int32Array(DECISION_BASES.length + 1);
  // Declines by reason id (DecisionTimes' columns); one without a time counts as the reason null's.
  const declinesByReasonId: { count: number; quoteIds: string[] }[] = [];
  const nullReason = times?.reasons.indexOf(null) ?? -1;
  const unknownReason = nullReason >= 0 ? nullReason : (times?.reasons.length ?? 0);
  const expiringBy = now + EXPIRING_DAYS * DAY_MS;
  const { amount: amounts, currency: currencies, quoteDay, validMs, company, described } = facts;
  const splitIds = splitBy === 'serviceType' ? facts.serviceTypes : splitBy === 'targetMarket' ? facts.targetMarkets : null;
  const NO_COMPANY = names.companies.length;

  for (let at = 0; at < count; at += 1) {
    const ordinal = ordinals[at]!;
    const stage = stages[at]!;
    const currency = currencies[ordinal]!;
    const amount = amounts[ordinal]!;
    const hasAmount = !Number.isNaN(amount) && currency >= 0 && currency !== emptyCurrency;
    if (waiting[stage] === 1) {
      waitingCount += 1;
      if (hasAmount) pipeline.add(0, currency, amount);
      const valid = validMs[ordinal]!;
      if (valid >= now && valid <= expiringBy) expiring += 1;
    }
    const day = quoteDay[ordinal]!;
    if (from !== null && (day === NO_DAY || day < from || day > to)) continue;
    quotes += 1;
    if (day === NO_DAY) undated += 1;
    const isDeclined = stage === declinedStage;
    const isDecided = isDeclined || accepted[stage] === 1;
    // The quote's number where the facts share one numbering (the history feed's do): found once for the three.
    const sharedSlot = shared === null ? -1 : shared.slotOf(selected, at, ordinal);
    if (linesOrdinals !== null) {
      const slot = linesOrdinals === shared ? sharedSlot : linesOrdinals.slotOf(selected, at, ordinal);
      if (slot >= 0 && linesBySlot[slot] !== undefined) pricedSlots![priced++] = slot;
    }
    let change: RevisionChange | undefined;
    if (changesOrdinals !== null) {
      // A quote without a number (-1) is not read from the column: a read before an array's start is a slow lookup by name.
      const slot = changesOrdinals === shared ? sharedSlot : changesOrdinals.slotOf(selected, at, ordinal);
      if (slot >= 0) change = changesBySlot![slot];
    } else if (anyRevised) change = revisionChanges.get(selected.quoteIdOf(at));
    if (change) {
      revised += 1;
      for (const moved of change.byCurrency) {
        const sums = revisedByCurrency.get(moved.currency) ?? { currency: moved.currency, up: 0, down: 0, count: 0, quoteIds: [] };
        sums.up += moved.up;
        sums.down += moved.down;
        sums.count += 1;
        // The id is read only while the list has room: reading it for each of 10,000 revised quotes cost 2 ms a pass.
        if (sums.quoteIds.length < QUOTE_IDS_MAX) sums.quoteIds.push(selected.quoteIdOf(at));
        revisedByCurrency.set(moved.currency, sums);
      }
    }
    if (isDeclined) declined += 1;
    if (isDecided) {
      const slot = timesOrdinals === null ? -1 : timesOrdinals === shared ? sharedSlot : timesOrdinals.slotOf(selected, at, ordinal);
      const basis = slot < 0 ? 0 : times!.basis[slot]!;
      if (isDeclined) {
        const reasonId = basis === 0 ? unknownReason : times!.reason[slot]!;
        const declines = (declinesByReasonId[reasonId] ??= { count: 0, quoteIds: [] });
        declines.count += 1;
        if (declines.quoteIds.length < QUOTE_IDS_MAX) declines.quoteIds.push(selected.quoteIdOf(at));
      }
      // Days from the quote's date (its day, UTC) to the decision; a decision before it (clocks apart) counts as the same day.
      if (basis !== 0 && day !== NO_DAY) {
        decisionDays[timed++] = Math.max(0, (times!.at[slot]! - day * DAY_MS) / DAY_MS);
        basisCounts[basis]! += 1;
      }
    }
    if (accepted[stage] !== 1) continue;
    acceptedCount += 1;
    // Service types and markets come with the details: a quote never described is left out of their split.
    const splitKnownHere = splitIds === null || described[ordinal] === 1;
    if (splitKnownHere) splitKnown += 1;
    if (!hasAmount) {
      withoutTotal += 1;
      continue;
    }
    spendByCurrency.add(0, currency, amount);
    if (day !== NO_DAY) spendByMonth.add(monthIdOf(day, monthIds, months), currency, amount);
    if (splitIds === null) {
      const companyId = company[ordinal]!;
      spendBySplit.add(companyId < 0 ? NO_COMPANY : companyId, currency, amount);
    } else if (splitKnownHere) {
      const ids = splitIds[ordinal]!;
      for (let index = 0; index < ids.length; index += 1) spendBySplit.add(ids[index]!, currency, amount);
    }
  }

  const splitNames = splitBy === 'company' ? [...names.companies, 'No company'] : splitBy === 'serviceType' ? names.serviceTypes : names.targetMarkets;
  const decided = acceptedCount + declined;
  const declineReasons = new Map<string | null, { count: number; quoteIds: string[] }>();
  declinesByReasonId.forEach((declines, reasonId) => declineReasons.set(times?.reasons[reasonId] ?? null, declines));
  return {
    range,
    quotes,
    undated,
    spend: {
      byCurrency: spendByCurrency.values(names.currencies).map(withoutKey).sort(byCurrency),
      byMonth: spendByMonth
        .values(names.currencies)
        .map(({ key, ...sum }) => ({ month: months[key]!, ...sum }))
        .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : byCurrency(a, b))),
      splitBy,
      bySplit: spendBySplit
        .values(names.currencies)
        .map(({ key, ...sum }) => ({ value: splitNames[key]!, ...sum }))
        .sort((a, b) => byCurrency(a, b) || b.total - a.total || (a.value < b.value ? -1 : 1)),
      splitKnown,
      accepted: acceptedCount,
      withoutTotal,
    },
    pipeline: { count: waitingCount, byCurrency: pipeline.values(names.currencies).map(withoutKey).sort(byCurrency), expiringWithin7Days: expiring },
    revisions: {
      revised,
      byCurrency: [...revisedByCurrency.values()]
        .map((sums) => ({ ...sums, up: roundCents(sums.up), down: roundCents(sums.down), quoteIds: quoteIdsOf(sums) }))
        .sort((a, b) => (a.currency < b.currency ? -1 : 1)),
    },
    decisions: {
      accepted: acceptedCount,
      declined,
      acceptanceRate: decided === 0 ? null : acceptedCount / decided,
      medianDaysToDecision: timed === 0 ? null : Math.round(medianInPlace(decisionDays.subarray(0, timed)) * 10) / 10,
      timed: DECISION_BASES.map((basis, place) => ({ basis, count: basisCounts[place + 1]! })).filter(({ count }) => count > 0),
      declinesByReason: [...declineReasons]
        .map(([reason, declines]) => ({ reason, count: declines.count, quoteIds: quoteIdsOf(declines) }))
        // Most given first; "reason not known" last.
        .sort((a, b) => (a.reason === null ? 1 : b.reason === null ? -1 : b.count - a.count || (a.reason < b.reason ? -1 : 1))),
    },
    unitPrices: unitPrices === null ? [] : unitPriceRowsOf(unitPrices, pricedSlots!.subarray(0, priced)),
  };
}

/** A figure's quotes for the inbox to open, or null when there are more than it opens by id. */
const quoteIdsOf = (figure: { count: number; quoteIds: string[] }) => (figure.count <= QUOTE_IDS_MAX ? figure.quoteIds : null);

/** A number for the month of `day`, the same for every day of it (its name kept in `months`). */
function monthIdOf(day: number, ids: Map<number, number>, months: string[]): number {
  let id = ids.get(day);
  if (id === undefined) {
    const month = monthOf(day);
    id = months.indexOf(month);
    if (id < 0) id = months.push(month) - 1;
    ids.set(day, id);
  }
  return id;
}
