import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { systemClock } from '../../../../main/core/ports';
import { createManualTunnel, startWebhookService } from '../../../../main/core/webhooks';
import type { ReceivedWebhook } from '../../../../main/core/webhooks';
import { fakeWebhooks } from './fake-webhooks';
import { envelope, post } from './harness';
import { signBody } from '../../../../main/core/webhooks/signature';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('webhook service', () => {
  it('registers through a manual tunnel, receives on the account path, and survives a restart without processing twice', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-webhook-service-'));
    const secrets = createMemorySecretStore();
    const service = fakeWebhooks();
    const processed: ReceivedWebhook[] = [];
    const start = () =>
      startWebhookService({ secrets, paths: { userData: dir }, clientFor: () => service.client, clock: systemClock, logger: createSilentLogger(), process: (event) => void processed.push(event) });

    const first = await start();
    const tunnel = createManualTunnel('https://my-tunnel.example/');
    first.registration.follow(tunnel);
    await first.registration.settled();
    expect(await first.registration.register('a1')).toMatchObject({ status: 'registered' });
    const path = new URL(service.current!.url).pathname;
    const local = await first.localUrlFor('a1');
    expect(new URL(local).pathname).toBe(path);
    const body = envelope('quote.created');
    const secret = service.registrations[0]!.secret;
    expect((await post(local, body, { 'x-webhook-signature': signBody(secret, Buffer.from(body)) })).status).toBe(200);
    await first.receiver.idle();
    expect(processed).toHaveLength(1);
    await first.close();

    const second = await start();
    expect(second.inspector.list('a1')).toEqual([expect.objectContaining({ event: 'quote.created', dedupe: 'new', caused: null })]);
    expect(second.inspector.lastVerifiedAt('a1')).not.toBeNull();
    const again = await second.localUrlFor('a1');
    expect(new URL(again).pathname).toBe(path);
    expect((await post(again, body, { 'x-webhook-signature': signBody(secret, Buffer.from(body)) })).status).toBe(200);
    await second.receiver.idle();
    expect(processed).toHaveLength(1);
    expect((await second.registration.checkHealth('a1')).state).toBe('registered');
    await second.close();
  });
});

describe('events that came through the team relay', () => {
  it('are listed again after a restart, "via relay" and "caught up" kept, never processed again, a redelivered copy listed once', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-webhook-relayed-'));
    const secrets = createMemorySecretStore();
    const processed: ReceivedWebhook[] = [];
    const start = () => startWebhookService({ secrets, paths: { userData: dir }, clientFor: () => fakeWebhooks().client, clock: systemClock, logger: createSilentLogger(), process: (event) => void processed.push(event) });
    const live = { accountId: 'a1', event: 'quote.created', body: Buffer.from(envelope('quote.created')), receivedAt: Date.UTC(2026, 10, 26, 9), caused: 'via relay: quote refreshed' };
    const missed = { accountId: 'a1', event: 'quote.status_changed', body: Buffer.from(envelope('quote.status_changed')), receivedAt: Date.UTC(2026, 10, 26, 8), caused: 'via relay (caught up): quote refreshed: status SENT -> ACCEPTED' };

    const first = await start();
    await first.recordRelayed(live);
    await first.recordRelayed(missed);
    // JetStream sends an event again when its ack was lost: one entry all the same.
    await first.recordRelayed({ ...live, caused: 'via relay: nothing new' });
    expect(first.inspector.list('a1')).toHaveLength(2);
    await first.close();

    const second = await start();
    await second.receiver.idle();
    const listed = second.inspector.list('a1');
    expect(listed.map(({ event, caused, headers }) => ({ event, caused, via: headers['x-quotedesk-via'] }))).toEqual([
      { event: 'quote.status_changed', caused: 'via relay (caught up): quote refreshed: status SENT -> ACCEPTED', via: 'team relay' },
      { event: 'quote.created', caused: 'via relay: quote refreshed', via: 'team relay' },
    ]);
    expect(listed[1]!.body?.toString()).toBe(live.body.toString());
    // Processed by the team relay before it was logged: nothing is pending at start.
    expect(processed).toEqual([]);
    await second.close();
  });
});
