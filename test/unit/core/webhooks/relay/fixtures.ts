// Shared pieces of the relay tests: a real nats-server, a connection to it, signed deliveries.
import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { connectToRelayServer } from '../../../../../main/core/webhooks/relay/connection';
import { createSilentLogger } from '../../../../../main/core/log';
import type { ReceiverRoutes } from '../../../../../main/core/webhooks/receiver';
import { SECRET } from '../harness';

export { envelope, post, SECRET, signed } from '../harness';
export { natsServerMissing, startNatsServer } from '../../../../helpers/nats-server';
export type { NatsServer } from '../../../../helpers/nats-server';

export const COMPANY = '11111111-1111-4111-8111-111111111111';

/** Every path, one secret: the relay's `--secret` mode. */
export const ANY_PATH: ReceiverRoutes = { byPath: () => ({ accountId: 'relay', secrets: () => ({ current: SECRET, previous: null }) }) };

export function connect(url: string, name = 'test'): Promise<NatsConnection> {
  return connectToRelayServer({ url, auth: { kind: 'none' } }, { name, logger: createSilentLogger() });
}

/** A distinct quote event per index (distinct bodies, so distinct dedupe keys). */
export function quoteEvent(index: number): string {
  return JSON.stringify({
    event: 'quote.status_changed',
    data: { entityId: `q-${String(index).padStart(5, '0')}`, companyId: COMPANY, timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(), oldStatus: 'SENT', newStatus: 'ACCEPTED' },
  });
}

export async function streamMessages(nc: NatsConnection, stream: string): Promise<number> {
  return (await (await jetstreamManager(nc)).streams.info(stream)).state.messages;
}
