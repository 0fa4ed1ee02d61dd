import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OperatorError, startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { api, errorCode, key } from './http';

let sim: Simulator;
let admin: Record<string, string>;

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
  admin = key(sim.credentials.adminApiKey);
});
afterAll(() => sim.close());

/** The events an action raises, as "event entityNumber". */
function raisedBy(action: () => void): string[] {
  const before = sim.operator.events().length;
  action();
  return sim.operator.events().slice(before).map(({ event, data }) => `${event} ${String(data.entityNumber)}`);
}

const companyId = () => sim.credentials.companies[0]!.id;
const refusal = (action: () => unknown) => {
  try {
    action();
  } catch (error) {
    return error instanceof OperatorError ? `${error.status} ${error.code}` : String(error);
  }
  return 'allowed';
};

describe('RFQs', () => {
  it('moves a draft through assets, submission and quoting, raising the RFQ events in order', () => {
    const { operator } = sim;
    let rfq = operator.createRfq({ companyId: companyId(), projectName: 'Museum audio guide' });
    expect(rfq).toMatchObject({ status: 'draft', assets: 0, projectName: 'Museum audio guide', quoteId: null, number: expect.stringMatching(/^RFQ-\d{4}-\d{4}$/) });
    expect(raisedBy(() => (rfq = operator.uploadRfqAssets(rfq.id)))).toEqual([`rfq.assets_uploaded ${rfq.number}`]);
    expect(raisedBy(() => (rfq = operator.submitRfq(rfq.id)))).toEqual([`rfq.submitted ${rfq.number}`, `rfq.status_changed ${rfq.number}`]);
    expect(operator.uploadRfqAssets(rfq.id).assets).toBe(2);

    let quoteId = '';
    const quoteEvents = raisedBy(() => (quoteId = operator.createQuote({ companyId: companyId(), rfqId: rfq.id }).id));
    // A PENDING quote has no number yet.
    expect(quoteEvents).toEqual(['quote.created undefined', `rfq.status_changed ${rfq.number}`]);
    const quote = operator.quote(quoteId);
    expect(quote).toMatchObject({ status: 'PENDING', projectName: 'Museum audio guide', rfqId: rfq.id });
    expect(operator.rfq(rfq.id)).toMatchObject({ status: 'quoted', quoteId: quote.id });
  });

  it('serves the RFQ number on the quote it answered', async () => {
    const rfq = sim.operator.submitRfq(sim.operator.createRfq({ companyId: companyId() }).id);
    const quote = sim.operator.createQuote({ companyId: companyId(), rfqId: rfq.id });
    const details = await api(sim.baseUrl, `/api/public/v1/quotes/${quote.id}`, { headers: admin });
    expect(details.json).toMatchObject({ data: { rfqInformation: { rfqId: rfq.id, rfqNo: rfq.number } } });
  });

  it('copies an RFQ of any status into a new draft, and cancels drafts and submitted RFQs', () => {
    const { operator } = sim;
    const original = operator.submitRfq(operator.uploadRfqAssets(operator.createRfq({ companyId: companyId() }).id).id);
    let copy = operator.rfq(original.id);
    expect(raisedBy(() => (copy = operator.copyRfq(original.id)))).toEqual([`rfq.copied ${copy.number}`]);
    expect(copy).toMatchObject({ status: 'draft', assets: 1, copiedFrom: original.id, projectName: original.projectName });
    expect(copy.id).not.toBe(original.id);
    expect(raisedBy(() => operator.cancelRfq(original.id))).toEqual([`rfq.cancelled ${original.number}`, `rfq.status_changed ${original.number}`]);
    expect(operator.rfqs({ status: 'cancelled' }).map((rfq) => rfq.id)).toContain(original.id);
    expect(operator.copyRfq(original.id).status).toBe('draft');
  });

  it('refuses moves the RFQ status does not allow, unknown ids and another company', () => {
    const { operator } = sim;
    const draft = operator.createRfq({ companyId: companyId() });
    expect(refusal(() => operator.createQuote({ companyId: companyId(), rfqId: draft.id }))).toBe('409 invalid_status');
    const quotesBefore = operator.findQuotes().length;
    operator.submitRfq(draft.id);
    expect(refusal(() => operator.submitRfq(draft.id))).toBe('409 invalid_status');
    expect(refusal(() => operator.createQuote({ companyId: sim.credentials.companies[1]!.id, rfqId: draft.id }))).toBe('400 rfq_company_mismatch');
    expect(operator.findQuotes()).toHaveLength(quotesBefore);
    operator.createQuote({ companyId: companyId(), rfqId: draft.id });
    expect(refusal(() => operator.cancelRfq(draft.id))).toBe('409 invalid_status');
    expect(refusal(() => operator.uploadRfqAssets(draft.id))).toBe('409 invalid_status');
    expect(refusal(() => operator.createQuote({ companyId: companyId(), rfqId: draft.id }))).toBe('409 invalid_status');
    expect(refusal(() => operator.rfq('no-such-rfq'))).toBe('404 not_found');
    expect(refusal(() => operator.createRfq({ companyId: 'no-such-company' }))).toBe('404 company_not_found');
  });

  it('seeded quotes have quoted RFQs behind them', () => {
    const quote = sim.operator.findQuotes()[0]!;
    expect(sim.operator.rfq(quote.rfqId)).toMatchObject({ status: 'quoted', quoteId: quote.id, companyId: quote.companyId });
  });
});

describe('projects', () => {
  it('copies a project with fresh jobs: project.copied, project.created, then job.created per job', () => {
    const { operator } = sim;
    const project = operator.projects()[0]!;
    let copy = project;
    const events = raisedBy(() => (copy = operator.copyProject(project.id)));
    expect(copy).toMatchObject({ status: 'not_started', copiedFrom: project.id, quoteId: project.quoteId, name: `${project.name} (copy)` });
    expect(copy.jobIds).toHaveLength(project.jobIds.length);
    expect(events.map((line) => line.split(' ')[0])).toEqual(['project.copied', 'project.created', ...project.jobIds.map(() => 'job.created')]);
    expect(operator.jobs(copy.id).every((job) => job.status === 'created')).toBe(true);
    expect(refusal(() => operator.copyProject('no-such-project'))).toBe('404 not_found');
  });
});

describe('over /__operator', () => {
  it('creates, uploads, submits, copies and cancels RFQs, quotes one and copies projects', async () => {
    const post = (path: string, body?: unknown) => api(sim.baseUrl, `/__operator${path}`, { method: 'POST', headers: admin, body });
    const created = await post('/rfqs', { companyId: companyId(), projectName: 'Annual report' });
    expect(created.status).toBe(201);
    const rfqId = (created.json as { data: { id: string } }).data.id;
    expect((await post(`/rfqs/${rfqId}/assets`)).json).toMatchObject({ data: { assets: 1 } });
    expect((await post(`/rfqs/${rfqId}/submit`)).json).toMatchObject({ data: { status: 'submitted' } });
    const copied = await post(`/rfqs/${rfqId}/copy`);
    expect(copied.status).toBe(201);
    const copyId = (copied.json as { data: { id: string } }).data.id;
    expect((await post(`/rfqs/${copyId}/cancel`)).json).toMatchObject({ data: { status: 'cancelled' } });
    const quote = await post('/quotes', { companyId: companyId(), rfqId });
    expect(quote.status).toBe(201);
    expect(quote.json).toMatchObject({ data: { rfqId, projectName: 'Annual report' } });
    const listed = await api(sim.baseUrl, `/__operator/rfqs?companyId=${companyId()}&status=quoted`, { headers: admin });
    expect((listed.json as { data: { id: string }[] }).data.map((rfq) => rfq.id)).toContain(rfqId);
    expect((await api(sim.baseUrl, `/__operator/rfqs/${rfqId}`, { headers: admin })).json).toMatchObject({ data: { status: 'quoted' } });

    const projectId = sim.operator.projects()[0]!.id;
    const projectCopy = await post(`/projects/${projectId}/copy`);
    expect(projectCopy.status).toBe(201);
    expect(projectCopy.json).toMatchObject({ data: { copiedFrom: projectId } });
  });

  it('answers 409, 404 and 400 for refused RFQ moves, unknown ids and bad bodies', async () => {
    const post = (path: string, body?: unknown) => api(sim.baseUrl, `/__operator${path}`, { method: 'POST', headers: admin, body });
    const draft = sim.operator.createRfq({ companyId: companyId() });
    const early = await post('/quotes', { companyId: companyId(), rfqId: draft.id });
    expect([early.status, errorCode(early)]).toEqual([409, 'invalid_status']);
    expect((await post('/rfqs/nope/submit')).status).toBe(404);
    expect((await post('/rfqs', { companyId: companyId(), extra: true })).status).toBe(400);
    expect((await api(sim.baseUrl, '/__operator/rfqs?status=open', { headers: admin })).status).toBe(400);
  });
});
