// The operator's read-only views of the simulator's records (copies: changing them
// changes nothing).
import type { QuoteStatus } from '../../preload/contract';
import type { JobRecord, ProjectRecord, QuoteRecord, RfqRecord } from './model';
import { pricingTotal } from './seed/pricing';

export interface QuoteRef {
  id: string;
  companyId: string;
  quoteNumber: string | null;
  /** The stored status (the admin view). */
  status: QuoteStatus;
  projectName: string;
  revision: number;
  total: number | null;
  currency: string | null;
  projectId: string | null;
  rfqId: string;
}

export interface RevisionRef {
  revision: number;
  at: string;
  total: number | null;
  currency: string | null;
}

/** An RFQ as the operator sees it: the record without its bookkeeping timestamps. */
export type RfqRef = Omit<RfqRecord, 'createdAt' | 'updatedAt'>;

export interface ProjectRef {
  id: string;
  number: string;
  name: string;
  companyId: string;
  quoteId: string;
  status: string;
  jobIds: string[];
  copiedFrom: string | null;
}

export interface JobRef {
  id: string;
  number: string;
  name: string;
  projectId: string;
  companyId: string;
  status: string;
}

export function quoteRef(quote: QuoteRecord): QuoteRef {
  const revision = quote.revisions.at(-1);
  return {
    id: quote.id,
    companyId: quote.companyId,
    quoteNumber: quote.quoteNumber,
    status: quote.status,
    projectName: quote.projectName,
    revision: revision?.revision ?? 1,
    total: revision?.pricing ? pricingTotal(revision.pricing) : null,
    currency: revision?.pricing?.currency ?? null,
    projectId: quote.projectId,
    rfqId: quote.rfqId,
  };
}

export function rfqRef(rfq: RfqRecord): RfqRef {
  const { id, number, companyId, projectName, status, assets, quoteId, copiedFrom } = rfq;
  return { id, number, companyId, projectName, status, assets, quoteId, copiedFrom };
}

export function projectRef(project: ProjectRecord): ProjectRef {
  const { id, number, name, companyId, quoteId, status, copiedFrom } = project;
  return { id, number, name, companyId, quoteId, status, jobIds: [...project.jobIds], copiedFrom };
}

export function jobRef(job: JobRecord): JobRef {
  const { id, number, name, projectId, companyId, status } = job;
  return { id, number, name, projectId, companyId, status };
}
