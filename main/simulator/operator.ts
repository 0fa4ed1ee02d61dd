// The operator's side of the service, as a programmatic object: create and move RFQs,
// quotes, projects and jobs (raising their events), manage credentials, inject faults, and
// read the event, delivery and request logs. /__operator/... exposes the same over HTTP.
import type { QuoteStatus } from '../../preload/contract';
import type { CredentialKind } from './auth/credentials';
import type { SimulatorContext } from './context';
import type { ActiveFault, FaultSpec } from './faults';
import type { RequestLogEntry } from './http/request-log';
import { createQuote } from './lifecycle/create';
import { TransitionError } from './lifecycle/event';
import type { JobSideEvent } from './lifecycle/projects';
import * as projects from './lifecycle/projects';
import * as quotes from './lifecycle/quotes';
import * as rfqs from './lifecycle/rfqs';
import type { JobRecord, ProjectRecord, QuoteRecord, RfqStatus } from './model';
import { isoDateTime } from './model';
import type { JobRef, ProjectRef, QuoteRef, RevisionRef, RfqRef } from './operator-refs';
import { jobRef, projectRef, quoteRef, rfqRef } from './operator-refs';
import { pricingTotal } from './seed/pricing';
import type { CompanyCredentials, SimulatorCredentials } from './types';
import type { DeliveryRecord } from './webhooks/delivery';
import type { EventEnvelope } from './webhooks/event-bus';

export type { JobSideEvent } from './lifecycle/projects';
export type { JobRef, ProjectRef, QuoteRef, RevisionRef, RfqRef } from './operator-refs';
export type { RequestCredential, RequestLogEntry } from './http/request-log';
export type { RfqStatus } from './model';
export type CredentialSelection = CredentialKind | 'all';

export interface Operator {
  companies(): { id: string; name: string }[];
  credentials(): SimulatorCredentials;
  findQuotes(filter?: { companyId?: string; status?: QuoteStatus }): QuoteRef[];
  quote(quoteId: string): QuoteRef;
  quoteRevisions(quoteId: string): RevisionRef[];
  rfqs(filter?: { companyId?: string; status?: RfqStatus }): RfqRef[];
  rfq(rfqId: string): RfqRef;
  createRfq(input: { companyId: string; projectName?: string }): RfqRef;
  uploadRfqAssets(rfqId: string): RfqRef;
  submitRfq(rfqId: string): RfqRef;
  copyRfq(rfqId: string): RfqRef;
  cancelRfq(rfqId: string): RfqRef;
  /** A PENDING quote answering the submitted RFQ `rfqId`, or, without one, a new RFQ and its quote at once. */
  createQuote(input: { companyId: string; projectName?: string; rfqId?: string }): QuoteRef;
  issueQuote(quoteId: string, options?: { awaitingClient?: boolean }): QuoteRef;
  reviseQuote(quoteId: string): QuoteRef;
  reissueQuote(quoteId: string, options?: { awaitingClient?: boolean }): QuoteRef;
  cancelQuote(quoteId: string): QuoteRef;
  expireQuote(quoteId: string): QuoteRef;
  convertAcceptedQuote(quoteId: string): ProjectRef;
  projects(filter?: { companyId?: string; quoteId?: string }): ProjectRef[];
  jobs(projectId: string): JobRef[];
  advanceProject(projectId: string): ProjectRef;
  cancelProject(projectId: string): ProjectRef;
  updateProjectTeam(projectId: string): ProjectRef;
  copyProject(projectId: string): ProjectRef;
  advanceJob(jobId: string): JobRef;
  recordJobEvent(jobId: string, kind: JobSideEvent): JobRef;
  cancelJob(jobId: string): JobRef;
  revokeCredentials(companyId: string, which?: CredentialSelection): void;
  rotateCredentials(companyId: string, which?: CredentialSelection): CompanyCredentials;
  addFault(fault: FaultSpec): string;
  removeFault(faultId: string): boolean;
  clearFaults(): void;
  faults(): ActiveFault[];
  events(): EventEnvelope[];
  deliveries(): DeliveryRecord[];
  /** The last 5,000 requests to the public interface (operator paths are not logged), oldest first. */
  requests(): RequestLogEntry[];
  /** POSTs to the token endpoint since start. */
  tokenExchanges(): number;
}

/** An operator call the state does not allow: `status` is the HTTP status the operator routes answer. */
export class OperatorError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorError';
  }
}

export function createOperator(ctx: SimulatorContext): Operator {
  const now = () => ctx.clock.now();
  const emit = ctx.bus.publish;
  const quoteById = (id: string) => {
    const quote = ctx.world.quotesById.get(id);
    if (!quote) throw new OperatorError(404, 'quote_not_found', `No quote ${id}`);
    return quote;
  };
  const companyById = (id: string) => {
    const company = ctx.world.company(id);
    if (!company) throw new OperatorError(404, 'company_not_found', `No company ${id}`);
    return company;
  };
  const quoteAction = (id: string, action: (quote: QuoteRecord) => void) => {
    const quote = quoteById(id);
    guarded(() => action(quote));
    return quoteRef(quote);
  };
  const kinds = (which: CredentialSelection): CredentialKind[] => (which === 'all' ? ['api-key', 'client-credentials'] : [which]);

  return {
    companies: () => ctx.world.companies.map(({ id, name }) => ({ id, name })),
    credentials: () => credentialsSnapshot(ctx),
    findQuotes: (filter = {}) =>
      ctx.world.quotes
        .filter((quote) => (!filter.companyId || quote.companyId === filter.companyId) && (!filter.status || quote.status === filter.status))
        .map(quoteRef),
    quote: (id) => quoteRef(quoteById(id)),
    quoteRevisions: (id) =>
      quoteById(id).revisions.map((revision) => ({
        revision: revision.revision,
        at: isoDateTime(revision.at),
        total: revision.pricing ? pricingTotal(revision.pricing) : null,
        currency: revision.pricing?.currency ?? null,
      })),
    rfqs: (filter = {}) =>
      [...ctx.world.rfqs.values()]
        .filter((rfq) => (!filter.companyId || rfq.companyId === filter.companyId) && (!filter.status || rfq.status === filter.status))
        .map(rfqRef),
    rfq: (id) => rfqRef(guarded(() => rfqs.findRfq(ctx.world, id))),
    createRfq: ({ companyId, projectName }) => rfqRef(rfqs.createRfq(ctx.world, companyById(companyId), now(), emit, projectName)),
    uploadRfqAssets: (id) => rfqRef(guarded(() => rfqs.uploadRfqAssets(ctx.world, id, now(), emit))),
    submitRfq: (id) => rfqRef(guarded(() => rfqs.submitRfq(ctx.world, id, now(), emit))),
    copyRfq: (id) => rfqRef(guarded(() => rfqs.copyRfq(ctx.world, id, now(), emit))),
    cancelRfq: (id) => rfqRef(guarded(() => rfqs.cancelRfq(ctx.world, id, now(), emit))),
    createQuote: ({ companyId, projectName, rfqId }) => {
      const company = companyById(companyId);
      const rfq = rfqId === undefined ? undefined : guarded(() => rfqs.findRfq(ctx.world, rfqId));
      if (rfq && rfq.companyId !== company.id) throw new OperatorError(400, 'rfq_company_mismatch', `RFQ ${rfq.number} belongs to another company`);
      return quoteRef(guarded(() => createQuote(ctx.world, company, now(), emit, { ...(projectName ? { projectName } : {}), ...(rfq ? { rfq } : {}) })));
    },
    issueQuote: (id, options = {}) => quoteAction(id, (quote) => quotes.issueQuote(ctx.world, quote, now(), emit, options.awaitingClient)),
    reviseQuote: (id) => quoteAction(id, (quote) => quotes.reviseQuote(ctx.world.random, quote, now(), emit)),
    reissueQuote: (id, options = {}) => quoteAction(id, (quote) => quotes.reissueQuote(quote, now(), emit, options.awaitingClient)),
    cancelQuote: (id) => quoteAction(id, (quote) => quotes.cancelQuote(quote, now(), emit)),
    expireQuote: (id) => quoteAction(id, (quote) => quotes.expireQuote(quote, now(), emit)),
    convertAcceptedQuote: (id) => {
      const quote = quoteById(id);
      guarded(() => quotes.convertAcceptedQuote(ctx.world, quote, now(), emit));
      return projectRef(ctx.world.projects.get(quote.projectId ?? '') as ProjectRecord);
    },
    projects: (filter = {}) =>
      [...ctx.world.projects.values()]
        .filter((project) => (!filter.companyId || project.companyId === filter.companyId) && (!filter.quoteId || project.quoteId === filter.quoteId))
        .map(projectRef),
    jobs: (projectId) => {
      const project = ctx.world.projects.get(projectId);
      if (!project) throw new OperatorError(404, 'project_not_found', `No project ${projectId}`);
      return project.jobIds.map((jobId) => jobRef(ctx.world.jobs.get(jobId) as JobRecord));
    },
    advanceProject: (id) => projectRef(guarded(() => projects.advanceProject(ctx.world, id, now(), emit))),
    cancelProject: (id) => projectRef(guarded(() => projects.cancelProject(ctx.world, id, now(), emit))),
    updateProjectTeam: (id) => projectRef(guarded(() => projects.updateProjectTeam(ctx.world, id, now(), emit))),
    copyProject: (id) => projectRef(guarded(() => projects.copyProject(ctx.world, id, now(), emit))),
    advanceJob: (id) => jobRef(guarded(() => projects.advanceJob(ctx.world, id, now(), emit))),
    recordJobEvent: (id, kind) => {
      if (!Object.hasOwn(projects.JOB_SIDE_EVENTS, kind)) {
        throw new OperatorError(400, 'invalid_job_event', `kind must be one of ${Object.keys(projects.JOB_SIDE_EVENTS).join(', ')}`);
      }
      return jobRef(guarded(() => projects.recordJobEvent(ctx.world, id, kind, now(), emit)));
    },
    cancelJob: (id) => jobRef(guarded(() => projects.cancelJob(ctx.world, id, now(), emit))),
    revokeCredentials: (companyId, which = 'all') => {
      companyById(companyId);
      for (const kind of kinds(which)) ctx.credentials.revoke(companyId, kind);
    },
    rotateCredentials: (companyId, which = 'all') => {
      companyById(companyId);
      for (const kind of kinds(which)) ctx.credentials.rotate(companyId, kind);
      return credentialsSnapshot(ctx).companies.find((company) => company.id === companyId) as CompanyCredentials;
    },
    addFault: (fault) => ctx.faults.add(fault),
    removeFault: (id) => ctx.faults.remove(id),
    clearFaults: () => ctx.faults.clear(),
    faults: () => ctx.faults.list(),
    events: () => ctx.bus.events(),
    deliveries: () => ctx.deliverer.records(),
    requests: () => ctx.requests.list(),
    tokenExchanges: () => ctx.requests.tokenExchanges(),
  };
}

export function credentialsSnapshot(ctx: SimulatorContext): SimulatorCredentials {
  const admin = ctx.credentials.get('admin');
  return {
    baseUrl: ctx.baseUrl(),
    adminApiKey: admin?.apiKey ?? '',
    companies: ctx.world.companies.map((company) => {
      const key = ctx.credentials.companySlot(company.id, 'api-key');
      const client = ctx.credentials.companySlot(company.id, 'client-credentials');
      return { id: company.id, name: company.name, apiKey: key.apiKey ?? '', clientId: client.clientId ?? '', clientSecret: client.clientSecret ?? '' };
    }),
  };
}

function guarded<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    if (error instanceof TransitionError) throw new OperatorError(error.code === 'not_found' ? 404 : 409, error.code, error.message);
    throw error;
  }
}
