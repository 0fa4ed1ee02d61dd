// The team desk on a real nats-server: three installations share a roster, a quote's assignee,
// notes and approvals within a second; signatures keep out what a non-member or a forger writes.
import { Kvm } from '@nats-io/kv';
import { createUser } from '@nats-io/nkeys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToRelayServer } from '../../../../main/core/webhooks/relay/connection';
import { createSilentLogger } from '../../../../main/core/log';
import { acceptGate, addNote, admit, assign, decide, removeMember, requestApproval, setPolicy } from '../../../../main/core/team';
import { decisionKey, noteKey } from '../../../../main/core/team/keys';
import { signEntry } from '../../../../main/core/team/signing';
import { founder, joiner, natsServerMissing, REF, SERVICE, startNatsServer, until } from './installations';
import type { Installation, NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('the team desk on a real nats-server', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let ada: Installation;
  let bob: Installation;
  let cyd: Installation;

  beforeAll(async () => {
    server = await startNatsServer();
    ada = await founder(server.url);
    bob = await joiner(server.url, 'Bob', 'bob@example.com');
    cyd = await joiner(server.url, 'Cyd', 'cyd@example.com');
  });
  afterAll(async () => {
    await Promise.all([ada, bob, cyd].map((one) => one?.dispose()));
    await server?.dispose();
  });

  it('a joiner waits until an admin admits them; the roster is the same on every installation', async () => {
    await ada.desk.refresh();
    expect(ada.desk.state().roster.byEmail('bob@example.com')?.role).toBe('pending');
    await expect(addNote(bob.desk, REF, 'hello')).rejects.toThrow(/not admitted/);
    expect((await admit(ada.desk, 'bob@example.com', 'member', {})).outcome).toBe('sent');
    expect((await admit(ada.desk, 'cyd@example.com', 'approver', { EUR: 5000 })).outcome).toBe('sent');
    for (const one of [ada, bob, cyd]) {
      await until(one.desk, () => one.desk.state().roster.byEmail('cyd@example.com')?.role === 'approver');
      expect(one.desk.state().roster.byEmail('bob@example.com')?.role).toBe('member');
      expect(one.desk.state().roster.byEmail('cyd@example.com')?.limits).toEqual({ EUR: 5000 });
    }
  });

  it('a note, an assignment and an approval cross to the other installations within a second', async () => {
    const seen: string[] = [];
    const watching = await cyd.desk.watch((key) => seen.push(key));
    await addNote(bob.desk, REF, 'Can @cyd@example.com look at the rates?');
    await assign(bob.desk, REF, 'cyd@example.com');
    await requestApproval(bob.desk, REF, 'cyd@example.com', { revision: 'r1', total: { amount: 4000, currency: 'EUR' } }, 'over budget');
    await until(cyd.desk, () => cyd.desk.state().quote(REF).requests.length === 1, 1_000);
    const quote = cyd.desk.state().quote(REF);
    expect(quote.notes.map((note) => [note.author.email, note.body.text, note.body.mentions])).toEqual([['bob@example.com', 'Can @cyd@example.com look at the rates?', ['cyd@example.com']]]);
    expect(quote.assignee?.to?.email).toBe('cyd@example.com');
    expect(seen.length).toBeGreaterThanOrEqual(3);

    await decide(cyd.desk, REF, true, 'fine');
    await until(bob.desk, () => bob.desk.state().quote(REF).requests[0]?.decision !== null, 1_000);
    expect(bob.desk.state().quote(REF).requests[0]?.decision?.author.email).toBe('cyd@example.com');
    watching.stop();
  });

  it('a stale assignment is refused and reported, not silently written over', async () => {
    await ada.desk.refresh();
    await bob.desk.refresh();
    expect((await assign(ada.desk, REF, 'ada@example.com')).outcome).toBe('sent');
    // Bob has not read Ada's change: his compare-and-set is on the revision before it.
    const stale = await assign(bob.desk, REF, 'bob@example.com');
    expect(stale).toMatchObject({ outcome: 'refused' });
    await until(cyd.desk, () => cyd.desk.state().quote(REF).assignee?.to?.email === 'ada@example.com');
  });

  it('an approval by a member not admitted, and a forged entry, are not applied and are reported as unverified', async () => {
    const eve = await joiner(server.url, 'Eve', 'eve@example.com');
    try {
      const ref = { service: SERVICE, quote: 'q-forgery' };
      await setPolicy(ada.desk, SERVICE, 'Acme', { EUR: 1000 });
      await requestApproval(bob.desk, ref, 'cyd@example.com', { revision: 'r1', total: { amount: 3000, currency: 'EUR' } }, '');
      await until(eve.desk, () => eve.desk.state().quote(ref).requests.length === 1);
      const request = eve.desk.state().quote(ref).requests[0]!.request.body;
      // Eve (pending) writes an approval under her own key; then one claiming to be Cyd, signed by Eve.
      const nc = await connectToRelayServer({ url: server.url, auth: { kind: 'none' } }, { name: 'eve', logger: createSilentLogger() });
      const kv = await new Kvm(nc).open('quotedesk-team');
      const decision = { kind: 'decision' as const, request: request.id, approved: true, comment: 'ok', at: Date.now() };
      const own = signEntry(decisionKey(ref, request.id), decision, { key: eve.pair.getPublicKey(), name: 'Eve', email: 'eve@example.com' }, eve.pair);
      await kv.put(decisionKey(ref, request.id), JSON.stringify(own));
      const cydAuthor = { key: cyd.pair.getPublicKey(), name: 'Cyd', email: 'cyd@example.com' };
      const forged = signEntry(decisionKey(ref, request.id), decision, { ...cydAuthor, key: eve.pair.getPublicKey() }, eve.pair);
      await kv.put(decisionKey(ref, request.id), JSON.stringify({ ...forged, author: cydAuthor }));
      const mallory = createUser();
      const note = signEntry(noteKey(ref, 'forged-note-1'), { kind: 'note', id: 'forged-note-1', text: 'approved by finance', mentions: [], at: Date.now() }, { key: mallory.getPublicKey(), name: 'Finance', email: 'fin@example.com' }, mallory);
      await kv.put(noteKey(ref, 'forged-note-1'), JSON.stringify(note));
      await nc.drain();

      await until(ada.desk, () => ada.desk.state().unverified.length >= 3);
      const state = ada.desk.state();
      expect(state.quote(ref).requests[0]!.decision).toBeNull();
      expect(state.quote(ref).notes).toEqual([]);
      expect(state.unverified.map((item) => [item.claimed?.email, item.reason])).toEqual(
        expect.arrayContaining([
          ['eve@example.com', 'not-admitted-then'],
          ['cyd@example.com', 'bad-signature'],
          ['fin@example.com', 'unknown-key'],
        ]),
      );
      expect(acceptGate(state, ref, { revision: 'r1', total: { amount: 3000, currency: 'EUR' } }).allowed).toBe(false);
      // The real approver's decision still counts after the forgery.
      await cyd.desk.refresh();
      expect((await decide(cyd.desk, ref, true, 'ok')).outcome).toBe('sent');
      await until(ada.desk, () => acceptGate(ada.desk.state(), ref, { revision: 'r1', total: { amount: 3000, currency: 'EUR' } }).allowed);
    } finally {
      await eve.dispose();
    }
  });

  it('a removed member is off the roster everywhere with one action', async () => {
    const dan = await joiner(server.url, 'Dan', 'dan@example.com');
    try {
      await ada.desk.refresh();
      await admit(ada.desk, 'dan@example.com', 'member', {});
      await until(dan.desk, () => dan.desk.state().roster.byEmail('dan@example.com')?.role === 'member');
      expect((await removeMember(ada.desk, 'dan@example.com')).outcome).toBe('sent');
      await until(bob.desk, () => bob.desk.state().roster.byEmail('dan@example.com')?.role === 'removed');
      await dan.desk.refresh();
      await expect(addNote(dan.desk, REF, 'still here')).rejects.toThrow(/not on the team/);
    } finally {
      await dan.dispose();
    }
  });
});
