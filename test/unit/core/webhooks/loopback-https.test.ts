import { request } from 'node:https';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { createLoopbackHttpsTunnel } from '../../../../main/core/webhooks/tunnels';
import type { LoopbackHttpsTunnel } from '../../../../main/core/webhooks/tunnels';
import { ACCOUNT, signed, startHarness, TOKEN } from './harness';
import type { Harness } from './harness';

let harness: Harness | null = null;
let tunnel: LoopbackHttpsTunnel | null = null;
afterEach(async () => {
  await tunnel?.stop();
  await harness?.close();
  tunnel = null;
  harness = null;
});

function postHttps(url: string, ca: string, body: string, headers: Array<[string, string]>): Promise<number> {
  return new Promise((resolve, reject) => {
    // Headers given as a list are sent as they are: Node adds no Host then.
    const raw = [['Host', new URL(url).host], ...headers].flat();
    raw.push('content-length', String(Buffer.byteLength(body)));
    const req = request(url, { method: 'POST', ca, headers: raw, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('loopback HTTPS tunnel', () => {
  it('serves a certificate for 127.0.0.1 made at start and relays body bytes and headers unchanged', async () => {
    harness = await startHarness();
    tunnel = createLoopbackHttpsTunnel({ targetPort: Number(new URL(harness.url).port), logger: createSilentLogger() });
    const origins: Array<string | null> = [];
    tunnel.onChange((origin) => origins.push(origin));
    expect(tunnel.certificate()).toBeNull();
    await tunnel.start();
    const ca = tunnel.certificate()!;
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(origins).toEqual([expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/)]);
    const url = `${tunnel.publicOrigin()}/hooks/${TOKEN}`;

    // Odd whitespace survives: a relay that re-serialised the JSON would break the signature.
    const body = `{"event" : "quote.created",\n  "data":{ "entityId":"e1" } }`;
    const headers = Object.entries(signed(body));
    expect(await postHttps(url, ca, body, headers)).toBe(200);
    // A repeated signature header stays repeated (and is refused), it is not merged or dropped.
    const signature = signed(body)['x-webhook-signature'] as string;
    expect(await postHttps(url, ca, body, [...headers, ['X-Webhook-Signature', signature]])).toBe(401);
    await harness.receiver.idle();
    expect(harness.processed).toHaveLength(1);
    const [refused, accepted] = harness.receiver.inspector.list(ACCOUNT);
    expect(accepted?.body?.toString()).toBe(body);
    expect(refused?.signature).toEqual({ ok: false, reason: 'repeated' });

    await tunnel.stop();
    expect(origins.at(-1)).toBeNull();
  });
});
