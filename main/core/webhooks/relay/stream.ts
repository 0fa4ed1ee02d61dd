// The JetStream stream the relay writes and subscribers read: one per team (name given), one
// subject per company and event type under it, created when missing, its retention kept in
// step with the relay's setting.
import { jetstreamManager, DiscardPolicy, JetStreamApiCodes, JetStreamApiError, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import type { JetStreamManager, StreamConfig } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import type { NatsConnection } from '@nats-io/transport-node';
import { m } from '../../../../i18n/paraglide/messages.js';

export const DEFAULT_STREAM = 'QUOTEDESK';
export const DEFAULT_RETENTION_DAYS = 30;
/**
 * How long JetStream remembers a message id: the service retries for about 31 s, and a relay
 * restarted within this window still stores a resent event once.
 */
export const DUPLICATE_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 3600_000;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export function streamNameProblem(name: string): string | null {
  return NAME.test(name) ? null : m.core_relay_stream_name_invalid();
}

export function consumerNameProblem(name: string): string | null {
  return NAME.test(name) ? null : m.core_relay_consumer_name_invalid();
}

/** Every subject of the stream. */
export function streamSubjects(stream: string): string {
  return `${stream}.>`;
}

/** `<stream>.<companyId>.<event>`: per company, so permissions can narrow a teammate to one. */
export function subjectFor(stream: string, companyId: unknown, event: string): string {
  const company = typeof companyId === 'string' && companyId !== '' ? companyId : 'unknown';
  return `${stream}.${token(company)}.${event.split('.').map(token).join('.')}`;
}

/** A subject token: no wildcard, separator or space from the sender's text can reach the subject. */
function token(text: string): string {
  const cleaned = text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 100);
  return cleaned === '' ? '_' : cleaned;
}

export interface StreamSettings {
  name: string;
  retentionDays: number;
  /** 1 on a single server; 3 on a three-node cluster. */
  replicas: number;
}

/** Creates the stream when missing; an existing one gets this retention (the rest of its settings stay). */
export async function ensureStream(nc: NatsConnection, settings: StreamSettings): Promise<{ created: boolean; config: StreamConfig }> {
  const jsm = await jetstreamManager(nc);
  const maxAge = nanos(settings.retentionDays * DAY_MS);
  const existing = await streamInfo(jsm, settings.name);
  if (existing) {
    if (existing.max_age === maxAge) return { created: false, config: existing };
    const updated = await jsm.streams.update(settings.name, { max_age: maxAge, duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, settings.retentionDays * DAY_MS)) });
    return { created: false, config: updated.config };
  }
  const added = await jsm.streams.add({
    name: settings.name,
    subjects: [streamSubjects(settings.name)],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: maxAge,
    duplicate_window: nanos(Math.min(DUPLICATE_WINDOW_MS, settings.retentionDays * DAY_MS)),
    num_replicas: settings.replicas,
  });
  return { created: true, config: added.config };
}

async function streamInfo(jsm: JetStreamManager, name: string): Promise<StreamConfig | null> {
  try {
    return (await jsm.streams.info(name)).config;
  } catch (error) {
    if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return null;
    throw error;
  }
}
