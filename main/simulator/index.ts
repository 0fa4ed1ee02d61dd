// The embedded Quoting Service: a faithful local implementation of the spec, used as the
// app's demo mode and as the test double of every other part.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CredentialStore } from './auth/credentials';
import { TokenService } from './auth/tokens';
import type { SimulatorClock } from './clock';
import { realClock } from './clock';
import type { SimulatorContext } from './context';
import { FaultInjector } from './faults';
import type { ServerTimeouts } from './http/connections';
import { answerClientErrors, serverOptions } from './http/connections';
import { operatorRouter } from './http/operator-routes';
import { publicRouter } from './http/public-routes';
import { RequestLog } from './http/request-log';
import { requestHandler } from './http/server';
import type { Operator } from './operator';
import { createOperator, credentialsSnapshot } from './operator';
import { PdfLinks } from './pdf';
import { Random } from './random';
import { generateWorld } from './seed/generate';
import type { SimulatorCredentials } from './types';
import { WebhookDeliverer } from './webhooks/delivery';
import type { TrustedCa } from './webhooks/delivery';
import { EventBus } from './webhooks/event-bus';
import { WebhookRegistry } from './webhooks/registry';

export type { SimulatorClock } from './clock';
export { ManualClock, realClock } from './clock';
export type { CompanyCredentials, SimulatorCredentials } from './types';
export type {
  CredentialSelection,
  JobRef,
  JobSideEvent,
  Operator,
  ProjectRef,
  QuoteRef,
  RequestCredential,
  RequestLogEntry,
  RevisionRef,
  RfqRef,
  RfqStatus,
} from './operator';
export { OperatorError } from './operator';
export type { ActiveFault, FaultKind, FaultSpec } from './faults';
export type { DeliveryAttempt, DeliveryRecord } from './webhooks/delivery';
export { DELIVERY_SCHEDULE_MS } from './webhooks/delivery';
export type { TrustedCa } from './webhooks/delivery';
export type { EventEnvelope } from './webhooks/event-bus';
export type { ServerTimeouts } from './http/connections';
export { DEFAULT_TIMEOUTS } from './http/connections';

export interface SimulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  seed?: number;
  /** From 20 to 200,000; default 60. */
  quotes?: number;
  clock?: SimulatorClock;
  /** CA certificates (PEM) to trust for webhook receivers besides the public roots (a self-signed loopback receiver's). */
  webhookCa?: TrustedCa;
  /** Lifetime of bearer tokens; default 3600. */
  tokenTtlSeconds?: number;
  /** Socket limits; the defaults suit the app, tests shorten them. */
  timeouts?: ServerTimeouts;
  log?: (line: string) => void;
}

export interface Simulator {
  baseUrl: string;
  /** The current credentials: rotating them through the operator changes what this returns. */
  credentials: SimulatorCredentials;
  operator: Operator;
  /** Trusts more CA certificates for webhook receivers from now on (a loopback receiver started later). */
  trustWebhookCa(ca: TrustedCa): void;
  close(): Promise<void>;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_QUOTES = 60;

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const clock = options.clock ?? realClock;
  const seed = options.seed ?? DEFAULT_SEED;
  const ttl = options.tokenTtlSeconds ?? 3600;
  if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError(`tokenTtlSeconds must be a positive integer, got ${ttl}`);
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError(`port must be from 0 to 65535, got ${port}`);
  const httpOptions = serverOptions(options.timeouts);
  const world = generateWorld(seed, options.quotes ?? DEFAULT_QUOTES, clock.now());
  const now = () => clock.now();
  const log = options.log ?? ((line: string) => console.error(line));
  const credentials = new CredentialStore(world.companies.map((company) => company.id), now);
  const registry = new WebhookRegistry(new Random(seed ^ 0x5eed));
  const deliverer = new WebhookDeliverer(
    clock,
    (target) => registry.get(target.slotId)?.id === target.registrationId,
    log,
    options.webhookCa,
  );
  let baseUrl = '';
  const ctx: SimulatorContext = {
    world,
    clock,
    credentials,
    tokens: new TokenService(credentials, now, ttl),
    registry,
    deliverer,
    bus: new EventBus(credentials, registry, deliverer),
    faults: new FaultInjector(new Random(seed ^ 0xfa17)),
    requests: new RequestLog(credentials, now),
    pdfLinks: new PdfLinks(now),
    baseUrl: () => baseUrl,
    log,
  };
  const operator = createOperator(ctx);
  const server = createServer(httpOptions, requestHandler(ctx, publicRouter(ctx), operatorRouter(ctx, operator)));
  answerClientErrors(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let closing: Promise<void> | null = null;
  return {
    baseUrl,
    get credentials() {
      return credentialsSnapshot(ctx);
    },
    operator,
    trustWebhookCa: (ca) => deliverer.trust(ca),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        deliverer.close();
        server.close(() => resolve());
        // Stalled and kept-alive sockets would hold close() open forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
