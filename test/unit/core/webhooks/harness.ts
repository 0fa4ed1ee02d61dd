// Starts a receiver on a temporary log folder with one account, for the webhook tests.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { Clock } from '../../../../main/core/ports';
import { EventLog } from '../../../../main/core/webhooks/event-log';
import type { EventLogFileSystem } from '../../../../main/core/webhooks/event-log-file';
import type { ReceivedWebhook } from '../../../../main/core/webhooks/events';
import { createWebhookReceiver } from '../../../../main/core/webhooks/receiver';
import type { ReceiverLimits, ReceiverRoutes, WebhookReceiver } from '../../../../main/core/webhooks/receiver';
import { signBody } from '../../../../main/core/webhooks/signature';

export const KAT = {
  secret: "It's a Secret to Everybody",
  body: 'Hello, World!',
  signature: '757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
};

export const ACCOUNT = 'acct-1';
export const TOKEN = 'tok_0123456789abcdefghijklmnop';
export const SECRET = 'whsec_test_secret';

export function envelope(event = 'quote.status_changed', extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    event,
    data: { entityId: '33333333-3333-4333-8333-333333333333', companyId: '11111111-1111-4111-8111-111111111111', timestamp: '2025-03-01T09:00:00.000Z', oldStatus: 'SENT', newStatus: 'ACCEPTED', ...extra },
  });
}

export function singleRoute(secrets: () => { current: string | null; previous: string | null } = () => ({ current: SECRET, previous: null })): ReceiverRoutes {
  return { byPath: (pathname) => (pathname === `/hooks/${TOKEN}` ? { accountId: ACCOUNT, secrets } : null) };
}

export interface Harness {
  receiver: WebhookReceiver;
  processed: ReceivedWebhook[];
  dir: string;
  url: string;
  post(body: string | Buffer, headers?: Record<string, string | string[]>, path?: string): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export async function startHarness(
  options: { dir?: string; limits?: Partial<ReceiverLimits>; routes?: ReceiverRoutes; clock?: Clock; process?: (event: ReceivedWebhook) => string | null; keepDir?: boolean; fs?: EventLogFileSystem } = {},
): Promise<Harness> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'qd-webhooks-'));
  const logger = createSilentLogger();
  const clock = options.clock ?? systemClock;
  const opened = await EventLog.open({ dir, clock, logger, fs: options.fs });
  const processed: ReceivedWebhook[] = [];
  const receiver = createWebhookReceiver({
    routes: options.routes ?? singleRoute(),
    log: opened.log,
    pending: opened.pending,
    clock,
    logger,
    limits: options.limits,
    process: (event) => {
      processed.push(event);
      return options.process ? options.process(event) : `seen ${event.event}`;
    },
  });
  const port = await receiver.start();
  const url = `http://127.0.0.1:${port}/hooks/${TOKEN}`;
  return {
    receiver,
    processed,
    dir,
    url,
    post: (body, headers = {}, path = `/hooks/${TOKEN}`) => post(`http://127.0.0.1:${port}${path}`, body, headers),
    close: async () => {
      await receiver.close();
      await opened.log.close();
      if (!options.keepDir && !options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function signed(body: string | Buffer, secret = SECRET, event = 'quote.status_changed'): Record<string, string> {
  return { 'content-type': 'application/json', 'x-webhook-event': event, 'x-webhook-signature': signBody(secret, Buffer.from(body)) };
}

export function post(url: string, body: string | Buffer, headers: Record<string, string | string[]> = {}, method = 'POST'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { 'content-length': String(Buffer.byteLength(body)), ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
