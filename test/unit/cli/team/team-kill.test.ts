// The outbox through a real server stop and a kill -9 (quotedesk in child processes): notes
// written while the server is down are queued on disk; a sync killed while it waits for the
// server loses nothing; once the server is back every note arrives once, in order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { startChild } from '../../core/webhooks/relay/child';
import { acceptableQuote, folderWithAccount, natsServerMissing, startNatsServer } from './fixtures';
import type { Folder, NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('team notes through a server stop and a kill -9 (child processes, real nats-server)', { timeout: 120_000 }, () => {
  let server: NatsServer;
  let sim: Simulator;
  let ada: Folder;
  let bob: Folder;

  beforeAll(async () => {
    server = await startNatsServer();
    sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
    ada = await folderWithAccount(sim);
    bob = await folderWithAccount(sim);
    expect((await ada.run('team', 'create', '--nats', server.url, '--name', 'Ada', '--email', 'ada@example.com')).code).toBe(0);
    expect((await bob.run('team', 'join', '--nats', server.url, '--name', 'Bob', '--email', 'bob@example.com')).code).toBe(0);
    expect((await ada.run('team', 'admit', 'bob@example.com')).code).toBe(0);
  });
  afterAll(async () => {
    ada?.dispose();
    bob?.dispose();
    await sim?.close();
    await server?.dispose();
  });

  const child = (folder: Folder, ...argv: string[]) => startChild([...argv, '--data-dir', folder.dir]);

  it('queued while the server is down, a sync killed -9, the server back: each note arrives once, in order', async () => {
    const { id } = await acceptableQuote(sim);
    await bob.run('team', 'sync');
    await server.stop();
    for (const text of ['first', 'second', 'third']) {
      const noted = child(bob, 'team', 'note', id, text);
      await new Promise((resolve) => noted.process.once('close', resolve));
      expect(noted.lines().join('\n')).toContain('Queued');
    }
    // A sync that finds no server, killed while it waits for one.
    const syncing = child(bob, 'team', 'sync');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await syncing.kill();

    await server.restart();
    const synced = await bob.run('team', 'sync', '--json');
    expect(synced.code, synced.stderr).toBe(0);
    expect((synced.json() as { sent: { outcome: string }[] }).sent.map((item) => item.outcome)).toEqual(['sent', 'sent', 'sent']);
    expect((await bob.run('team', 'sync', '--json')).json()).toMatchObject({ sent: [], waiting: 0 });
    const shown = (await ada.run('team', 'show', id, '--json')).json() as { notes: { text: string }[] };
    expect(shown.notes.map((note) => note.text)).toEqual(['first', 'second', 'third']);
  });
});
