// RFQs, the client's requests that quotes answer. The spec names their events but not
// their statuses; the simulator's are draft -> submitted -> quoted, or cancelled.
import type { CompanyRecord, QuoteRecord, RfqRecord, RfqStatus } from '../model';
import { PROJECT_QUALIFIERS, PROJECT_SUBJECTS } from '../seed/catalog';
import type { World } from '../world';
import type { Emit } from './event';
import { TransitionError } from './event';

/** The initial RFQ information: a draft, raising rfq.info_submitted. */
export function createRfq(world: World, company: CompanyRecord, at: number, emit: Emit, projectName?: string): RfqRecord {
  const name = projectName ?? `${world.random.pick(PROJECT_SUBJECTS)} ${world.random.pick(PROJECT_QUALIFIERS)}`;
  const rfq = newRfq(world, company.id, name, at);
  emitRfq(emit, rfq, 'rfq.info_submitted', at);
  return rfq;
}

/** Adds a source file to a draft or submitted RFQ. */
export function uploadRfqAssets(world: World, rfqId: string, at: number, emit: Emit): RfqRecord {
  const rfq = findRfq(world, rfqId);
  requireStatus(rfq, ['draft', 'submitted'], 'given assets');
  rfq.assets += 1;
  rfq.updatedAt = at;
  emitRfq(emit, rfq, 'rfq.assets_uploaded', at);
  return rfq;
}

export function submitRfq(world: World, rfqId: string, at: number, emit: Emit): RfqRecord {
  const rfq = findRfq(world, rfqId);
  requireStatus(rfq, ['draft'], 'submitted');
  emitRfq(emit, rfq, 'rfq.submitted', at);
  setStatus(rfq, 'submitted', at, emit);
  return rfq;
}

/** A new draft with the same project and assets, from an RFQ in any status. */
export function copyRfq(world: World, rfqId: string, at: number, emit: Emit): RfqRecord {
  const original = findRfq(world, rfqId);
  const copy = newRfq(world, original.companyId, original.projectName, at);
  copy.assets = original.assets;
  copy.copiedFrom = original.id;
  emitRfq(emit, copy, 'rfq.copied', at);
  return copy;
}

export function cancelRfq(world: World, rfqId: string, at: number, emit: Emit): RfqRecord {
  const rfq = findRfq(world, rfqId);
  requireStatus(rfq, ['draft', 'submitted'], 'cancelled');
  emitRfq(emit, rfq, 'rfq.cancelled', at);
  setStatus(rfq, 'cancelled', at, emit);
  return rfq;
}

/** Only a submitted RFQ can be answered by a quote. */
export function assertRfqQuotable(rfq: RfqRecord): void {
  requireStatus(rfq, ['submitted'], 'quoted');
}

/** A submitted RFQ that a new quote answers: submitted -> quoted. */
export function markRfqQuoted(rfq: RfqRecord, quoteId: string, at: number, emit: Emit): void {
  assertRfqQuotable(rfq);
  rfq.quoteId = quoteId;
  setStatus(rfq, 'quoted', at, emit);
}

/** The record of an RFQ already answered by `quote` (seeded quotes, and quotes created without an RFQ). */
export function recordQuotedRfq(world: World, quote: QuoteRecord): RfqRecord {
  const rfq: RfqRecord = {
    id: quote.rfqId,
    number: quote.rfqNumber,
    companyId: quote.companyId,
    projectName: quote.projectName,
    status: 'quoted',
    assets: 1,
    quoteId: quote.id,
    copiedFrom: null,
    createdAt: quote.createdAt,
    updatedAt: quote.createdAt,
  };
  world.rfqs.set(rfq.id, rfq);
  return rfq;
}

export function findRfq(world: World, id: string): RfqRecord {
  const rfq = world.rfqs.get(id);
  if (!rfq) throw new TransitionError(`No RFQ ${id}`, 'not_found');
  return rfq;
}

function newRfq(world: World, companyId: string, projectName: string, at: number): RfqRecord {
  const rfq: RfqRecord = {
    id: world.random.uuid(),
    number: world.nextRfqNumber(at),
    companyId,
    projectName,
    status: 'draft',
    assets: 0,
    quoteId: null,
    copiedFrom: null,
    createdAt: at,
    updatedAt: at,
  };
  world.rfqs.set(rfq.id, rfq);
  return rfq;
}

function requireStatus(rfq: RfqRecord, allowed: readonly RfqStatus[], verb: string): void {
  if (!allowed.includes(rfq.status)) throw new TransitionError(`RFQ ${rfq.number} is ${rfq.status} and cannot be ${verb}`, 'invalid_status');
}

function setStatus(rfq: RfqRecord, status: RfqStatus, at: number, emit: Emit): void {
  const oldStatus = rfq.status;
  rfq.status = status;
  rfq.updatedAt = at;
  emitRfq(emit, rfq, 'rfq.status_changed', at, { oldStatus, newStatus: status });
}

function emitRfq(emit: Emit, rfq: RfqRecord, event: string, at: number, statuses: { oldStatus?: string; newStatus?: string } = {}): void {
  emit({ event, entityId: rfq.id, companyId: rfq.companyId, at, entityNumber: rfq.number, ...statuses });
}
