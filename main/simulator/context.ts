// Everything one simulator instance is made of, shared by the HTTP routes and the operator.
import type { CredentialStore } from './auth/credentials';
import type { TokenService } from './auth/tokens';
import type { SimulatorClock } from './clock';
import type { FaultInjector } from './faults';
import type { RequestLog } from './http/request-log';
import type { PdfLinks } from './pdf';
import type { WebhookDeliverer } from './webhooks/delivery';
import type { EventBus } from './webhooks/event-bus';
import type { WebhookRegistry } from './webhooks/registry';
import type { World } from './world';

export interface SimulatorContext {
  world: World;
  clock: SimulatorClock;
  credentials: CredentialStore;
  tokens: TokenService;
  registry: WebhookRegistry;
  deliverer: WebhookDeliverer;
  bus: EventBus;
  faults: FaultInjector;
  requests: RequestLog;
  pdfLinks: PdfLinks;
  /** Known once the server listens. */
  baseUrl(): string;
  log(line: string): void;
}
