// /__operator/...: the operator object over HTTP, for the admin key only.
import { z } from 'zod';
import { QuoteStatus } from '../../../preload/contract';
import { authenticate } from '../auth/authenticate';
import type { SimulatorContext } from '../context';
import { FaultSpec } from '../faults';
import type { Operator } from '../operator';
import { OperatorError } from '../operator';
import type { Reply } from './reply';
import { HttpError, ok } from './reply';
import type { RouteRequest } from './router';
import { Router } from './router';

const ID = '([^/]+)';
const path = (pattern: string) => new RegExp(`^/__operator${pattern}$`);
const AwaitingClient = z.strictObject({ awaitingClient: z.boolean().optional() }).optional();
const ProjectName = z.string().min(1).max(200).optional();
const NewQuote = z.strictObject({ companyId: z.string().min(1), projectName: ProjectName, rfqId: z.string().min(1).optional() });
const NewRfq = z.strictObject({ companyId: z.string().min(1), projectName: ProjectName });
const RfqStatus = z.enum(['draft', 'submitted', 'quoted', 'cancelled']);
const Which = z.strictObject({ which: z.enum(['api-key', 'client-credentials', 'all']).optional() }).optional();
const JobEvent = z.strictObject({ kind: z.enum(['request_rejected', 'reassigned', 'delivery_updated', 'delivery_rejected', 'feedback_submitted']) });

export function operatorRouter(ctx: SimulatorContext, operator: Operator): Router {
  const admin = (handler: (request: RouteRequest) => unknown, status = 200) => async (request: RouteRequest): Promise<Reply> => {
    const principal = await authenticate(request.req.headers, ctx.credentials, ctx.tokens);
    if (!principal) throw new HttpError(401, 'unauthorized', 'The operator side needs the admin key in Api-key');
    if (principal.kind !== 'admin') throw new HttpError(403, 'forbidden', 'The operator side needs the admin key');
    try {
      const result: unknown = await handler(request);
      return result === undefined ? { status: 204 } : ok(result, status);
    } catch (error) {
      if (error instanceof OperatorError) throw new HttpError(error.status, error.code, error.message);
      if (error instanceof z.ZodError) throw new HttpError(400, 'invalid_body', z.prettifyError(error));
      throw error;
    }
  };
  const id = (request: RouteRequest) => request.params[0] ?? '';
  const query = (request: RouteRequest, name: string) => request.url.searchParams.get(name) ?? undefined;

  return new Router()
    .on('GET', path('/companies'), admin(() => operator.companies()))
    .on('GET', path('/credentials'), admin(() => operator.credentials()))
    .on('GET', path('/quotes'), admin((request) => {
      const status = query(request, 'status');
      return operator.findQuotes({ companyId: query(request, 'companyId'), ...(status ? { status: QuoteStatus.parse(status) } : {}) });
    }))
    .on('GET', path('/rfqs'), admin((request) => {
      const status = query(request, 'status');
      return operator.rfqs({ companyId: query(request, 'companyId'), ...(status ? { status: RfqStatus.parse(status) } : {}) });
    }))
    .on('POST', path('/rfqs'), admin(async ({ json }) => operator.createRfq(NewRfq.parse(await json())), 201))
    .on('GET', path(`/rfqs/${ID}`), admin((request) => operator.rfq(id(request))))
    .on('POST', path(`/rfqs/${ID}/assets`), admin((request) => operator.uploadRfqAssets(id(request))))
    .on('POST', path(`/rfqs/${ID}/submit`), admin((request) => operator.submitRfq(id(request))))
    .on('POST', path(`/rfqs/${ID}/copy`), admin((request) => operator.copyRfq(id(request)), 201))
    .on('POST', path(`/rfqs/${ID}/cancel`), admin((request) => operator.cancelRfq(id(request))))
    .on('POST', path('/quotes'), admin(async ({ json }) => operator.createQuote(NewQuote.parse(await json())), 201))
    .on('GET', path(`/quotes/${ID}`), admin((request) => operator.quote(id(request))))
    .on('GET', path(`/quotes/${ID}/revisions`), admin((request) => operator.quoteRevisions(id(request))))
    .on('POST', path(`/quotes/${ID}/issue`), admin(async (request) => operator.issueQuote(id(request), AwaitingClient.parse(await request.json()))))
    .on('POST', path(`/quotes/${ID}/revise`), admin((request) => operator.reviseQuote(id(request))))
    .on('POST', path(`/quotes/${ID}/reissue`), admin(async (request) => operator.reissueQuote(id(request), AwaitingClient.parse(await request.json()))))
    .on('POST', path(`/quotes/${ID}/cancel`), admin((request) => operator.cancelQuote(id(request))))
    .on('POST', path(`/quotes/${ID}/expire`), admin((request) => operator.expireQuote(id(request))))
    .on('POST', path(`/quotes/${ID}/convert`), admin((request) => operator.convertAcceptedQuote(id(request))))
    .on('GET', path('/projects'), admin((request) => operator.projects({ companyId: query(request, 'companyId'), quoteId: query(request, 'quoteId') })))
    .on('GET', path(`/projects/${ID}/jobs`), admin((request) => operator.jobs(id(request))))
    .on('POST', path(`/projects/${ID}/advance`), admin((request) => operator.advanceProject(id(request))))
    .on('POST', path(`/projects/${ID}/cancel`), admin((request) => operator.cancelProject(id(request))))
    .on('POST', path(`/projects/${ID}/team`), admin((request) => operator.updateProjectTeam(id(request))))
    .on('POST', path(`/projects/${ID}/copy`), admin((request) => operator.copyProject(id(request)), 201))
    .on('POST', path(`/jobs/${ID}/advance`), admin((request) => operator.advanceJob(id(request))))
    .on('POST', path(`/jobs/${ID}/cancel`), admin((request) => operator.cancelJob(id(request))))
    .on('POST', path(`/jobs/${ID}/events`), admin(async (request) => operator.recordJobEvent(id(request), JobEvent.parse(await request.json()).kind)))
    .on('POST', path(`/companies/${ID}/revoke`), admin(async (request) => operator.revokeCredentials(id(request), Which.parse(await request.json())?.which)))
    .on('POST', path(`/companies/${ID}/rotate`), admin(async (request) => operator.rotateCredentials(id(request), Which.parse(await request.json())?.which)))
    .on('GET', path('/faults'), admin(() => operator.faults()))
    .on('POST', path('/faults'), admin(async ({ json }) => ({ id: operator.addFault(FaultSpec.parse(await json())) }), 201))
    .on('DELETE', path('/faults'), admin(() => operator.clearFaults()))
    .on('DELETE', path(`/faults/${ID}`), admin((request) => {
      if (!operator.removeFault(id(request))) throw new OperatorError(404, 'fault_not_found', `No fault ${id(request)}`);
    }))
    .on('GET', path('/events'), admin(() => operator.events()))
    .on('GET', path('/deliveries'), admin(() => operator.deliveries()))
    .on('GET', path('/requests'), admin(() => ({ tokenExchanges: operator.tokenExchanges(), requests: operator.requests() })));
}
