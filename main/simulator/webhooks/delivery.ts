// Signed, asynchronous webhook deliveries with the spec's timeout and retry schedule.
import { createHmac } from 'node:crypto';
import type { ClientRequest } from 'node:http';
import { Agent, request } from 'node:https';
import { rootCertificates } from 'node:tls';
import { WEBHOOK_DELIVERY } from '../../../preload/contract';
import type { SimulatorClock } from '../clock';
import { isoDateTime } from '../model';
import { RingBuffer } from '../ring-buffer';

/**
 * Wait before each attempt. The spec says "up to 3 attempts, with waits of 1, 5 and 25
 * seconds between attempts"; three attempts have only two gaps, so this reads it as
 * attempts at t=0, t+1 s and t+6 s, and the 25 s wait goes unused. Change this one
 * constant to read it as four attempts.
 */
export const DELIVERY_SCHEDULE_MS: readonly number[] = [0, ...WEBHOOK_DELIVERY.waitsMs.slice(0, WEBHOOK_DELIVERY.attempts - 1)];
export const ATTEMPT_TIMEOUT_MS = WEBHOOK_DELIVERY.attemptTimeoutMs;
const LOG_LIMIT = 2000;

export interface DeliveryAttempt {
  attempt: number;
  at: string;
  status: number | null;
  outcome: 'delivered' | 'http-error' | 'timeout' | 'network-error';
  detail: string | null;
}

export interface DeliveryRecord {
  id: number;
  event: string;
  slotId: string;
  registrationId: string;
  url: string;
  state: 'pending' | 'delivered' | 'dropped' | 'abandoned';
  attempts: DeliveryAttempt[];
}

export interface DeliveryTarget {
  slotId: string;
  registrationId: string;
  url: string;
  secret: string;
}

/** One or more PEM certificates to trust for receivers, on top of the public roots. */
export type TrustedCa = string | Buffer | ReadonlyArray<string | Buffer>;

function caList(ca: TrustedCa | undefined): string[] {
  if (ca === undefined) return [];
  const list: ReadonlyArray<string | Buffer> = typeof ca === 'string' || Buffer.isBuffer(ca) ? [ca] : ca;
  return list.map((pem) => pem.toString()).filter((pem) => pem.trim() !== '');
}

export function signBody(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export class WebhookDeliverer {
  private readonly log = new RingBuffer<DeliveryRecord>(LOG_LIMIT);
  private readonly timers = new Set<unknown>();
  private readonly inFlight = new Set<ClientRequest>();
  private agent: Agent;
  private readonly retiredAgents: Agent[] = [];
  private readonly extraCas: string[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly clock: SimulatorClock,
    private readonly isCurrent: (target: DeliveryTarget) => boolean,
    private readonly writeLog: (line: string) => void,
    ca?: TrustedCa,
  ) {
    this.extraCas.push(...caList(ca));
    this.agent = this.newAgent();
  }

  /**
   * Trusts more CA certificates from now on, besides the public roots (a loopback receiver's
   * self-signed certificate made after the simulator started). Deliveries in flight finish
   * on the agent they started with.
   */
  trust(ca: TrustedCa): void {
    const added = caList(ca).filter((pem) => !this.extraCas.includes(pem));
    if (added.length === 0 || this.closed) return;
    this.extraCas.push(...added);
    this.retiredAgents.push(this.agent);
    this.agent = this.newAgent();
  }

  private newAgent(): Agent {
    return new Agent({ keepAlive: false, ...(this.extraCas.length > 0 ? { ca: [...rootCertificates, ...this.extraCas] } : {}) });
  }

  records(): DeliveryRecord[] {
    return this.log.toArray().map((record) => ({ ...record, attempts: record.attempts.map((attempt) => ({ ...attempt })) }));
  }

  /** Queues a delivery; the first attempt starts after the caller's request has finished. */
  enqueue(target: DeliveryTarget, event: string, payload: unknown): void {
    if (this.closed) return;
    const body = Buffer.from(JSON.stringify(payload));
    const record: DeliveryRecord = { id: this.nextId++, event, slotId: target.slotId, registrationId: target.registrationId, url: target.url, state: 'pending', attempts: [] };
    this.log.push(record);
    const headers = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': 'QuotingService-Simulator/1.0',
      'x-webhook-event': event,
      'x-webhook-signature': signBody(target.secret, body),
    };
    setImmediate(() => this.attempt(record, target, body, headers, 0));
  }

  private attempt(record: DeliveryRecord, target: DeliveryTarget, body: Buffer, headers: Record<string, string>, index: number): void {
    if (this.closed) return;
    // A replaced or deleted registration invalidates its secret: stop delivering there.
    if (!this.isCurrent(target)) {
      record.state = 'abandoned';
      return;
    }
    const at = this.clock.now();
    this.send(target.url, body, headers, (result) => {
      record.attempts.push({ attempt: index + 1, at: isoDateTime(at), ...result });
      if (result.outcome === 'delivered') {
        record.state = 'delivered';
        return;
      }
      const wait = DELIVERY_SCHEDULE_MS[index + 1];
      if (wait === undefined) {
        record.state = 'dropped';
        this.writeLog(`webhook delivery dropped: event=${record.event} url=${record.url} attempts=${record.attempts.length} last=${result.outcome}${result.status ? ` ${result.status}` : ''}`);
        return;
      }
      this.schedule(() => this.attempt(record, target, body, headers, index + 1), wait);
    });
  }

  private send(url: string, body: Buffer, headers: Record<string, string>, done: (result: Omit<DeliveryAttempt, 'attempt' | 'at'>) => void): void {
    let settled = false;
    const finish = (result: Omit<DeliveryAttempt, 'attempt' | 'at'>) => {
      if (settled) return;
      settled = true;
      this.clock.clearTimeout(timeout);
      this.timers.delete(timeout);
      this.inFlight.delete(req);
      if (!this.closed) done(result);
    };
    const req = request(url, { method: 'POST', headers, agent: this.agent }, (res) => {
      res.resume();
      const status = res.statusCode ?? 0;
      res.on('end', () => finish(status >= 200 && status < 300 ? { status, outcome: 'delivered', detail: null } : { status, outcome: 'http-error', detail: `HTTP ${status}` }));
      res.on('error', (error) => finish({ status, outcome: 'network-error', detail: error.message }));
    });
    const timeout = this.schedule(() => {
      finish({ status: null, outcome: 'timeout', detail: `no answer within ${ATTEMPT_TIMEOUT_MS} ms` });
      req.destroy();
    }, ATTEMPT_TIMEOUT_MS);
    this.inFlight.add(req);
    req.on('error', (error) => finish({ status: null, outcome: 'network-error', detail: error.message }));
    req.end(body);
  }

  private schedule(fn: () => void, ms: number): unknown {
    const handle: unknown = this.clock.setTimeout(() => {
      this.timers.delete(handle);
      fn();
    }, ms);
    this.timers.add(handle);
    return handle;
  }

  close(): void {
    this.closed = true;
    for (const handle of this.timers) this.clock.clearTimeout(handle);
    this.timers.clear();
    for (const req of this.inFlight) req.destroy();
    this.inFlight.clear();
    this.agent.destroy();
    for (const agent of this.retiredAgents) agent.destroy();
  }
}
