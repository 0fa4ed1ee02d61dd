// The team relay end to end in browser mode: the embedded Quoting Service delivers a key's
// events over HTTPS to the relay (registered with that key), which stores them in a real
// nats-server; two installations (two web hosts, two data folders) with the same key each
// pick "Team relay" in Settings → Live updates (webhooks), at 1280x800, and both list every
// event in Activity, "via relay".
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { NatsConnection } from '@nats-io/transport-node';
import { createQuotingClient } from '../../main/core/api';
import type { ClosableQuotingClient } from '../../main/core/api';
import { createSilentLogger } from '../../main/core/log';
import { createMemorySecretStore } from '../../main/core/settings-and-secrets';
import { systemClock } from '../../main/core/ports';
import { connectToRelayServer } from '../../main/core/webhooks/relay/connection';
import { startRelay } from '../../main/core/webhooks/relay/relay';
import type { Relay } from '../../main/core/webhooks/relay/relay';
import { registerRelay } from '../../main/core/webhooks/relay/self-registration';
import type { WebhookKeyring } from '../../main/core/webhooks/keyring';
import { createLoopbackHttpsTunnel } from '../../main/core/webhooks/tunnels';
import type { LoopbackHttpsTunnel } from '../../main/core/webhooks/tunnels';
import { startSimulator } from '../../main/simulator';
import type { Simulator } from '../../main/simulator';
import { natsServerMissing, startNatsServer } from '../helpers/nats-server';
import type { NatsServer } from '../helpers/nats-server';
import { expectAccessible } from './axe';
import { windowWithSharedKey } from './shared-key';
import { startWebHostProcess } from './web-host-process';
import type { WebHostProcess } from './web-host-process';

test.describe.configure({ mode: 'serial' });
const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);
test.skip(missing !== null, missing ?? '');

const logger = createSilentLogger();
let sim: Simulator;
let server: NatsServer;
let nc: NatsConnection;
let relay: Relay;
let tunnel: LoopbackHttpsTunnel;
let client: ClosableQuotingClient;
const hosts: WebHostProcess[] = [];

test.beforeAll(async () => {
  sim = await startSimulator({ seed: 12, quotes: 20, log: () => undefined });
  server = await startNatsServer();
  nc = await connectToRelayServer({ url: server.url, auth: { kind: 'none' } }, { name: 'e2e-relay', logger });
  let keyring: WebhookKeyring | null = null;
  relay = await startRelay({ nc, stream: { name: 'QUOTEDESK', retentionDays: 30, replicas: 1 }, routes: { byPath: (path) => keyring?.byPath(path) ?? null }, clock: systemClock, logger, port: 0 });
  tunnel = createLoopbackHttpsTunnel({ targetPort: relay.port, logger });
  await tunnel.start();
  sim.trustWebhookCa(tunnel.certificate()!);
  client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, logger });
  keyring = (await registerRelay({ account: 'team', publicOrigin: tunnel.publicOrigin()!, client, secrets: createMemorySecretStore(), clock: systemClock, logger, replace: false })).keyring;
  hosts.push(await startWebHostProcess(), await startWebHostProcess());
});

test.afterAll(async () => {
  for (const host of hosts) expect(await host.stop()).toBe(0);
  await tunnel?.stop();
  await relay?.close();
  await nc?.close();
  await client?.close();
  await server?.dispose();
  await sim?.close();
});

const accountsNav = (page: Page) => page.getByRole('navigation', { name: 'Accounts' });

/** The shared key added as this installation's account, then the team relay set up in Settings. */
async function installation(browser: Browser, host: WebHostProcess): Promise<Page> {
  const page = await windowWithSharedKey(browser, host, sim);

  await accountsNav(page).getByRole('button', { name: /^Settings$/ }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('button', { name: 'Live updates' }).click();
  const section = page.getByRole('region', { name: 'Live updates (webhooks)' });
  const choices = section.getByRole('group', { name: 'How deliveries reach this computer' });
  // Live updates names the relay; its server is set with the team, in Settings → Team.
  await choices.getByRole('radio', { name: 'Team relay' }).check();
  await choices.getByRole('button', { name: 'Set in Team' }).click();
  const relayCard = page.getByRole('form', { name: 'Team relay' });
  await relayCard.getByLabel('Relay server').fill(server.url);
  await expect(relayCard.getByLabel('Account whose key the relay serves')).toHaveValue(/.+/);
  await relayCard.getByRole('button', { name: 'Test connection' }).click();
  await expect(relayCard.locator('[data-relay-announcement]')).toHaveText("Connected: the team relay's stream QUOTEDESK is there.");
  await relayCard.getByRole('button', { name: 'Save and use the team relay' }).click();
  await expect(relayCard.locator('[data-relay-state]')).toHaveAttribute('data-relay-state', 'connected');
  await expect(choices.getByRole('radio', { name: 'Team relay' })).toBeChecked();
  // Nothing is registered from here: the relay holds the key's registration.
  await expect(section.getByText('Nothing is registered from this computer while it reads the team relay.').first()).toBeVisible();
  await expect(section.getByRole('button', { name: /^Register/ })).toHaveCount(0);
  return page;
}

test('two installations sharing one key both list every event of the key in Activity, via the team relay', async ({ browser }, testInfo) => {
  const pages = [await installation(browser, hosts[0]!), await installation(browser, hosts[1]!)];
  await expectAccessible(pages[0]!, 'Settings with the team relay connected', testInfo.outputPath('relay-settings.png'));
  await pages[0]!.emulateMedia({ colorScheme: 'dark' });
  await expectAccessible(pages[0]!, 'Settings with the team relay connected, dark', testInfo.outputPath('relay-settings-dark.png'));
  await pages[0]!.emulateMedia({ colorScheme: 'light' });

  const companyId = sim.credentials.companies[0]!.id;
  const quote = sim.operator.createQuote({ companyId });
  for (const page of pages) {
    await accountsNav(page).getByRole('button', { name: 'Activity' }).click();
    const entries = page.getByRole('list', { name: 'Activity' }).getByRole('listitem');
    const created = entries.filter({ hasText: 'quote.created' }).first();
    await expect(created).toContainText('(via the team relay)', { timeout: 15_000 });
    await expect(created).toContainText('Delivered by webhook');
    // Opened, its body is the delivery as the service signed it.
    await created.locator('button[aria-expanded]').press('Enter');
    await expect(created).toContainText(quote.id);
  }
});
