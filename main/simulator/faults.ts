// Fault injection for the public paths: latency, 4xx/5xx (e.g. 429), resets, broken bodies, stalls.
import { z } from 'zod';
import type { Random } from './random';

export const FAULT_KINDS = [
  'latency',
  'error',
  'reset-before',
  'reset-after',
  'malformed-json',
  'schema-violation',
  'stall-headers',
  'stall-body',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const FaultSpec = z.strictObject({
  kind: z.enum(FAULT_KINDS),
  match: z.strictObject({ method: z.string().min(1).optional(), pathPrefix: z.string().startsWith('/').optional() }).optional(),
  /** How many matching requests it applies to; unlimited when omitted. */
  times: z.number().int().positive().optional(),
  /** The share of matching requests it applies to; all when omitted. */
  rate: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  /** For `error`: the status to answer, any 4xx or 5xx such as 429 or 503 (default 503). */
  status: z.number().int().min(400).max(599).optional(),
  /** For `error`: a Retry-After header, in seconds. */
  retryAfter: z.number().int().min(0).optional(),
});
export type FaultSpec = z.infer<typeof FaultSpec>;

export interface ActiveFault extends FaultSpec {
  id: string;
  applied: number;
}

export interface FaultDecision {
  latencyMs: number;
  fault: ActiveFault | null;
}

export class FaultInjector {
  private faults: ActiveFault[] = [];
  private nextId = 1;

  constructor(private readonly random: Random) {}

  /** Adds a fault; throws a ZodError naming the bad field for an invalid spec. */
  add(spec: FaultSpec): string {
    const parsed = FaultSpec.parse(spec);
    const id = `fault-${this.nextId++}`;
    this.faults.push({ ...parsed, id, applied: 0 });
    return id;
  }

  remove(id: string): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter((fault) => fault.id !== id);
    return this.faults.length < before;
  }

  clear(): void {
    this.faults = [];
  }

  list(): ActiveFault[] {
    return this.faults.map((fault) => ({ ...fault }));
  }

  /** Which faults hit this request: every matching latency adds up, then the first other fault. */
  decide(method: string, path: string): FaultDecision {
    let latencyMs = 0;
    let chosen: ActiveFault | null = null;
    for (const fault of this.faults) {
      if (!this.matches(fault, method, path)) continue;
      if (fault.kind !== 'latency' && chosen) continue;
      if (fault.rate !== undefined && this.random.next() >= fault.rate) continue;
      fault.applied += 1;
      if (fault.kind === 'latency') latencyMs += fault.latencyMs ?? 0;
      else chosen = fault;
    }
    this.faults = this.faults.filter((fault) => fault.times === undefined || fault.applied < fault.times);
    return { latencyMs, fault: chosen };
  }

  private matches(fault: ActiveFault, method: string, path: string): boolean {
    if (fault.match?.method && fault.match.method.toUpperCase() !== method) return false;
    if (fault.match?.pathPrefix && !path.startsWith(fault.match.pathPrefix)) return false;
    return true;
  }
}

/** A valid JSON body with a required field taken out, for the `schema-violation` fault. */
export function violateSchema(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { success: true };
  const copy = structuredClone(body) as Record<string, unknown>;
  const data = copy.data;
  if (copy.pagination && typeof copy.pagination === 'object') delete (copy.pagination as Record<string, unknown>).total;
  else if (Array.isArray(data) && data[0] && typeof data[0] === 'object') delete (data[0] as Record<string, unknown>)[requiredKey(data[0] as object)];
  else if (data && typeof data === 'object' && !Array.isArray(data)) delete (data as Record<string, unknown>)[requiredKey(data)];
  else if ('accessToken' in copy) delete copy.accessToken;
  else delete copy.success;
  return copy;
}

function requiredKey(value: object): string {
  for (const key of ['id', 'userId', 'downloadUrl', 'quoteId']) if (key in value) return key;
  return Object.keys(value)[0] ?? 'id';
}
