// The simulator's internal records: richer than the wire format (revision history,
// projects, jobs), turned into spec shapes by views/.
import type { QuoteStatus } from '../../preload/contract';

export interface Person {
  id: string;
  name: string;
  email: string;
  role: string;
}

export interface CompanyRecord {
  id: string;
  name: string;
  country: string;
  timezone: string;
  currency: string;
  users: Person[];
  team: { id: string; name: string; shortName: string };
}

export interface TargetMarket {
  id: string;
  code: string;
  label: string;
}

export interface LineItemRecord {
  itemName: string;
  unit: string;
  quantity: number;
  unitPrice: number;
}

export interface ServicePricing {
  serviceName: string;
  serviceType: string;
  teamName: string;
  dueDate: string | null;
  notes: string | null;
  markets: { market: TargetMarket; items: LineItemRecord[] }[];
}

export interface PricingRecord {
  currency: string;
  services: ServicePricing[];
}

/** One priced version of a quote; the last revision is the current one. */
export interface QuoteRevision {
  revision: number;
  at: number;
  pricing: PricingRecord | null;
}

export interface QuoteRecord {
  id: string;
  companyId: string;
  quoteNumber: string | null;
  status: QuoteStatus;
  projectName: string;
  projectDescription: string;
  backgroundInfo: string;
  targetAudience: string;
  referenceNumber: string | null;
  poNumber: string | null;
  poRequired: boolean;
  rfqId: string;
  rfqNumber: string;
  deadlineForQuote: string;
  projectDueDate: string;
  createdAt: number;
  updatedAt: number;
  quoteDate: number | null;
  validUntil: number | null;
  team: { members: Person[]; ownerId: string };
  revisions: QuoteRevision[];
  declineReason: string | null;
  projectId: string | null;
  /** The pricing in force without keeping a seeded quote's drawn content (seed/quote-factory.ts). */
  peekPricing?(): PricingRecord | null;
}

/** The pricing in force: the last revision's. */
export function currentPricing(quote: QuoteRecord): PricingRecord | null {
  return quote.peekPricing ? quote.peekPricing() : (quote.revisions.at(-1)?.pricing ?? null);
}

/** RFQ statuses are the simulator's own: the spec names RFQ events but not their statuses. */
export type RfqStatus = 'draft' | 'submitted' | 'quoted' | 'cancelled';

/** A client's request for quotation; the quote that answers it carries its id and number. */
export interface RfqRecord {
  id: string;
  number: string;
  companyId: string;
  projectName: string;
  status: RfqStatus;
  /** How many source files were uploaded. */
  assets: number;
  quoteId: string | null;
  copiedFrom: string | null;
  createdAt: number;
  updatedAt: number;
}

export const PROJECT_FLOW = ['not_started', 'in_progress', 'delivered', 'sent_for_billing', 'completed'] as const;
export type ProjectStatus = (typeof PROJECT_FLOW)[number] | 'cancelled';

export interface ProjectRecord {
  id: string;
  number: string;
  name: string;
  companyId: string;
  quoteId: string;
  status: ProjectStatus;
  /** The project this one was duplicated from. */
  copiedFrom: string | null;
  createdAt: number;
  updatedAt: number;
  jobIds: string[];
}

export const JOB_FLOW = [
  'created',
  'talent_assigned',
  'started',
  'delivery_submitted',
  'delivery_approved',
  'approved_for_invoicing',
  'archived',
] as const;
export type JobStatus = (typeof JOB_FLOW)[number] | 'cancelled';

export interface JobRecord {
  id: string;
  number: string;
  name: string;
  projectId: string;
  companyId: string;
  status: JobStatus;
  updatedAt: number;
}

export const DAY_MS = 86_400_000;

// Seeding formats tens of thousands of dates over a few hundred distinct days.
const isoDateByDay = new Map<number, string>();

export function isoDate(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let text = isoDateByDay.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    isoDateByDay.set(day, text);
  }
  return text;
}

export function isoDateTime(ms: number): string {
  return new Date(ms).toISOString();
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
