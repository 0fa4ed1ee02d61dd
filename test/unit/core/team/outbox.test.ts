// The outbox on a real nats-server: what a person does while the server is down waits on disk,
// in order; a desk opened again after the server restarts sends each change once, even when a
// kill came after the send and before the outbox was updated.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addNote, admit, OutboxUnreadableError, sync, TeamDesk } from '../../../../main/core/team';
import { founder, joiner, natsServerMissing, REF, startNatsServer, until } from './installations';
import type { Installation, NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('the team outbox with a real nats-server stopped and restarted', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let ada: Installation;
  let bob: Installation;

  beforeAll(async () => {
    server = await startNatsServer();
    ada = await founder(server.url);
    bob = await joiner(server.url, 'Bob', 'bob@example.com');
    await ada.desk.refresh();
    await admit(ada.desk, 'bob@example.com', 'member', {});
    await until(bob.desk, () => bob.desk.state().roster.byEmail('bob@example.com')?.role === 'member');
  });
  afterAll(async () => {
    await Promise.all([ada, bob].map((one) => one?.dispose()));
    await server?.dispose();
  });

  it('notes written while the server is down are queued in order and arrive once after it is back', async () => {
    await server.stop();
    const desk = await bob.reopen();
    expect(desk.online).toBe(false);
    for (const text of ['one', 'two', 'three']) expect((await addNote(desk, REF, text)).outcome).toBe('queued');
    expect(desk.queued.map((op) => op.what)).toEqual([`note on ${REF.quote}`, `note on ${REF.quote}`, `note on ${REF.quote}`]);
    // The app is gone (its desk dropped without a word); the outbox on disk is all that is left.
    await server.restart();
    const again = await bob.reopen();
    const { sent } = await sync(again);
    expect(sent.map((item) => item.outcome)).toEqual(['sent', 'sent', 'sent']);
    expect(again.queued).toEqual([]);
    await until(ada.desk, () => ada.desk.state().quote(REF).notes.length === 3, 20_000);
    expect(ada.desk.state().quote(REF).notes.map((note) => note.body.text)).toEqual(['one', 'two', 'three']);
  });

  it('a change sent but still in the outbox (killed before it was removed) is sent again and arrives once', async () => {
    const desk = await bob.reopen();
    await desk.refresh();
    const before = ada.desk.state().quote(REF).notes.length;
    await server.stop();
    await bob.reopen();
    await addNote(bob.desk, REF, 'sent twice');
    // What the outbox held at the kill: the change, not yet removed.
    copyFileSync(bob.options.outboxPath, `${bob.options.outboxPath}.at-kill`);
    await server.restart();
    await sync(await bob.reopen());
    copyFileSync(`${bob.options.outboxPath}.at-kill`, bob.options.outboxPath);
    const { sent } = await sync(await bob.reopen());
    expect(sent.map((item) => item.outcome)).toEqual(['sent']);
    await until(ada.desk, () => ada.desk.state().quote(REF).notes.length === before + 1, 20_000);
    await ada.desk.refresh();
    expect(ada.desk.state().quote(REF).notes.filter((note) => note.body.text === 'sent twice')).toHaveLength(1);
  });

  it('an outbox file that is not a queue is refused in words and left as it is', async () => {
    writeFileSync(bob.options.outboxPath, '{"half": ');
    await expect(TeamDesk.open(bob.options)).rejects.toThrow(OutboxUnreadableError);
    expect(readFileSync(bob.options.outboxPath, 'utf8')).toBe('{"half": ');
    writeFileSync(bob.options.outboxPath, '{"v":1,"ops":[]}');
  });
});
