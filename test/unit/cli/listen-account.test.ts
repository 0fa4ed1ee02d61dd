// `quotedesk listen` as a workflow against the embedded service: a stored account of a data
// folder (or the connection variables of the other commands), a public URL registered for the
// session, the secret taken from that registration, events printed and forwarded, refusals
// printed with their reason, and the registration put back on exit as asked.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runListenCommand } from '../../../main/cli/listen/command';
import { openDataFolder } from '../../../main/cli/data-folder';
import { createAccountsService } from '../../../main/core/accounts';
import { createQuotingClient } from '../../../main/core/api';
import type { ClosableQuotingClient } from '../../../main/core/api';
import { createSilentLogger } from '../../../main/core/log';
import { systemClock } from '../../../main/core/ports';
import { signBody, WebhookKeyring } from '../../../main/core/webhooks';
import { createLoopbackHttpsTunnel } from '../../../main/core/webhooks/tunnels';
import type { LoopbackHttpsTunnel } from '../../../main/core/webhooks/tunnels';
import { startSimulator } from '../../../main/simulator';
import type { Simulator } from '../../../main/simulator';
import { runCliCapturing } from '../../helpers/cli-run';

const logger = createSilentLogger();
const FAKE_BIN = join(import.meta.dirname, '..', 'core', 'webhooks', 'fake-bin');
let sim: Simulator;
let apiKey: string;
let companyId: string;
let client: ClosableQuotingClient;
let dataDir = '';
let accountId = '';
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
  const company = sim.credentials.companies[0]!;
  apiKey = company.apiKey;
  companyId = company.id;
  client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey }, logger });
});
afterAll(async () => {
  await tunnel?.stop();
  await client?.close();
  await sim?.close();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = '';
});

/** A data folder with one stored account, as the app or browser mode leaves it. */
async function folderWithAccount(): Promise<void> {
  dataDir = mkdtempSync(join(tmpdir(), 'qd-listen-account-'));
  const folder = await openDataFolder(dataDir, logger);
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, logger });
  accountId = (await accounts.add({ name: 'Acme Localisation', environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey } })).id;
  await accounts.close();
  await folder.close();
}

/** The data folder's keys, read (and written by `work`) as the app would, then the folder let go for listen to take. */
async function withKeyring<T>(work: (keyring: WebhookKeyring) => Promise<T> | T): Promise<T> {
  const folder = await openDataFolder(dataDir, logger);
  try {
    return await work(await WebhookKeyring.load(folder.secrets, systemClock, logger));
  } finally {
    await folder.close();
  }
}

let tunnel: LoopbackHttpsTunnel;
let tunnelPort = 0;

/**
 * A public https address for a session: loopback TLS the embedded service trusts, forwarding
 * to one local port. One for the whole file: the service trusts each new certificate on top
 * of the earlier ones, and several self-signed ones for 127.0.0.1 do not all verify.
 */
async function publicAddress(): Promise<{ port: number; url: string }> {
  if (!tunnel) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    tunnelPort = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    tunnel = createLoopbackHttpsTunnel({ targetPort: tunnelPort, logger });
    await tunnel.start();
    sim.trustWebhookCa(tunnel.certificate()!);
  }
  return { port: tunnelPort, url: `${tunnel.publicOrigin()!}/session` };
}

async function forwardTarget(): Promise<{ url: string; received: Array<{ headers: IncomingHttpHeaders; body: string }> }> {
  const received: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/in`, received };
}

interface Run {
  lines(): Array<Record<string, unknown>>;
  stderr(): string;
  stop(): Promise<number>;
  exit: Promise<number>;
}

/** A terminal where the person types `answer` and Enter. */
function terminalAnswering(answer: string): NodeJS.ReadableStream & { isTTY: boolean } {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  setTimeout(() => input.write(`${answer}\n`), 50);
  return input;
}

function listen(args: string[], env: Record<string, string> = {}, stdin?: NodeJS.ReadableStream & { isTTY?: boolean }): Run {
  const controller = new AbortController();
  let out = '';
  let err = '';
  const exit = runListenCommand(args, { stdout: { write: (text: string) => (out += text) }, stderr: { write: (text: string) => (err += text) }, env, cwd: process.cwd(), signal: controller.signal, stdin });
  cleanups.push(() => (controller.abort(), exit));
  return {
    lines: () => out.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>),
    stderr: () => err,
    stop: () => (controller.abort(), exit),
    exit,
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 1_500; attempt++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('quotedesk listen --account', () => {
  it('registers the URL for the session, prints and forwards verified events and refusals, and restores this installation\'s registration with its new secret', async () => {
    await folderWithAccount();
    // The app of this data folder had registered its own URL.
    const appUrl = 'https://desk.example.net/hooks/app';
    const appSecret = (await client.webhooks.register(appUrl)).secret;
    await withKeyring((keys) => keys.registered(accountId, appUrl, appSecret, 60_000));
    const { port, url } = await publicAddress();
    const target = await forwardTarget();

    const run = listen(['--account', 'acme localisation', '--data-dir', dataDir, '--port', String(port), '--public-url', url, '--forward-to', target.url, '--json']);
    await until(() => run.lines().some((line) => 'registered' in line), 'the registration');
    expect(run.lines()[0]).toEqual({ listening: `http://127.0.0.1:${port}/` });
    expect(run.lines()[1]).toEqual({ registered: url, account: 'Acme Localisation', previous: appUrl, onExit: 'restore' });
    expect((await client.webhooks.get())?.url).toBe(url);

    const quote = sim.operator.createQuote({ companyId });
    await until(() => run.lines().some((line) => line.event === 'quote.created'), 'the delivered event');
    const printed = run.lines().find((line) => line.event === 'quote.created')!;
    expect(printed).toMatchObject({ data: { entityId: quote.id, companyId } });
    const forwardOf = (line: Record<string, unknown>) => line.forwarded !== undefined && (line.of as { event: string }).event === 'quote.created';
    await until(() => run.lines().some(forwardOf), 'the forwarding');
    expect(run.lines().find(forwardOf)).toEqual({ forwarded: 'HTTP 202', ok: true, retryInMs: null, of: { event: 'quote.created', entityId: quote.id, receivedAt: expect.any(String) } });
    // Forwarded unchanged: the same bytes and signature the service sent.
    const forwarded = target.received.find((delivery) => JSON.parse(delivery.body).event === 'quote.created')!;
    expect(forwarded.headers['x-webhook-event']).toBe('quote.created');
    expect(forwarded.headers['x-webhook-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(forwarded.headers['x-webhook-signature']).not.toBe(signBody(appSecret, Buffer.from(forwarded.body)));

    // A delivery signed with the app's old secret is refused, and the refusal is printed.
    const forged = JSON.stringify({ event: 'quote.cancelled', data: { entityId: quote.id, companyId, timestamp: new Date().toISOString() } });
    const answer = await fetch(`http://127.0.0.1:${port}/session`, { method: 'POST', body: forged, headers: { 'content-type': 'application/json', 'x-webhook-signature': signBody(appSecret, Buffer.from(forged)) } });
    expect(answer.status).toBe(401);
    await until(() => run.lines().some((line) => line.refused === 401), 'the refusal');
    expect(run.lines().find((line) => line.refused === 401)).toMatchObject({ reason: 'invalid signature (mismatch)', path: '/session' });

    expect(await run.stop()).toBe(0);
    expect(run.lines().at(-1)).toMatchObject({ ended: 'restore', message: expect.stringContaining(`restored to ${appUrl}`) });
    expect((await client.webhooks.get())?.url).toBe(appUrl);
    // The app finds the restored registration's new secret where it keeps its keys.
    const after = await withKeyring((keys) => ({ url: keys.registeredUrl(accountId), secret: keys.secrets(accountId).current }));
    expect(after.url).toBe(appUrl);
    expect(after.secret).not.toBe(appSecret);
    expect(after.secret).toMatch(/\S{16,}/);
  });

  it("asks before replacing another installation's registration: refused without a terminal or --replace, and with --replace deleted on exit if asked", async () => {
    await folderWithAccount();
    const theirs = 'https://other-laptop.example.org/hooks/theirs';
    await client.webhooks.register(theirs);
    const { port, url } = await publicAddress();

    const refused = listen(['--account', accountId, '--data-dir', dataDir, '--port', String(port), '--public-url', url, '--json']);
    expect(await refused.exit).toBe(6);
    expect(refused.stderr()).toContain(theirs);
    expect(refused.stderr()).toContain('--replace');
    expect((await client.webhooks.get())?.url).toBe(theirs);

    // On a terminal the person is asked: "n" changes nothing.
    const declined = listen(['--account', accountId, '--data-dir', dataDir, '--port', String(port), '--public-url', url, '--json'], {}, terminalAnswering('n'));
    expect(await declined.exit).toBe(6);
    expect(declined.stderr()).toContain(`go to ${theirs}, registered by another installation. Replace it while listening? [y/N]`);
    expect((await client.webhooks.get())?.url).toBe(theirs);

    const replacing = listen(['--account', accountId, '--data-dir', dataDir, '--port', String(port), '--public-url', url, '--json', '--replace', '--on-exit', 'delete']);
    await until(() => replacing.lines().some((line) => 'registered' in line), 'the registration');
    expect((await client.webhooks.get())?.url).toBe(url);
    expect(await replacing.stop()).toBe(0);
    expect(replacing.lines().at(-1)).toMatchObject({ ended: 'delete' });
    expect(await client.webhooks.get()).toBeNull();
  });

  it('names the accounts there are when the one asked for is not in the data folder', async () => {
    await folderWithAccount();
    const run = listen(['--account', 'Northwind', '--data-dir', dataDir, '--public-url', 'https://example.net/x']);
    expect(await run.exit).toBe(2);
    expect(run.stderr()).toContain('"Acme Localisation"');
  });
});

describe('quotedesk listen through the CLI entry, with the connection variables of the other commands', () => {
  it('registers for the session, prints the events, and deletes the registration on exit when none existed before', async () => {
    // Another company: the first one's deliveries to addresses of the tests above may still be retried.
    const company = sim.credentials.companies[1]!;
    const own = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: company.apiKey }, logger });
    cleanups.push(() => own.close());
    const { port, url } = await publicAddress();
    const stop = new AbortController();
    const running = runCliCapturing(['listen', '--port', String(port), '--public-url', url, '--json'], sim.baseUrl, { QUOTEDESK_API_KEY: company.apiKey }, { cwd: process.cwd(), signal: stop.signal });
    for (let attempt = 0; attempt < 1_500 && (await own.webhooks.get())?.url !== url; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await own.webhooks.get())?.url).toBe(url);
    const delivered = () => sim.operator.deliveries().filter((record) => record.state === 'delivered' && record.event === 'quote.created' && record.slotId === `${company.id}/api-key`).length;
    const before = delivered();
    sim.operator.createQuote({ companyId: company.id });
    // The output is read once the command ended: stop once the service says it delivered.
    for (let attempt = 0; attempt < 500 && delivered() === before; attempt++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(delivered()).toBe(before + 1);
    stop.abort();
    const result = await running;
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[1]).toMatchObject({ registered: url, account: sim.baseUrl, previous: null });
    expect(lines.some((line) => line.event === 'quote.created')).toBe(true);
    expect(lines.at(-1)).toMatchObject({ ended: 'restore', message: expect.stringContaining('deleted (none existed before)') });
    expect(await own.webhooks.get()).toBeNull();
  });
});

describe('quotedesk listen --tunnel cloudflared', () => {
  it('registers the address the quick tunnel reports, follows it when the tunnel comes back elsewhere, and deletes it on exit', async () => {
    const company = sim.credentials.companies[2]!;
    const own = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: company.apiKey }, logger });
    cleanups.push(() => own.close());
    dataDir = mkdtempSync(join(tmpdir(), 'qd-listen-cloudflared-'));
    const env = { QUOTEDESK_BASE_URL: sim.baseUrl, QUOTEDESK_API_KEY: company.apiKey, PATH: `${FAKE_BIN}${delimiter}${process.env.PATH ?? ''}`, FAKE_CLOUDFLARED_STATE: join(dataDir, 'state'), FAKE_CLOUDFLARED_LIFETIME: '0.5' };
    const run = listen(['--tunnel', 'cloudflared', '--json'], env);
    await until(() => run.lines().some((line) => line.registered === 'https://run-1-stand-in.trycloudflare.com/quotedesk-listen'), 'the first address');
    expect(run.lines().find((line) => 'registered' in line)).toMatchObject({ previous: null, onExit: 'restore' });
    // The stand-in exits after half a second and comes back at the next address.
    await until(() => run.lines().some((line) => line.registered === 'https://run-2-stand-in.trycloudflare.com/quotedesk-listen'), 'the second address');
    expect((await own.webhooks.get())?.url).toMatch(/^https:\/\/run-\d-stand-in\.trycloudflare\.com\/quotedesk-listen$/);
    expect(await run.stop()).toBe(0);
    expect(run.lines().at(-1)).toMatchObject({ ended: 'restore', message: expect.stringContaining('deleted') });
    expect(await own.webhooks.get()).toBeNull();
  });
});
