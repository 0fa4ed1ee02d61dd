// `quotedesk relay` and `quotedesk listen --relay` in process, against a real nats-server.
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';
import { LISTEN_ACK_WAIT_SECONDS, printedMarkPath } from '../../../../../main/cli/relay-listen';
import { ensureConsumer } from '../../../../../main/core/webhooks/relay/subscriber';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService } from '../../../../helpers/fake-service';
import { CLIENT_KEY, STANDARD_PRINCIPALS } from '../../../../helpers/service-fixtures';
import { runCommand } from './cli-io';
import type { RunningCommand } from './cli-io';
import { connect, natsServerMissing, post, quoteEvent, SECRET, signed, startNatsServer } from './fixtures';
import type { NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe('quotedesk relay (usage)', () => {
  it('says how to run it as a service', async () => {
    const help = runCommand(['relay', '--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toContain('[Service]');
    expect(help.stdout()).toContain('ExecStart=/usr/bin/quotedesk relay');
    expect(help.stdout()).toContain('--retention DAYS');
  });

  it.each([
    [['relay', '--port', '0', '--secret', 's'], '--nats is required'],
    [['relay', '--port', '0', '--nats', 'nats://u:p@127.0.0.1:4222', '--secret', 's'], 'remove the user name or password'],
    [['relay', '--port', '0', '--nats', 'http://127.0.0.1:4222', '--secret', 's'], 'not a NATS server URL'],
    [['relay', '--port', '0', '--nats', 'nats://127.0.0.1:4222'], 'give --secret-file FILE'],
    [['relay', '--port', '0', '--nats', 'nats://127.0.0.1:4222', '--account', 'team', '--public-url', 'http://hooks.example.com'], 'https origin'],
    [['relay', '--port', '0', '--nats', 'nats://127.0.0.1:4222', '--secret', 's', '--user', 'relay'], '--user needs --password-file'],
    [['relay', '--port', '0', '--nats', 'nats://127.0.0.1:4222', '--secret', 's', '--stream', 'a.b'], '--stream'],
    [['listen', '--relay', 'nats://127.0.0.1:4222'], '--consumer NAME is required'],
  ])('%j is a usage error that says what to fix', async (argv, words) => {
    const run = runCommand(argv);
    expect(await run.exited).toBe(2);
    expect(run.stderr()).toContain(words);
  });
});

describe.skipIf(missing !== null)('quotedesk relay and listen --relay (real nats-server)', () => {
  let server: NatsServer;
  const running: RunningCommand[] = [];
  const start = (argv: string[], env: Record<string, string> = {}) => {
    const command = runCommand(argv, env);
    running.push(command);
    return command;
  };

  beforeAll(async () => {
    server = await startNatsServer();
  });
  afterAll(async () => {
    await Promise.all(running.map((command) => command.stop()));
    await server?.dispose();
    rmSync(stateDir, { recursive: true, force: true });
  });

  async function startRelay(stream: string): Promise<{ relay: RunningCommand; url: string }> {
    const relay = start(['relay', '--port', '0', '--nats', server.url, '--secret', SECRET, '--stream', stream, '--json']);
    await relay.waitFor((out) => out.includes('listening'));
    const { listening } = JSON.parse(relay.lines()[0]!) as { listening: string };
    return { relay, url: `${listening}hooks/any` };
  }

  const stateDir = mkdtempSync(join(tmpdir(), 'qd-listen-state-'));
  const listen = (stream: string, consumer: string) => start(['listen', '--relay', server.url, '--consumer', consumer, '--stream', stream, '--state-dir', stateDir, '--json']);
  const entities = (command: RunningCommand) => command.lines().map((line) => (JSON.parse(line) as { entityId: string }).entityId);

  it('prints one line per event for each subscriber; a restarted subscriber prints only what it had not printed', async () => {
    const { relay, url } = await startRelay('CLI1');
    const alice = listen('CLI1', 'alice');
    const bob = listen('CLI1', 'bob');
    await alice.waitFor((_out, err) => err.includes('subscribed'));
    await bob.waitFor((_out, err) => err.includes('subscribed'));
    for (const index of [1, 2, 3]) expect((await post(url, quoteEvent(index), signed(quoteEvent(index)))).status).toBe(200);
    // Forged: refused, printed by no one.
    expect((await post(url, quoteEvent(99), signed(quoteEvent(99), 'guessed'))).status).toBe(401);
    await alice.waitFor(() => alice.lines().length >= 3);
    await bob.waitFor(() => bob.lines().length >= 3);
    expect(entities(alice)).toEqual(['q-00001', 'q-00002', 'q-00003']);
    expect(JSON.parse(alice.lines()[0]!)).toMatchObject({ event: 'quote.status_changed', entityId: 'q-00001' });

    expect(await alice.stop()).toBe(0);
    for (const index of [4, 5]) expect((await post(url, quoteEvent(index), signed(quoteEvent(index)))).status).toBe(200);
    const aliceAgain = listen('CLI1', 'alice');
    await aliceAgain.waitFor(() => aliceAgain.lines().length >= 2);
    await bob.waitFor(() => bob.lines().length >= 5);
    // A moment more for anything doubled to show.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(entities(aliceAgain)).toEqual(['q-00004', 'q-00005']);
    expect(entities(bob)).toEqual(['q-00001', 'q-00002', 'q-00003', 'q-00004', 'q-00005']);
    // Nothing is left for a later redelivery: every printed event was acknowledged.
    const nc = await connect(server.url);
    try {
      const jsm = await jetstreamManager(nc);
      for (const name of ['alice', 'bob']) expect(await jsm.consumers.info('CLI1', name)).toMatchObject({ num_ack_pending: 0, num_pending: 0, num_redelivered: 0 });
      // Made by listen without --ack-wait: what a killed listener was handed comes back after 5 s, not the app's 30.
      expect((await jsm.consumers.info('CLI1', 'alice')).config.ack_wait).toBe(nanos(LISTEN_ACK_WAIT_SECONDS * 1000));
    } finally {
      await nc.close();
    }
    expect(relay.lines().slice(1).map((line) => JSON.parse(line) as { seq: number }).map((line) => line.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('makes its consumer with the ack wait --ack-wait gives, and says the default in --help', async () => {
    await startRelay('CLI4');
    const dave = start(['listen', '--relay', server.url, '--consumer', 'dave', '--stream', 'CLI4', '--state-dir', stateDir, '--ack-wait', '3', '--json']);
    await dave.waitFor((_out, err) => err.includes('subscribed'));
    const nc = await connect(server.url);
    try {
      expect((await (await jetstreamManager(nc)).consumers.info('CLI4', 'dave')).config.ack_wait).toBe(nanos(3_000));
    } finally {
      await nc.close();
    }
    const help = start(['listen', '--relay', 'nats://127.0.0.1:4222', '--help']);
    expect(await help.exited).toBe(0);
    expect(help.stdout()).toMatch(/--ack-wait SECONDS[\s\S]*default 5/);
  });

  it('does not print again what it printed before a kill cut its acknowledgement short, and prints the ones handed out with it that it had not printed', async () => {
    const { url } = await startRelay('CLI3');
    const nc = await connect(server.url);
    try {
      // The consumer as listen makes it, with a 1 s ack wait; three events handed out and never acknowledged...
      await ensureConsumer(nc, 'CLI3', 'carol', 1_000);
      for (const index of [1, 2, 3, 4, 5]) expect((await post(url, quoteEvent(index), signed(quoteEvent(index)))).status).toBe(200);
      const consumer = await jetstream(nc).consumers.get('CLI3', 'carol');
      const handedOut = await consumer.fetch({ max_messages: 3, expires: 2_000 });
      const seqs: number[] = [];
      for await (const message of handedOut) seqs.push(message.seq);
      expect(seqs).toEqual([1, 2, 3]);
      // ... after listen had printed the first (its mark says 1) and was killed before that ack left.
      mkdirSync(stateDir, { recursive: true });
      writeFileSync(printedMarkPath(stateDir, server.url, 'CLI3', 'carol'), `${String(1).padStart(20, '0')}\n`);
      const carol = listen('CLI3', 'carol');
      // 4 and 5 come at once, 1 to 3 again only after the ack wait: behind events printed since.
      await carol.waitFor(() => carol.lines().length >= 4);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(entities(carol).sort()).toEqual(['q-00002', 'q-00003', 'q-00004', 'q-00005']);
      expect(await (await jetstreamManager(nc)).consumers.info('CLI3', 'carol')).toMatchObject({ num_ack_pending: 0, num_pending: 0 });
    } finally {
      await nc.close();
    }
  });

  it('registers itself with a key, keeping the secret in its own owner-only store and out of every line it prints', async () => {
    const service = await startFakeService({ apiKeys: STANDARD_PRINCIPALS.apiKeys });
    const stateDir = mkdtempSync(join(tmpdir(), 'qd-relay-state-'));
    const issued = 'whsec_issued_to_the_relay_0123456789';
    let registeredUrl = '';
    service.route('POST', '/api/public/v1/webhooks', (req, res) => {
      registeredUrl = (JSON.parse(req.body) as { url: string }).url;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: { id: '44444444-4444-4444-8444-444444444444', url: registeredUrl, secret: issued, createdAt: '2025-03-01T09:00:00.000Z', isActive: true } }));
    });
    service.route('GET', '/api/public/v1/webhooks', (_req, res) => (registeredUrl ? res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: '44444444-4444-4444-8444-444444444444', url: registeredUrl, isActive: true, createdAt: '2025-03-01T09:00:00.000Z', updatedAt: '2025-03-01T09:00:00.000Z' })) : res.writeHead(404).end('No webhook')));
    try {
      const relay = start(['relay', '--port', '0', '--nats', server.url, '--stream', 'CLI2', '--account', 'team', '--public-url', 'https://hooks.example.com', '--state-dir', stateDir, '--json'], { QUOTEDESK_BASE_URL: service.baseUrl, QUOTEDESK_API_KEY: CLIENT_KEY });
      await relay.waitFor((out) => out.includes('listening'));
      const started = JSON.parse(relay.lines()[0]!) as { listening: string; registeredUrl: string };
      expect(started.registeredUrl).toMatch(/^https:\/\/hooks\.example\.com\/hooks\/[A-Za-z0-9_-]{20,}$/);
      expect(registeredUrl).toBe(started.registeredUrl);
      const path = new URL(started.registeredUrl).pathname;
      const local = `${started.listening.replace(/\/$/, '')}${path}`;
      expect((await post(local, quoteEvent(7), signed(quoteEvent(7), issued))).status).toBe(200);
      expect((await post(local, quoteEvent(8), signed(quoteEvent(8), SECRET))).status).toBe(401);
      expect((await post(`${started.listening}hooks/someone-elses-token-000000`, quoteEvent(9), signed(quoteEvent(9), issued))).status).toBe(404);
      await relay.waitFor((out) => out.includes('q-00007'));
      expect(statSync(join(stateDir, 'secrets.json')).mode & 0o077).toBe(0);
      expect(relay.stdout() + relay.stderr()).not.toContain(issued);
      expect(relay.stdout() + relay.stderr()).not.toContain(CLIENT_KEY);
      expect(await relay.stop()).toBe(0);

      // Started again: already registered, the same secret from its store.
      const again = start(['relay', '--port', '0', '--nats', server.url, '--stream', 'CLI2', '--account', 'team', '--public-url', 'https://hooks.example.com', '--state-dir', stateDir, '--json'], { QUOTEDESK_BASE_URL: service.baseUrl, QUOTEDESK_API_KEY: CLIENT_KEY });
      await again.waitFor((out) => out.includes('listening'));
      const restarted = JSON.parse(again.lines()[0]!) as { listening: string; registeredUrl: string };
      expect(restarted.registeredUrl).toBe(started.registeredUrl);
      expect((await post(`${restarted.listening.replace(/\/$/, '')}${path}`, quoteEvent(10), signed(quoteEvent(10), issued))).status).toBe(200);
    } finally {
      await service.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });

  it('refuses a plain server where TLS is asked for, and never prints a password', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'qd-relay-pw-'));
    const passwordFile = join(folder, 'password');
    writeFileSync(passwordFile, 'pw-that-must-not-leak\n', { mode: 0o600 });
    try {
      const tls = start(['relay', '--port', '0', '--nats', `tls://127.0.0.1:${server.port}`, '--secret', SECRET]);
      expect(await tls.exited).toBe(1);
      expect(tls.stderr()).toMatch(/TLS/i);
      const secured = await startNatsServer({ config: 'authorization { users = [ { user: relay, password: "right-password" } ] }' });
      try {
        const wrong = start(['relay', '--port', '0', '--nats', secured.url, '--user', 'relay', '--password-file', passwordFile, '--secret', SECRET]);
        expect(await wrong.exited).toBe(1);
        expect(wrong.stderr()).toContain('refused these credentials');
        expect(wrong.stdout() + wrong.stderr()).not.toContain('pw-that-must-not-leak');
      } finally {
        await secured.dispose();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
