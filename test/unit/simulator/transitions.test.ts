import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteDecisionResponse, QuoteDetailsResponse, WebhookEnvelope } from '../../../preload/contract';
import type { QuoteStatus } from '../../../preload/contract';
import { ManualClock, OperatorError, startSimulator } from '../../../main/simulator';
import type { EventEnvelope, Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

let sim: Simulator;
let admin: Record<string, string>;
let clock: ManualClock;

beforeAll(async () => {
  clock = new ManualClock();
  sim = await startSimulator({ seed: 8, quotes: 120, clock });
  admin = key(sim.credentials.adminApiKey);
});
afterAll(() => sim.close());

function clientHeaders(companyId: string) {
  return key(sim.credentials.companies.find((company) => company.id === companyId)!.apiKey);
}

function quoteWith(status: QuoteStatus) {
  const quote = sim.operator.findQuotes({ status }).find((candidate) => candidate.total !== null);
  if (!quote) throw new Error(`seed has no priced ${status} quote`);
  return quote;
}

/** Events raised by `action`, in order. */
function eventsDuring(action: () => unknown): EventEnvelope[] {
  const before = sim.operator.events().length;
  action();
  return sim.operator.events().slice(before);
}

async function eventsDuringAsync(action: () => Promise<unknown>): Promise<EventEnvelope[]> {
  const before = sim.operator.events().length;
  await action();
  return sim.operator.events().slice(before);
}

describe('accept', () => {
  it.each(['SENT', 'REVISED'] as const)('turns a stored %s quote into a project and raises its events', async (status) => {
    const quote = quoteWith(status);
    const events = await eventsDuringAsync(async () => {
      const response = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/accept`, { method: 'POST', headers: clientHeaders(quote.companyId) });
      expect(response.status).toBe(200);
      expect(QuoteDecisionResponse.parse(response.json).data).toMatchObject({ id: quote.id, status: 'CHANGED_TO_PROJECT' });
    });
    expect(sim.operator.quote(quote.id).status).toBe('CHANGED_TO_PROJECT');
    const [project] = sim.operator.projects({ quoteId: quote.id });
    expect(project).toMatchObject({ companyId: quote.companyId, name: quote.projectName, status: 'not_started' });
    expect(project!.jobIds.length).toBeGreaterThan(0);
    const names = events.map((event) => event.event);
    expect(names.slice(0, 4)).toEqual(['quote.accepted', 'quote.status_changed', 'quote.converted_to_project', 'project.created']);
    expect(names.filter((name) => name === 'job.created')).toHaveLength(project!.jobIds.length);
    expect(events[1]!.data).toMatchObject({ entityId: quote.id, companyId: quote.companyId, entityNumber: quote.quoteNumber, oldStatus: status, newStatus: 'CHANGED_TO_PROJECT' });
    for (const event of events) expect(WebhookEnvelope.safeParse(event).success).toBe(true);
  });

  it.each(['PENDING', 'SENT_PENDING', 'SENT_REVISED', 'ACCEPTED', 'REJECTED', 'EXPIRED', 'CANCELLED', 'CHANGED_TO_PROJECT'] as const)(
    'refuses a stored %s quote with 400 and changes nothing',
    async (status) => {
      const quote = sim.operator.findQuotes({ status })[0]!;
      for (const action of ['accept', 'decline']) {
        const response = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/${action}`, { method: 'POST', headers: admin });
        expect(response.status).toBe(400);
        expect(errorCode(response)).toBe('invalid_status');
      }
      expect(sim.operator.quote(quote.id).status).toBe(status);
    },
  );

  it.each([
    ['SENT_PENDING', 'PENDING'],
    ['SENT_REVISED', 'REVISED'],
  ] as const)('names a stored %s quote by its client-facing status %s in the 400 a client key gets', async (stored, seen) => {
    const quote = sim.operator.findQuotes({ status: stored })[0]!;
    for (const action of ['accept', 'decline']) {
      const client = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/${action}`, { method: 'POST', headers: clientHeaders(quote.companyId) });
      expect(client.status).toBe(400);
      expect(client.text).not.toContain(stored);
      expect(client.text).toContain(`is ${seen} and cannot be`);
      const internal = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/${action}`, { method: 'POST', headers: admin });
      expect(internal.text).toContain(`is ${stored} and cannot be`);
    }
  });
});

describe('decline', () => {
  it('accepts an omitted body, an empty object and a reason up to 1000 characters (UTF-16 code units)', async () => {
    const [a, b, c, d] = sim.operator.findQuotes({ status: 'SENT' });
    for (const [quote, body] of [[a, undefined], [b, {}], [c, { reason: 'r'.repeat(1000) }], [d, { reason: '😀'.repeat(500) }]] as const) {
      const events = await eventsDuringAsync(async () => {
        const response = await api(sim.baseUrl, `/api/public/v1/quotes/${quote!.id}/decline`, { method: 'POST', headers: clientHeaders(quote!.companyId), body });
        expect(response.status).toBe(200);
        expect(QuoteDecisionResponse.parse(response.json).data).toMatchObject({ id: quote!.id, status: 'REJECTED' });
      });
      expect(events.map((event) => event.event)).toEqual(['quote.rejected', 'quote.status_changed']);
      // The client key's deliveries see SENT as PENDING; the operator log keeps stored values.
      expect(events[1]!.data).toMatchObject({ oldStatus: 'SENT', newStatus: 'REJECTED' });
    }
  });

  it.each([
    ['a reason over 1000 characters', { reason: 'r'.repeat(1001) }],
    // The limit counts UTF-16 code units, as the contract's zod .max does: 501 code points, 1001 units.
    ['a reason over 1000 UTF-16 code units', { reason: '😀'.repeat(500) + 'r' }],
    ['a numeric reason', { reason: 42 }],
    ['an array body', ['no']],
    ['a string body', 'just text'],
  ])('answers 400 for %s', async (_name, body) => {
    const quote = sim.operator.findQuotes({ status: 'REVISED' })[0]!;
    const response = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}/decline`, {
      method: 'POST',
      headers: { ...admin, 'content-type': 'application/json' },
      body: typeof body === 'string' ? JSON.stringify(body) : body,
    });
    expect(response.status).toBe(400);
    expect(sim.operator.quote(quote.id).status).toBe('REVISED');
  });
});

describe('operator transitions', () => {
  it('creates, issues, revises, re-issues and lets the client accept, raising every event', async () => {
    const companyId = sim.operator.companies()[0]!.id;
    const created = eventsDuring(() => sim.operator.createQuote({ companyId, projectName: 'Operator flow test' }));
    expect(created.map((event) => event.event)).toEqual(['rfq.submitted', 'quote.created', 'rfq.status_changed']);
    const quoteId = created[1]!.data.entityId as string;
    expect(created[1]!.data).toMatchObject({ companyId, newStatus: 'PENDING' });
    expect(created[1]!.data).not.toHaveProperty('oldStatus');
    expect(created[2]!.data).toMatchObject({ oldStatus: 'submitted', newStatus: 'quoted' });
    expect(sim.operator.quote(quoteId)).toMatchObject({ status: 'PENDING', quoteNumber: null });

    await clock.advance(60_000);
    const issued = eventsDuring(() => sim.operator.issueQuote(quoteId));
    const numbered = sim.operator.quote(quoteId);
    expect(numbered.status).toBe('SENT');
    expect(numbered.quoteNumber).toMatch(/^Q-\d{4}-\d{4}$/);
    expect(issued.map((event) => [event.event, event.data.oldStatus, event.data.newStatus])).toEqual([
      ['quote.status_changed', 'PENDING', 'SENT'],
      ['quote.sent_to_client', undefined, undefined],
    ]);

    const revised = eventsDuring(() => sim.operator.reviseQuote(quoteId));
    expect(revised.map((event) => event.event)).toEqual(['quote.status_changed']);
    const revisions = sim.operator.quoteRevisions(quoteId);
    expect(revisions).toHaveLength(2);
    expect(revisions[1]!.total).not.toBe(revisions[0]!.total);
    const detail = QuoteDetailsResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}`, { headers: admin })).json).data;
    expect(detail.status).toBe('REVISED');
    expect(detail.totalPrice!.amount).toBe(revisions[1]!.total);

    const reissued = eventsDuring(() => sim.operator.reissueQuote(quoteId, { awaitingClient: true }));
    expect(reissued.map((event) => event.event)).toEqual(['quote.status_changed', 'quote.revised_and_sent']);
    expect(sim.operator.quote(quoteId).status).toBe('SENT_REVISED');
    const clientView = QuoteDetailsResponse.parse((await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}`, { headers: clientHeaders(companyId) })).json).data;
    expect(clientView.status).toBe('REVISED');
    // Stored SENT_REVISED is not SENT or REVISED: the spec's precondition refuses it.
    expect((await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}/accept`, { method: 'POST', headers: clientHeaders(companyId) })).status).toBe(400);

    sim.operator.reviseQuote(quoteId);
    sim.operator.reissueQuote(quoteId);
    expect(sim.operator.quote(quoteId).status).toBe('SENT');
    expect((await api(sim.baseUrl, `/api/public/v1/quotes/${quoteId}/accept`, { method: 'POST', headers: clientHeaders(companyId) })).status).toBe(200);
  });

  it('cancels, expires and converts accepted quotes, and refuses impossible moves', () => {
    const pending = sim.operator.findQuotes({ status: 'PENDING' });
    const cancelled = eventsDuring(() => sim.operator.cancelQuote(pending[0]!.id));
    expect(cancelled.map((event) => event.event)).toEqual(['quote.cancelled', 'quote.status_changed']);
    const expired = eventsDuring(() => sim.operator.expireQuote(quoteWith('SENT').id));
    expect(expired.map((event) => [event.event, event.data.newStatus])).toEqual([['quote.status_changed', 'EXPIRED']]);

    const accepted = quoteWith('ACCEPTED');
    const converted = eventsDuring(() => sim.operator.convertAcceptedQuote(accepted.id));
    expect(converted.slice(0, 3).map((event) => event.event)).toEqual(['quote.status_changed', 'quote.converted_to_project', 'project.created']);

    expect(() => sim.operator.issueQuote(accepted.id)).toThrow(OperatorError);
    expect(() => sim.operator.reissueQuote(quoteWith('SENT').id)).toThrow(/cannot be re-issued/);
    expect(() => sim.operator.cancelQuote(quoteWith('REJECTED').id)).toThrow(/cannot be cancelled/);
    expect(() => sim.operator.quote('nope')).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('advances projects and jobs with their events', () => {
    const project = sim.operator.projects().find((candidate) => candidate.status === 'not_started' && candidate.jobIds.length > 0)!;
    const steps = [1, 2, 3, 4].map(() => eventsDuring(() => sim.operator.advanceProject(project.id)));
    expect(steps.map((events) => events.map((event) => event.event))).toEqual([
      ['project.status_changed'],
      ['project.status_changed', 'project.delivered'],
      ['project.status_changed', 'project.sent_for_billing'],
      ['project.status_changed'],
    ]);
    expect(steps[0]![0]!.data).toMatchObject({ entityId: project.id, entityNumber: project.number, entityName: project.name, oldStatus: 'not_started', newStatus: 'in_progress' });
    expect(() => sim.operator.advanceProject(project.id)).toThrow(/cannot advance/);

    const jobId = project.jobIds[0]!;
    const jobEvents = [1, 2, 3, 4, 5, 6].flatMap(() => eventsDuring(() => sim.operator.advanceJob(jobId)).map((event) => event.event));
    expect(jobEvents).toEqual(['job.talent_assigned', 'job.started', 'job.delivery_submitted', 'job.delivery_approved', 'job.approved_for_invoicing', 'job.archived']);
    const other = project.jobIds[1] ?? sim.operator.projects().flatMap((candidate) => candidate.jobIds).find((id) => id !== jobId)!;
    for (const kind of ['request_rejected', 'reassigned', 'delivery_updated', 'delivery_rejected', 'feedback_submitted'] as const) {
      expect(eventsDuring(() => sim.operator.recordJobEvent(other, kind)).map((event) => event.event)).toEqual([`job.${kind}`]);
    }
    expect(eventsDuring(() => sim.operator.cancelJob(other)).map((event) => event.event)).toEqual(['job.cancelled']);

    const another = sim.operator.projects().find((candidate) => candidate.status === 'not_started')!;
    expect(eventsDuring(() => sim.operator.updateProjectTeam(another.id)).map((event) => event.event)).toEqual(['project.team_updated']);
    expect(eventsDuring(() => sim.operator.cancelProject(another.id)).map((event) => event.event)).toEqual(['project.status_changed', 'project.cancelled']);
  });

  it('stamps every event with the simulator clock and the spec\'s required fields', () => {
    for (const event of sim.operator.events()) {
      const parsed = WebhookEnvelope.parse(event);
      expect(Date.parse(parsed.data.timestamp)).toBeLessThanOrEqual(clock.now());
    }
  });
});

describe('operator over HTTP', () => {
  it('needs the admin key and maps refusals to statuses', async () => {
    const companyId = sim.operator.companies()[1]!.id;
    expect((await api(sim.baseUrl, '/__operator/companies')).status).toBe(401);
    expect((await api(sim.baseUrl, '/__operator/companies', { headers: clientHeaders(companyId) })).status).toBe(403);
    const created = await api(sim.baseUrl, '/__operator/quotes', { method: 'POST', headers: admin, body: { companyId } });
    expect(created.status).toBe(201);
    const quoteId = (created.json as { data: { id: string } }).data.id;
    const issued = await api(sim.baseUrl, `/__operator/quotes/${quoteId}/issue`, { method: 'POST', headers: admin, body: { awaitingClient: true } });
    expect((issued.json as { data: { status: string } }).data.status).toBe('SENT_PENDING');
    expect((await api(sim.baseUrl, `/__operator/quotes/${quoteId}/issue`, { method: 'POST', headers: admin })).status).toBe(409);
    expect((await api(sim.baseUrl, '/__operator/quotes/unknown/cancel', { method: 'POST', headers: admin })).status).toBe(404);
    expect((await api(sim.baseUrl, '/__operator/quotes', { method: 'POST', headers: admin, body: { companyId: 7 } })).status).toBe(400);
    expect((await api(sim.baseUrl, '/__operator/faults', { method: 'POST', headers: admin, body: { kind: 'explode' } })).status).toBe(400);
    const revoked = await api(sim.baseUrl, `/__operator/companies/${companyId}/revoke`, { method: 'POST', headers: admin, body: { which: 'api-key' } });
    expect(revoked.status).toBe(204);
    expect((await api(sim.baseUrl, '/api/public/v1/quotes?page=1&limit=1', { headers: clientHeaders(companyId) })).status).toBe(401);
    const rotated = await api(sim.baseUrl, `/__operator/companies/${companyId}/rotate`, { method: 'POST', headers: admin, body: { which: 'api-key' } });
    const newKey = (rotated.json as { data: { apiKey: string } }).data.apiKey;
    expect((await api(sim.baseUrl, '/api/public/v1/quotes?page=1&limit=1', { headers: key(newKey) })).status).toBe(200);
  });
});
