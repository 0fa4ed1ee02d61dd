// What arrived, per account: the inspector the activity view shows, and the health counters.
import type { SignatureCheck, SignatureFailure } from './signature';

export interface InspectedDelivery {
  /** Increasing per process; the handle for replay. */
  id: number;
  accountId: string;
  receivedAt: number;
  /** The envelope's event type (or the x-webhook-event header when the body was never read). */
  event: string | null;
  headers: Record<string, string>;
  /** The raw body; null for a refused signature (an unverified body is never kept). */
  body: Buffer | null;
  signature: SignatureCheck;
  /** null when the delivery was refused before dedupe (signature or envelope). */
  dedupe: 'new' | 'duplicate' | null;
  /** The HTTP status it was answered with. */
  status: number;
  /** The dedupe key (sha256 of the raw body) of a verified delivery. */
  key: string | null;
  /** What processing it caused, filled in when processing ends; null until then or for none. */
  caused: string | null;
}

export interface SignatureFailures {
  count: number;
  lastAt: number | null;
  lastReason: SignatureFailure | null;
}

export interface InspectorFilter {
  /** Only this event type. */
  type?: string;
  /** At most this many, newest first. */
  limit?: number;
}

/** Keeps the last `perAccount` deliveries of each account in memory. */
export class WebhookInspector {
  private readonly byAccount = new Map<string, InspectedDelivery[]>();
  /** The kept first copy of each verified event, by key: processing fills in what it caused. */
  private readonly firstByKey = new Map<string, InspectedDelivery>();
  private readonly failures = new Map<string, SignatureFailures>();
  private readonly lastVerified = new Map<string, number>();
  private nextId = 1;
  private readonly listeners = new Set<(delivery: InspectedDelivery) => void>();

  constructor(private readonly perAccount = 200) {}

  /** An id no delivery will have: other activity entries (sync's detected changes) share the sequence. */
  reserveId(): number {
    return this.nextId++;
  }

  record(entry: Omit<InspectedDelivery, 'id'>): InspectedDelivery {
    // Field by field rather than a spread: one fixed shape, built once per delivery on the receiver's hot path.
    const delivery: InspectedDelivery = {
      id: this.nextId++,
      accountId: entry.accountId,
      receivedAt: entry.receivedAt,
      event: entry.event,
      headers: entry.headers,
      body: entry.body,
      signature: entry.signature,
      dedupe: entry.dedupe,
      status: entry.status,
      key: entry.key,
      caused: entry.caused,
    };
    let list = this.byAccount.get(entry.accountId);
    if (!list) this.byAccount.set(entry.accountId, (list = []));
    list.push(delivery);
    if (delivery.key !== null && delivery.dedupe === 'new') this.firstByKey.set(delivery.key, delivery);
    while (list.length > this.perAccount) {
      const dropped = list.shift() as InspectedDelivery;
      if (dropped.key !== null && this.firstByKey.get(dropped.key) === dropped) this.firstByKey.delete(dropped.key);
    }
    if (entry.signature.ok) {
      this.lastVerified.set(entry.accountId, Math.max(entry.receivedAt, this.lastVerified.get(entry.accountId) ?? 0));
    } else {
      const failures = this.failures.get(entry.accountId) ?? { count: 0, lastAt: null, lastReason: null };
      this.failures.set(entry.accountId, { count: failures.count + 1, lastAt: entry.receivedAt, lastReason: entry.signature.reason });
    }
    this.tell(delivery);
    return delivery;
  }

  /** Told of every new entry, and of an entry again once its processing ended (the activity view follows live). Returns the unsubscribe. */
  onRecord(listener: (delivery: InspectedDelivery) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Fills in what a processed event caused, on its first (non-duplicate) copy. */
  setCaused(accountId: string, key: string, caused: string | null): void {
    const delivery = this.firstByKey.get(key);
    if (!delivery || delivery.accountId !== accountId) return;
    delivery.caused = caused;
    this.tell(delivery);
  }

  private tell(delivery: InspectedDelivery): void {
    if (this.listeners.size === 0) return;
    // A copy: a listener may unsubscribe while it is told.
    for (const listener of [...this.listeners]) listener(delivery);
  }

  list(accountId: string, filter: InspectorFilter = {}): InspectedDelivery[] {
    const all = (this.byAccount.get(accountId) ?? []).filter((delivery) => filter.type === undefined || delivery.event === filter.type);
    return all.reverse().slice(0, filter.limit ?? all.length);
  }

  get(id: number): InspectedDelivery | null {
    for (const list of this.byAccount.values()) {
      const found = list.find((delivery) => delivery.id === id);
      if (found) return found;
    }
    return null;
  }

  signatureFailures(accountId: string): SignatureFailures {
    return { ...(this.failures.get(accountId) ?? { count: 0, lastAt: null, lastReason: null }) };
  }

  lastVerifiedAt(accountId: string): number | null {
    return this.lastVerified.get(accountId) ?? null;
  }

  /** An account is gone: its deliveries and counters go too. */
  forget(accountId: string): void {
    for (const delivery of this.byAccount.get(accountId) ?? []) if (delivery.key !== null) this.firstByKey.delete(delivery.key);
    this.byAccount.delete(accountId);
    this.failures.delete(accountId);
    this.lastVerified.delete(accountId);
  }
}
