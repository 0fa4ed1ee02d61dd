// Demo mode's real path: the embedded service delivers over loopback HTTPS, through the relay,
// to the receiver, which verifies, logs and processes each event once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { createSilentLogger } from '../../../../main/core/log';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets';
import { systemClock } from '../../../../main/core/ports';
import { EventLog } from '../../../../main/core/webhooks/event-log';
import type { ReceivedWebhook } from '../../../../main/core/webhooks/events';
import { WebhookKeyring } from '../../../../main/core/webhooks/keyring';
import { createWebhookReceiver } from '../../../../main/core/webhooks/receiver';
import type { WebhookReceiver } from '../../../../main/core/webhooks/receiver';
import { WebhookRegistration } from '../../../../main/core/webhooks/registration';
import { createLoopbackHttpsTunnel } from '../../../../main/core/webhooks/tunnels';
import type { LoopbackHttpsTunnel } from '../../../../main/core/webhooks/tunnels';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';

const logger = createSilentLogger();
const ACCOUNT = 'demo-account';
let dir: string;
let sim: Simulator;
let client: ClosableQuotingClient;
let log: EventLog;
let receiver: WebhookReceiver;
let tunnel: LoopbackHttpsTunnel;
let keyring: WebhookKeyring;
let registration: WebhookRegistration;
const processed: ReceivedWebhook[] = [];

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'qd-webhooks-e2e-'));
  sim = await startSimulator({ seed: 9, quotes: 20, log: () => undefined });
  const company = sim.credentials.companies[0]!;
  client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: company.apiKey }, logger });
  keyring = await WebhookKeyring.load(createMemorySecretStore(), systemClock, logger);
  const opened = await EventLog.open({ dir, clock: systemClock, logger });
  log = opened.log;
  receiver = createWebhookReceiver({ routes: keyring, log, clock: systemClock, logger, process: (event) => void processed.push(event) });
  const port = await receiver.start();
  tunnel = createLoopbackHttpsTunnel({ targetPort: port, logger });
  await tunnel.start();
  sim.trustWebhookCa(tunnel.certificate()!);
  registration = new WebhookRegistration({ keyring, inspector: receiver.inspector, clientFor: () => client, clock: systemClock, logger });
  await registration.setPublicOrigin(tunnel.publicOrigin());
});

afterAll(async () => {
  await tunnel?.stop();
  await receiver?.close();
  await log?.close();
  await client?.close();
  await sim?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('webhooks end to end with the embedded service', () => {
  it('delivers an operator action over loopback HTTPS as verified events, each processed once', async () => {
    expect(await registration.register(ACCOUNT)).toMatchObject({ status: 'registered', url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/hooks\/[\w-]{20,}$/) });
    const company = sim.credentials.companies[0]!;
    const quote = sim.operator.createQuote({ companyId: company.id });
    const ours = () => sim.operator.deliveries().filter((record) => record.slotId === `${company.id}/api-key`);
    await until(() => ours().length > 0 && ours().every((record) => record.state === 'delivered'), 'the deliveries');
    await receiver.idle();
    expect(processed.map((event) => event.event).sort()).toEqual(ours().map((record) => record.event).sort());
    expect(new Set(processed.map((event) => event.key)).size).toBe(processed.length);
    expect(processed.find((event) => event.event === 'quote.created')?.data).toMatchObject({ entityId: quote.id, companyId: company.id });
    const inspected = receiver.inspector.list(ACCOUNT);
    expect(inspected.every((delivery) => delivery.signature.ok && delivery.dedupe === 'new')).toBe(true);
    expect((await registration.checkHealth(ACCOUNT)).state).toBe('registered');
  });

  it('detects another installation taking the registration over, and asks before taking it back', async () => {
    await client.webhooks.register('https://other-installation.example/hooks/theirs');
    const health = await registration.checkHealth(ACCOUNT);
    expect(health).toMatchObject({ state: 'taken-over', registeredUrl: 'https://other-installation.example/hooks/theirs' });
    const asked = await registration.register(ACCOUNT);
    expect(asked).toMatchObject({ status: 'needs-confirmation', currentUrl: 'https://other-installation.example/hooks/theirs' });
    expect((await client.webhooks.get())?.url).toBe('https://other-installation.example/hooks/theirs');
    const confirmed = await registration.register(ACCOUNT, true);
    expect(confirmed.status).toBe('registered');
    expect((await registration.checkHealth(ACCOUNT)).state).toBe('registered');
  });
});
