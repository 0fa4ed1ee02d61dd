// The inbox's facet filters (company, currency, service type, target market, due-date and
// valid-until ranges, and the team desk's assignee): what the person chose, and the words the
// filter bar and its chips use.
import { NOBODY_ASSIGNEE } from '../../../preload/contract/plain/assignee-facet';
import { formatCount, formatServiceType } from './format';
import type { DueRange, InboxFacets, InboxFilterInput, ValidityRange } from './inbox-bridge';
import { m } from '../../../i18n/paraglide/messages.js';

export interface FacetFilters {
  companies: string[];
  currencies: string[];
  serviceTypes: string[];
  targetMarkets: string[];
  dueDate: DueRange[];
  validUntil: ValidityRange[];
  /** Team members by e-mail, or NOBODY_ASSIGNEE for the quotes assigned to nobody. */
  assignees: string[];
}

export type FacetKey = keyof FacetFilters;

/** In the order the filter bar shows them. */
export const FACET_KEYS: readonly FacetKey[] = ['assignees', 'companies', 'currencies', 'serviceTypes', 'targetMarkets', 'dueDate', 'validUntil'];

/** One value of a facet with its count; an assignee also has the member's name (empty for nobody). */
export interface FacetOption {
  value: string;
  count: number;
  name?: string;
}

/**
 * A facet's counts from inbox.facets. The assignees are absent or empty on no team (or when
 * nobody was ever assigned), so their picker shows only where a team desk is set up.
 */
export function facetOptions(facets: InboxFacets, key: FacetKey): readonly FacetOption[] {
  return key === 'assignees' ? (facets.assignees ?? []) : facets[key];
}

/** The facet's name, as a chip and its picker say it ("Company Acme Corp"). */
export function facetLabel(key: FacetKey): string {
  switch (key) {
    case 'companies': return m.inbox_company();
    case 'currencies': return m.inbox_facet_currency();
    case 'serviceTypes': return m.inbox_facet_service_type();
    case 'targetMarkets': return m.inbox_facet_target_market();
    case 'dueDate': return m.inbox_facet_due();
    case 'validUntil': return m.inbox_valid_until();
    case 'assignees': return m.inbox_facet_assignee();
  }
}

/** What a picker adds a filter by ("Add a filter by due date"): a range's chip name alone would read oddly. */
export function facetPickerLabel(key: FacetKey): string {
  switch (key) {
    case 'companies': return m.inbox_add_filter_company();
    case 'currencies': return m.inbox_add_filter_currency();
    case 'serviceTypes': return m.inbox_add_filter_service_type();
    case 'targetMarkets': return m.inbox_add_filter_target_market();
    case 'dueDate': return m.inbox_add_filter_due();
    case 'validUntil': return m.inbox_add_filter_valid_until();
    case 'assignees': return m.inbox_add_filter_assignee();
  }
}

function dueWords(range: string): string {
  switch (range as DueRange) {
    case 'overdue': return m.inbox_due_overdue();
    case 'next-7-days': return m.inbox_due_next_7_days();
    case 'next-30-days': return m.inbox_due_next_30_days();
    case 'later': return m.inbox_due_later();
    case 'none': return m.inbox_due_none();
    default: return range;
  }
}

function validityWords(range: string): string {
  switch (range as ValidityRange) {
    case 'ended': return m.inbox_validity_ended();
    case 'next-7-days': return m.inbox_validity_next_7_days();
    case 'next-30-days': return m.inbox_validity_next_30_days();
    case 'later': return m.inbox_validity_later();
    case 'none': return m.inbox_validity_none();
    default: return range;
  }
}

/** Whether the filters choose a service type or a target market: the facets that fill in as details are read. */
export function filtersOnDetails(filters: Pick<FacetFilters, 'serviceTypes' | 'targetMarkets'>): boolean {
  return filters.serviceTypes.length > 0 || filters.targetMarkets.length > 0;
}

export function noFacetFilters(): FacetFilters {
  return { companies: [], currencies: [], serviceTypes: [], targetMarkets: [], dueDate: [], validUntil: [], assignees: [] };
}

export function hasFacetFilters(filters: FacetFilters): boolean {
  return FACET_KEYS.some((key) => filters[key].length > 0);
}

/**
 * How one value of a facet reads: a company or currency as it is, a service type by its plain
 * name, a range in words, an assignee by the member's name (`name`, from the facet's counts;
 * their e-mail where the name is not known, as in a saved view's description) or "Nobody".
 */
export function facetValueLabel(key: FacetKey, value: string, name?: string): string {
  if (key === 'serviceTypes') return formatServiceType(value);
  if (key === 'dueDate') return dueWords(value);
  if (key === 'validUntil') return validityWords(value);
  if (key === 'assignees') return value === NOBODY_ASSIGNEE ? m.inbox_assignee_nobody() : name || value;
  return value;
}

/** The chosen values as inbox.query and inbox.facets take them: a facet with none is left out. */
export function facetInput(filters: FacetFilters): Pick<InboxFilterInput, FacetKey> {
  const input: Pick<InboxFilterInput, FacetKey> = {};
  if (filters.companies.length > 0) input.companies = [...filters.companies];
  if (filters.currencies.length > 0) input.currencies = [...filters.currencies];
  if (filters.serviceTypes.length > 0) input.serviceTypes = [...filters.serviceTypes];
  if (filters.targetMarkets.length > 0) input.targetMarkets = [...filters.targetMarkets];
  if (filters.dueDate.length > 0) input.dueDate = [...filters.dueDate];
  if (filters.validUntil.length > 0) input.validUntil = [...filters.validUntil];
  if (filters.assignees.length > 0) input.assignees = [...filters.assignees];
  return input;
}

/** The filters with `value` of `key` added, or taken out when it was chosen. */
export function toggledFacet(filters: FacetFilters, key: FacetKey, value: string): FacetFilters {
  const chosen: readonly string[] = filters[key];
  const next = chosen.includes(value) ? chosen.filter((each) => each !== value) : [...chosen, value];
  return { ...filters, [key]: next } as FacetFilters;
}

/** The facets whose values come from a quote's details, which are read in the background after a sync. */
export const DETAIL_FACET_KEYS: readonly FacetKey[] = ['serviceTypes', 'targetMarkets'];

/**
 * What the filter bar says while service types and target markets are known for only some of
 * the quotes counted ("from 18,804 of 100,000 quotes; the rest are being read"), so choosing
 * "Translation" does not silently hide the translation quotes not read yet; null once every
 * quote is covered (the counts are exact then).
 */
export function facetCoverageNote(coverage: InboxFacets['coverage'] | undefined, locale?: string): string | null {
  if (!coverage || coverage.known >= coverage.total) return null;
  return m.inbox_facet_coverage({ known: formatCount(coverage.known, locale), count: coverage.total, countText: formatCount(coverage.total, locale) });
}
