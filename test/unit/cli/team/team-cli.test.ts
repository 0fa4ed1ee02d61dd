// `quotedesk team` and `quotedesk accept --account` on two data folders, the embedded service
// and a real nats-server: a quote handed over, discussed, and accepted above the policy's amount
// only once its current revision is approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kvm } from '@nats-io/kv';
import { createUser } from '@nats-io/nkeys';
import { createSilentLogger } from '../../../../main/core/log';
import { serviceToken } from '../../../../main/core/team';
import { signEntry } from '../../../../main/core/team/signing';
import { connectToRelayServer } from '../../../../main/core/webhooks/relay/connection';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import { acceptableQuote, folderWithAccount, natsServerMissing, startNatsServer } from './fixtures';
import type { Folder, NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('quotedesk team on two data folders (real nats-server, embedded service)', { timeout: 90_000 }, () => {
  let server: NatsServer;
  let sim: Simulator;
  let ada: Folder;
  let bob: Folder;
  let quote: Awaited<ReturnType<typeof acceptableQuote>>;

  beforeAll(async () => {
    server = await startNatsServer();
    sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
    ada = await folderWithAccount(sim);
    bob = await folderWithAccount(sim);
    quote = await acceptableQuote(sim);
  });
  afterAll(async () => {
    ada?.dispose();
    bob?.dispose();
    await sim?.close();
    await server?.dispose();
  });

  it('create, join, admit: both folders list the same roster', async () => {
    const created = await ada.run('team', 'create', '--nats', server.url, '--name', 'Ada', '--email', 'ada@example.com', '--team', 'Acme', '--json');
    expect(created.code, created.stderr).toBe(0);
    expect(created.json()).toMatchObject({ team: 'Acme', role: 'admin' });
    const joined = await bob.run('team', 'join', '--nats', server.url, '--name', 'Bob', '--email', 'bob@example.com', '--json');
    expect(joined.code, joined.stderr).toBe(0);
    expect((await ada.run('team', 'admit', 'bob@example.com', '--json')).code).toBe(0);
    const self = await ada.run('team', 'admit', 'ada@example.com', '--role', 'admin', '--limit', `5000:${quote.total.currency}`, '--json');
    expect(self.code, self.stderr).toBe(0);
    for (const folder of [ada, bob]) {
      const members = await folder.run('team', 'members', '--json');
      expect(members.code, members.stderr).toBe(0);
      expect((members.json() as { members: { email: string; role: string }[] }).members.map((member) => [member.email, member.role]).sort()).toEqual([
        ['ada@example.com', 'admin'],
        ['bob@example.com', 'member'],
      ]);
    }
    expect((await bob.run('team', 'members')).stdout).toContain(`ada@example.com  Ada  admin up to 5000 ${quote.total.currency} (founder)`);
  });

  it('a quote assigned and discussed by number shows the same on both folders', async () => {
    expect((await bob.run('team', 'assign', quote.quoteNumber, '--to', 'ada@example.com')).stdout).toContain('Sent: assigned');
    expect((await bob.run('team', 'note', quote.quoteNumber, 'Rates look high, @ada@example.com?')).code).toBe(0);
    const shown = await ada.run('team', 'show', quote.id, '--json');
    expect(shown.json()).toMatchObject({ assignee: { email: 'ada@example.com', by: 'bob@example.com' }, notes: [{ author: 'bob@example.com', text: 'Rates look high, @ada@example.com?', mentions: ['ada@example.com'] }] });
  });

  it('accept is refused above the policy until this revision is approved, then allowed', async () => {
    const over = Math.floor(quote.total.amount / 2);
    expect((await ada.run('team', 'policy', '--account', 'Acme', '--over', `${over}:${quote.total.currency}`)).code).toBe(0);
    const refused = await bob.run('accept', quote.id, '--account', 'Acme', '--yes');
    expect(refused.code).toBe(14);
    expect(refused.stderr).toContain('nobody has approved it yet');
    expect((await ada.run('team', 'approve', quote.quoteNumber)).stderr).toContain('no open approval request');

    expect((await bob.run('team', 'request-approval', quote.quoteNumber, '--from', 'ada@example.com', '--comment', 'please')).code).toBe(0);
    expect((await bob.run('accept', quote.id, '--account', 'Acme', '--yes')).stderr).toContain('still open');
    const approved = await ada.run('team', 'approve', quote.quoteNumber, '--comment', 'fine', '--json');
    expect(approved.code, approved.stderr).toBe(0);

    // A revised quote needs a new approval.
    sim.operator.reviseQuote(quote.id);
    const stale = await bob.run('accept', quote.id, '--account', 'Acme', '--yes');
    expect(stale.code).toBe(14);
    expect(stale.stderr).toContain('an earlier revision was approved');
    expect((await bob.run('team', 'request-approval', quote.quoteNumber, '--from', 'ada@example.com')).code).toBe(0);
    expect((await ada.run('team', 'approve', quote.quoteNumber)).code).toBe(0);

    const accepted = await bob.run('accept', quote.id, '--account=Acme', '--yes', '--json');
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.json()).toMatchObject({ quoteNumber: quote.quoteNumber });
  });

  it('an entry nobody on the team signed is reported once as unverified, with its claimed author', async () => {
    const mallory = createUser();
    const kvKey = `quote.${serviceToken(sim.baseUrl)}.${quote.id}.note.forgedforged1`;
    const note = signEntry(kvKey, { kind: 'note', id: 'forgedforged1', text: 'approved by finance', mentions: [], at: Date.now() }, { key: mallory.getPublicKey(), name: 'Finance', email: 'fin@example.com' }, mallory);
    const nc = await connectToRelayServer({ url: server.url, auth: { kind: 'none' } }, { name: 'mallory', logger: createSilentLogger() });
    await (await new Kvm(nc).open('quotedesk-team')).put(kvKey, JSON.stringify(note));
    await nc.drain();
    const first = await ada.run('team', 'show', quote.id);
    expect(first.stderr).toContain('unverified entry from Finance <fin@example.com> not applied (signed by a key that is not on the roster)');
    expect(first.stdout).not.toContain('approved by finance');
    expect((await ada.run('team', 'show', quote.id)).stderr).not.toContain('unverified');
  });

  it('the requester cannot be asked to approve their own request', async () => {
    const own = await ada.run('team', 'request-approval', quote.id, '--from', 'ada@example.com');
    expect(own.code).toBe(1);
    expect(own.stderr).toContain('cannot approve your own request');
  });
});
