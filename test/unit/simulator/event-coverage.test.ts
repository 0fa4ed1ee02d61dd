import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES, WebhookEnvelope } from '../../../preload/contract';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, key, waitFor } from './http';
import { startReceiver } from './https-receiver';
import type { Receiver } from './https-receiver';

// Every event type of the spec is raised by some operator or client action, and reaches a
// client's webhook as an envelope the contract accepts, with the spec's data fields.

let sim: Simulator;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSimulator({ seed: 12, quotes: 20, webhookCa: receiver.ca, log: () => undefined });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

/** Drives every kind of change once, as the operator and as the client. */
async function raiseEverything(companyId: string, clientKey: Record<string, string>): Promise<void> {
  const { operator } = sim;
  const rfq = operator.createRfq({ companyId, projectName: 'Spring catalogue' });
  operator.uploadRfqAssets(rfq.id);
  operator.submitRfq(rfq.id);
  operator.cancelRfq(operator.copyRfq(rfq.id).id);

  const accepted = operator.createQuote({ companyId, rfqId: rfq.id });
  operator.issueQuote(accepted.id);
  operator.reviseQuote(accepted.id);
  operator.reissueQuote(accepted.id);
  expect((await api(sim.baseUrl, `/api/public/v1/quotes/${accepted.id}/accept`, { method: 'POST', headers: clientKey })).status).toBe(200);
  const declined = operator.issueQuote(operator.createQuote({ companyId }).id);
  expect((await api(sim.baseUrl, `/api/public/v1/quotes/${declined.id}/decline`, { method: 'POST', headers: clientKey, body: { reason: 'Too late' } })).status).toBe(200);
  operator.cancelQuote(operator.createQuote({ companyId }).id);

  const project = operator.projects({ quoteId: accepted.id })[0]!;
  const copy = operator.copyProject(project.id);
  operator.updateProjectTeam(project.id);
  for (let step = 0; step < 4; step++) operator.advanceProject(project.id);
  const [finished] = operator.jobs(project.id);
  for (let step = 0; step < 6; step++) operator.advanceJob(finished!.id);
  const [troubled] = operator.jobs(copy.id);
  for (const kind of ['request_rejected', 'reassigned', 'delivery_updated', 'delivery_rejected', 'feedback_submitted'] as const) {
    operator.recordJobEvent(troubled!.id, kind);
  }
  operator.cancelJob(troubled!.id);
  operator.cancelProject(copy.id);
}

describe('event coverage', () => {
  it('raises all of the spec event types, delivered signed to the company webhook as valid envelopes', async () => {
    const company = sim.credentials.companies[0]!;
    const clientKey = key(company.apiKey);
    const registered = await api(sim.baseUrl, '/api/public/v1/webhooks', { method: 'POST', headers: clientKey, body: { url: receiver.url } });
    const secret = (registered.json as { data: { secret: string } }).data.secret;

    await raiseEverything(company.id, clientKey);

    const raised = sim.operator.events();
    await waitFor(() => receiver.received.length === raised.length, 'every raised event to be delivered');
    const delivered = receiver.received.map((delivery) => {
      expect(delivery.headers['x-webhook-signature']).toBe(createHmac('sha256', secret).update(delivery.raw).digest('hex'));
      const envelope = WebhookEnvelope.parse(JSON.parse(delivery.raw.toString('utf8')));
      expect(delivery.headers['x-webhook-event']).toBe(envelope.event);
      expect(envelope.data.companyId).toBe(company.id);
      return envelope;
    });
    const missing = EVENT_TYPES.filter((type) => !delivered.some((envelope) => envelope.event === type));
    expect(missing).toEqual([]);
    expect(EVENT_TYPES).toHaveLength(34);
  });

  it('carries the spec fields: RFQ numbers, statuses where the spec lists them, project names', () => {
    const byType = (type: string) => sim.operator.events().filter((envelope) => envelope.event === type).map((envelope) => envelope.data);
    for (const type of EVENT_TYPES.filter((name) => name.startsWith('rfq.'))) {
      for (const data of byType(type)) expect(data.entityNumber).toMatch(/^RFQ-\d{4}-\d{4}$/);
    }
    expect(byType('rfq.status_changed').map((data) => `${String(data.oldStatus)}->${String(data.newStatus)}`)).toEqual([
      'draft->submitted',
      'draft->cancelled',
      'submitted->quoted',
      'submitted->quoted',
      'submitted->quoted',
    ]);
    for (const data of byType('quote.created')) expect(data).toMatchObject({ newStatus: 'PENDING' });
    for (const data of byType('project.status_changed')) {
      expect(data).toEqual(expect.objectContaining({ oldStatus: expect.any(String), newStatus: expect.any(String), entityName: expect.any(String) }));
    }
    const [copied] = byType('project.copied');
    expect(copied).toMatchObject({ entityName: expect.stringMatching(/\(copy\)$/), entityNumber: expect.stringMatching(/^P-\d{4}-\d{4}$/) });
  });
});
