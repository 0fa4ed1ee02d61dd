import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { WebhookInspector } from '../../../../main/core/webhooks/inspector';
import { WebhookKeyring } from '../../../../main/core/webhooks/keyring';
import { WebhookRegistration } from '../../../../main/core/webhooks/registration';
import { createCloudflaredTunnel, findCloudflared } from '../../../../main/core/webhooks/tunnels';
import type { CloudflaredTunnel } from '../../../../main/core/webhooks/tunnels';
import { createFakeClock } from '../../../helpers/fake-clock';
import { fakeWebhooks } from './fake-webhooks';

const FAKE_BIN = join(import.meta.dirname, 'fake-bin');
const logger = createSilentLogger();
let dir = '';
let tunnel: CloudflaredTunnel | null = null;
afterEach(async () => {
  await tunnel?.stop();
  tunnel = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('managed cloudflared quick tunnel', () => {
  it('is found on the PATH, and not found where there is none', () => {
    expect(findCloudflared(`${dir || tmpdir()}${delimiter}${FAKE_BIN}`)).toBe(join(FAKE_BIN, 'cloudflared'));
    expect(findCloudflared(tmpdir())).toBeNull();
  });

  it('reads the URL, restarts with backoff when it exits, and the registration follows each new URL', async () => {
    dir = mkdtempSync(join(tmpdir(), 'qd-cloudflared-'));
    const state = join(dir, 'runs');
    const command = findCloudflared(`${FAKE_BIN}${delimiter}${process.env.PATH ?? ''}`);
    expect(command).not.toBeNull();

    const service = fakeWebhooks();
    const keyring = await WebhookKeyring.load(createMemorySecretStore(), createFakeClock(), logger);
    const registration = new WebhookRegistration({ keyring, inspector: new WebhookInspector(), clientFor: () => service.client, clock: createFakeClock(), logger });

    tunnel = createCloudflaredTunnel({ command: command!, localPort: 43210, logger, initialBackoffMs: 50, env: { ...process.env, FAKE_CLOUDFLARED_STATE: state, FAKE_CLOUDFLARED_LIFETIME: '1' } });
    const origins: Array<string | null> = [];
    tunnel.onChange((origin) => origins.push(origin));
    registration.follow(tunnel);
    await tunnel.start();
    await until(() => origins.filter(Boolean).length >= 1, 'the first tunnel URL');
    await registration.settled();
    // The person registers once; every later URL is followed by itself.
    expect(await registration.register('a1')).toMatchObject({ status: 'registered' });
    await until(() => origins.filter(Boolean).length >= 2, 'a second tunnel URL');
    await registration.settled();

    expect(origins.slice(0, 3)).toEqual(['https://run-1-stand-in.trycloudflare.com', null, 'https://run-2-stand-in.trycloudflare.com']);
    expect(tunnel.starts).toBeGreaterThanOrEqual(2);
    expect(readFileSync(`${state}.args`, 'utf8').split('\n')[0]).toBe('tunnel --no-autoupdate --url http://127.0.0.1:43210');
    const urls = service.registrations.map((entry) => entry.url);
    expect(urls[0]).toMatch(/^https:\/\/run-1-stand-in\.trycloudflare\.com\/hooks\/[\w-]{20,}$/);
    expect(urls[1]).toMatch(/^https:\/\/run-2-stand-in\.trycloudflare\.com\/hooks\/[\w-]{20,}$/);
    expect(new URL(urls[0]!).pathname).toBe(new URL(urls[1]!).pathname);

    await tunnel.stop();
    const runs = Number(readFileSync(state, 'utf8'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(Number(readFileSync(state, 'utf8'))).toBe(runs);
    expect(tunnel.publicOrigin()).toBeNull();
  });
});
