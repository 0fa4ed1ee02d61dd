// The per-user permissions of docs/team.md, run as written against a real nats-server: the
// founder makes the bucket, a member works in it, and neither reaches anything else.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kvm } from '@nats-io/kv';
import { createUser } from '@nats-io/nkeys';
import type { KeyPair } from '@nats-io/nkeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { addNote, admit, askToJoin, DEFAULT_BUCKET, TeamDesk } from '../../../../main/core/team';
import type { TeamDeskOptions } from '../../../../main/core/team';
import { connectToRelayServer } from '../../../../main/core/webhooks/relay/connection';
import { natsServerMissing, REF, startNatsServer, until } from './installations';
import type { NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

/** The ```conf block between the team-permissions markers of docs/team.md. */
function documentedPermissions(): string {
  const doc = readFileSync(new URL('../../../../docs/team.md', import.meta.url), 'utf8');
  const block = /<!-- team-permissions:start -->\s*```conf\n([\s\S]*?)```\s*<!-- team-permissions:end -->/.exec(doc)?.[1];
  if (!block) throw new Error('docs/team.md lost its permissions block');
  return block;
}

describe.skipIf(missing !== null)('the documented team permissions (real nats-server)', { timeout: 60_000 }, () => {
  let server: NatsServer;
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-perm-'));
  const desks: TeamDesk[] = [];
  const ada = createUser();
  const bob = createUser();
  const options = (user: string, pair: KeyPair, founder: string): TeamDeskOptions => ({
    server: { url: server.url, auth: { kind: 'user', user, password: `change-me-${user}` } },
    profile: { bucket: DEFAULT_BUCKET, founder, name: user, email: `${user}@example.com` },
    pair,
    outboxPath: join(dir, `${user}-outbox.json`),
    copyPath: join(dir, `${user}-copy.json`),
    clock: systemClock,
    logger: createSilentLogger(),
  });
  const open = async (given: TeamDeskOptions) => {
    const desk = await TeamDesk.open(given);
    desks.push(desk);
    return desk;
  };

  beforeAll(async () => {
    server = await startNatsServer({ config: documentedPermissions() });
  });
  afterAll(async () => {
    await Promise.all(desks.map((desk) => desk.close()));
    await server?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a member may not create the bucket; the founder may; then both work in it', async () => {
    await expect(TeamDesk.found({ ...options('bob', bob, bob.getPublicKey()), team: 'Acme', replicas: 1 })).rejects.toThrow();
    await TeamDesk.found({ ...options('ada', ada, ada.getPublicKey()), team: 'Acme', replicas: 1 });
    const adaDesk = await open(options('ada', ada, ada.getPublicKey()));
    const { founder } = await TeamDesk.founderOf({ server: options('bob', bob, '').server, bucket: DEFAULT_BUCKET, clock: systemClock, logger: createSilentLogger() });
    const bobDesk = await open(options('bob', bob, founder));
    expect((await askToJoin(bobDesk)).outcome).toBe('sent');
    await adaDesk.refresh();
    expect((await admit(adaDesk, 'bob@example.com', 'member', {})).outcome).toBe('sent');
    await until(bobDesk, () => bobDesk.state().roster.byEmail('bob@example.com')?.role === 'member');
    expect((await addNote(bobDesk, REF, 'allowed')).outcome).toBe('sent');
    const watching = await adaDesk.watch(() => undefined);
    await until(adaDesk, () => adaDesk.state().quote(REF).notes.length === 1);
    watching.stop();
  });

  it('a member can neither publish outside the bucket nor open another bucket', async () => {
    const nc = await connectToRelayServer(options('bob', bob, '').server, { name: 'bob-raw', logger: createSilentLogger() });
    try {
      const refused = new Promise<string>((resolve) => {
        void (async () => {
          for await (const status of nc.status()) if (status.type === 'error') resolve(String((status as { error?: unknown }).error));
        })();
      });
      nc.publish('QUOTEDESK.anything', 'x');
      expect(await refused).toMatch(/permissions violation/i);
      await expect(new Kvm(nc).create('other-bucket')).rejects.toThrow();
    } finally {
      await nc.close();
    }
  });
});
