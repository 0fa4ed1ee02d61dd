import type { Dispatcher } from 'undici';
import type { Credentials } from '../../../preload/contract';
import { createQuotingClient } from '../api/index';
import type { ClosableQuotingClient } from '../api/index';
import type { RetryPolicy } from '../api/retry';
import type { Timeouts } from '../api/transport';
import type { NeedsCredentialsError } from '../api/auth/needs-credentials';
import type { Clock, Logger } from '../ports';

/** How an account's calls end, told only while the client that made them is the account's current one. */
export interface CallOutcomes {
  onSuccess(): void;
  onFailure(error: unknown): void;
  onCredentialsRefused(error: NeedsCredentialsError): void;
}

export interface ClientOptions {
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
  refreshMarginMs?: number;
}

/**
 * One API client per account, shared by every caller so they share one token. A client is
 * replaced (never patched) when the account's address or credentials change; the old one's
 * late answers are ignored, so they cannot move the new status.
 */
export interface ClientPool {
  current(id: string): ClosableQuotingClient | null;
  /** Bumped by every drop: a caller that waited can tell whether the account changed meanwhile. */
  generation(id: string): number;
  create(id: string, target: { baseUrl: string; credentials: Credentials }, outcomes: CallOutcomes): ClosableQuotingClient;
  drop(id: string): Promise<void>;
  closeAll(): Promise<void>;
}

export function createClientPool(deps: { clock: Clock; logger: Logger; dispatcher: Dispatcher; options?: ClientOptions }): ClientPool {
  const clients = new Map<string, ClosableQuotingClient>();
  // Never reset, not even when an account goes: a removed account's client stays stale.
  const generations = new Map<string, number>();
  const generation = (id: string) => generations.get(id) ?? 0;

  return {
    current: (id) => clients.get(id) ?? null,
    generation,

    create(id, target, outcomes) {
      const made = generation(id);
      const guarded = <A extends unknown[]>(report: (...args: A) => void) => (...args: A) => {
        if (generation(id) === made) report(...args);
      };
      const client = createQuotingClient({
        baseUrl: target.baseUrl,
        credentials: target.credentials,
        clock: deps.clock,
        logger: deps.logger,
        dispatcher: deps.dispatcher,
        timeouts: deps.options?.timeouts,
        retry: deps.options?.retry,
        refreshMarginMs: deps.options?.refreshMarginMs,
        onCredentialsRefused: guarded(outcomes.onCredentialsRefused),
      });
      const observed = observeCalls(client, { onSuccess: guarded(outcomes.onSuccess), onFailure: guarded(outcomes.onFailure) });
      clients.set(id, observed);
      return observed;
    },

    async drop(id) {
      generations.set(id, generation(id) + 1);
      const client = clients.get(id);
      clients.delete(id);
      await client?.close();
    },

    async closeAll() {
      for (const id of [...clients.keys()]) await this.drop(id);
    },
  };
}

/**
 * The client with every resource call reported when it settles. Observed here rather than
 * at the HTTP layer: an answer that parses as HTTP 200 but breaks the interface only fails
 * once the resource checks its body, and that too must move the account's status.
 */
function observeCalls(client: ClosableQuotingClient, report: { onSuccess(): void; onFailure(error: unknown): void }): ClosableQuotingClient {
  const observe = <R extends object>(resource: R): R => {
    const wrapped: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(resource)) {
      wrapped[name] =
        typeof member === 'function'
          ? async (...args: unknown[]) => {
              try {
                const result: unknown = await (member as (...a: unknown[]) => Promise<unknown>).apply(resource, args);
                report.onSuccess();
                return result;
              } catch (error) {
                report.onFailure(error);
                throw error;
              }
            }
          : member;
    }
    return wrapped as R;
  };
  return { ...client, quotes: observe(client.quotes), webhooks: observe(client.webhooks) };
}
