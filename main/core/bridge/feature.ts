// The one shape every feature of the core has (accounts, inbox, sync, decisions, webhooks,
// notifications...): the bridge methods it answers, how its domain events reach the
// renderer, its start and its close. createCore lists the features; assembleFeatures turns
// the list into the bridge's handlers and one start and one close, so start-up and
// shutdown order is the list's order (and its reverse), written once.
import type { Handlers, MethodName } from '../../../preload/contract';
import { METHOD_NAMES } from '../../../preload/contract';
import type { EventHub } from './events';
import { errorText } from '../errors';
import type { Logger } from '../ports';

export interface Feature {
  /** For the log: which feature did not start or close. */
  readonly name: string;
  /** The bridge methods it answers: every method is answered by exactly one feature. */
  readonly handlers: Partial<Handlers>;
  /** Its domain events as contract events on the hub; returns what stops that. */
  project?(hub: EventHub): () => void;
  /** Background work once every feature is wired (a sweep, the sync scheduler); in list order. */
  start?(): Promise<void> | void;
  /** In reverse list order: a feature closes before the ones it was given. */
  close?(): Promise<void> | void;
}

export interface AssembledFeatures {
  handlers: Handlers;
  /** Settles when every start has run (or failed, which is logged); never rejects. */
  readonly started: Promise<void>;
  /** Whether close() was called: a start not yet begun is skipped. */
  closing(): boolean;
  close(): Promise<void>;
}

/**
 * Wires the features to the hub, starts them in order in the background and closes them in
 * reverse. Throws at once when a bridge method is answered by no feature or by two: that is
 * a wiring mistake, found when the core is created rather than when the method is called.
 */
export function assembleFeatures(features: readonly Feature[], deps: { hub: EventHub; logger: Logger }): AssembledFeatures {
  const handlers = mergeHandlers(features);
  const stopProjections = features.map((feature) => feature.project?.(deps.hub) ?? (() => undefined));
  let closing = false;
  const started = (async () => {
    for (const feature of features) {
      if (closing) return;
      try {
        await feature.start?.();
      } catch (error) {
        // The others still start: the cache serves what it holds without its sweep, sync without logos.
        deps.logger.error(`${feature.name} did not start completely`, { error: errorText(error) });
      }
    }
  })();
  return {
    handlers,
    started,
    closing: () => closing,
    async close() {
      closing = true;
      await started;
      for (const feature of [...features].reverse()) {
        try {
          await feature.close?.();
        } catch (error) {
          deps.logger.warn(`${feature.name} did not close cleanly`, { error: errorText(error) });
        }
      }
      for (const stop of stopProjections.reverse()) stop();
    },
  };
}

/**
 * The same handlers, each waiting for `ready` first: what a feature must know before it can
 * answer (the inbox, which accounts share a service) without the caller asking again.
 */
export function afterReady<H extends object>(ready: Promise<unknown>, handlers: H): H {
  const waiting: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const [method, handler] of Object.entries(handlers) as [string, (input: unknown) => Promise<unknown>][]) {
    waiting[method] = async (input) => {
      await ready;
      return handler(input);
    };
  }
  return waiting as H;
}

/** One stop for several subscriptions (a projection's, a feature's listeners). */
export function stopAll(stops: (() => void)[]): () => void {
  return () => {
    for (const stop of stops.splice(0)) stop();
  };
}

function mergeHandlers(features: readonly Feature[]): Handlers {
  const owner = new Map<string, string>();
  const merged: Record<string, unknown> = {};
  for (const feature of features) {
    for (const [method, handler] of Object.entries(feature.handlers)) {
      const first = owner.get(method);
      if (first !== undefined) throw new Error(`the bridge method ${method} is answered by two features: ${first} and ${feature.name}`);
      owner.set(method, feature.name);
      merged[method] = handler;
    }
  }
  const missing = METHOD_NAMES.filter((method: MethodName) => !owner.has(method));
  if (missing.length > 0) throw new Error(`no feature answers the bridge method${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return merged as Handlers;
}
