// The team feature over the bridge, two installations on a real nats-server: the founder creates
// the team, a teammate joins and is admitted, an assignment and a note reach the other's thread
// (with 'team.quotesChanged'), and Accept stays refused above the policy until the approver asked
// approves this revision. Nothing secret is answered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '../../../../preload/contract';
import type { BridgeEvent } from '../../../../main/core/bridge/events';
import { createEventHub } from '../../../../main/core/bridge/events';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import type { SecretStore } from '../../../../main/core/ports';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets/memory-secrets';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets/memory-settings';
import { createTeamFeature } from '../../../../main/core/team/feature';
import type { TeamFeature } from '../../../../main/core/team/feature';
import { TEAM_SEED_SECRET } from '../../../../main/core/team';
import { TEAM_SERVER_SECRET } from '../../../../main/core/team/setup';
import { natsServerMissing, QUOTE, startNatsServer } from './installations';
import type { NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const ACCOUNT = { id: 'acc-1', name: 'Acme', baseUrl: 'https://api.example.com/v1' };
const details = { totalPrice: { amount: 8_000, currency: 'EUR' }, itemsPricing: { items: [{ id: 'a', price: 8_000 }] } };

interface Desk {
  feature: TeamFeature;
  events: BridgeEvent[];
  secrets: SecretStore;
  dir: string;
  call<M extends keyof typeof methods & `team.${string}`>(method: M, input?: unknown): Promise<unknown>;
}

async function installation(): Promise<Desk> {
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-bridge-'));
  const secrets = createMemorySecretStore();
  const hub = createEventHub({ logger: createSilentLogger() });
  const events: BridgeEvent[] = [];
  hub.subscribe((event) => events.push(event));
  const feature = createTeamFeature({
    userData: dir,
    settings: createMemorySettingsStore(),
    secrets,
    accounts: { get: async (id) => ({ ...ACCOUNT, id }) as never, list: async () => [ACCOUNT] as never },
    cache: { get: (accountId, quoteId) => (quoteId === QUOTE ? ({ accountId, quoteId, details, list: null } as never) : null) },
    clock: systemClock,
    logger: createSilentLogger(),
    session: { tendMs: 200, connectTimeoutMs: 1_000 },
  });
  feature.project?.(hub);
  await feature.start?.();
  // As the dispatcher does: the input parsed by the contract, the output checked against it.
  const call = async (method: keyof typeof methods, input?: unknown) => {
    const schema = methods[method];
    const handler = feature.handlers[method] as (input: unknown) => Promise<unknown>;
    return schema.output.parse(await handler(schema.input.parse(input)));
  };
  return { feature, events, secrets, dir, call };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const quote = { accountId: ACCOUNT.id, quoteId: QUOTE };

describe.skipIf(missing !== null)('the team feature over the bridge, on a real nats-server', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let ada: Desk;
  let bob: Desk;

  beforeAll(async () => {
    server = await startNatsServer();
    ada = await installation();
    bob = await installation();
  });
  afterAll(async () => {
    for (const one of [ada, bob]) {
      await one?.feature.close?.();
      if (one) rmSync(one.dir, { recursive: true, force: true });
    }
    await server?.dispose();
  });

  it('a data folder on no team says so, and a thread is refused in words', async () => {
    expect(await ada.call('team.state')).toMatchObject({ joined: false, role: null, members: [] });
    await expect(ada.call('team.thread', quote)).rejects.toThrow(/on no team/);
  });

  it('creates and joins: the founder is admin, the joiner pending until admitted; the private key is never answered', async () => {
    const made = (await ada.call('team.create', { url: server.url, name: 'Ada', email: 'Ada@Example.com', team: 'Acme' })) as { role: string; team: string; email: string; signer: string; fingerprint: string };
    expect(made).toMatchObject({ joined: true, role: 'admin', team: 'Acme', email: 'ada@example.com', online: true, url: server.url });
    expect(made.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/);
    const seed = (await ada.secrets.get(TEAM_SEED_SECRET))!;
    expect(JSON.stringify(made)).not.toContain(seed);
    expect(await ada.secrets.get(TEAM_SERVER_SECRET)).toContain(server.url);

    expect(await bob.call('team.join', { url: server.url, name: 'Bob', email: 'bob@example.com' })).toMatchObject({ joined: true, role: 'pending', team: 'Acme' });
    await expect(bob.call('team.note', { ...quote, text: 'hello' })).rejects.toThrow(/not admitted/);
    // Ada's window hears Bob's request without asking.
    await eventually(() => ada.events.some((event) => event.name === 'team.changed' && event.payload.members.some((member) => member.email === 'bob@example.com' && member.role === 'pending')));

    expect(await ada.call('team.admit', { email: 'bob@example.com', role: 'approver', limits: { eur: 10_000 } })).toEqual({ outcome: 'sent', reason: null });
    await eventually(async () => ((await bob.call('team.state')) as { role: string }).role === 'approver');
  });

  it('an assignment and a note reach the other window, with the quote named in team.quotesChanged', async () => {
    bob.events.length = 0;
    // Read once before: what the inbox's team views hold is kept current as entries arrive, not frozen at the first reading.
    expect(bob.feature.mineQuotes('assignedToMe').size).toBe(0);
    expect(await ada.call('team.assign', { ...quote, email: 'bob@example.com' })).toMatchObject({ outcome: 'sent' });
    expect(await ada.call('team.note', { ...quote, text: 'Rates look high, @bob@example.com?' })).toMatchObject({ outcome: 'sent' });
    await eventually(() => bob.events.some((event) => event.name === 'team.quotesChanged' && event.payload.quoteIds.includes(QUOTE)));
    await eventually(async () => ((await bob.call('team.thread', quote)) as { notes: unknown[] }).notes.length === 1);
    const thread = await bob.call('team.thread', quote);
    expect(thread).toMatchObject({ assignee: { email: 'bob@example.com', by: 'Ada' }, notes: [{ author: { email: 'ada@example.com' }, text: 'Rates look high, @bob@example.com?', mentions: ['bob@example.com'] }], unverified: [] });
    expect(await bob.call('team.mine')).toMatchObject({ assignedToMe: [quote], waitingForMe: [], myRequests: [] });
    expect([...bob.feature.mineQuotes('assignedToMe')]).toEqual([QUOTE]);
    expect(ada.feature.mineQuotes('assignedToMe').size).toBe(0);
  });

  it('Accept is refused above the policy until the approver asked approves this revision', async () => {
    expect(await ada.call('team.setPolicy', { accountId: ACCOUNT.id, over: { EUR: 5_000 } })).toMatchObject({ outcome: 'sent' });
    await eventually(async () => ((await ada.call('team.thread', quote)) as { accept: { needsApproval: boolean } }).accept.needsApproval);
    expect(await ada.call('team.state')).toMatchObject({ policies: [{ accountId: ACCOUNT.id, account: 'Acme', over: { EUR: 5_000 } }] });
    expect(await ada.call('team.thread', quote)).toMatchObject({ accept: { allowed: false, needsApproval: true, reason: expect.stringMatching(/nobody has approved it yet/) } });

    await expect(bob.call('team.decide', { ...quote, approved: true })).rejects.toThrow(/no open approval request/);
    expect(await ada.call('team.requestApproval', { ...quote, approver: 'bob@example.com', comment: 'above budget' })).toMatchObject({ outcome: 'sent' });
    await eventually(async () => ((await bob.call('team.thread', quote)) as { awaitingMe: boolean }).awaitingMe);
    expect(await bob.call('team.mine')).toMatchObject({ waitingForMe: [quote] });
    expect(await ada.call('team.mine')).toMatchObject({ myRequests: [quote] });
    expect([...bob.feature.mineQuotes('waitingForMe')]).toEqual([QUOTE]);
    expect([...ada.feature.mineQuotes('myRequests')]).toEqual([QUOTE]);
    expect(await ada.call('team.thread', quote)).toMatchObject({ accept: { allowed: false, reason: expect.stringMatching(/still open/) } });

    expect(await bob.call('team.decide', { ...quote, approved: true, comment: 'fine' })).toMatchObject({ outcome: 'sent' });
    await eventually(async () => ((await ada.call('team.thread', quote)) as { accept: { allowed: boolean } }).accept.allowed);
    expect(await ada.call('team.thread', quote)).toMatchObject({
      accept: { allowed: true, needsApproval: true, approvedBy: 'bob@example.com' },
      approvals: [{ author: { email: 'ada@example.com' }, approver: { email: 'bob@example.com' }, currentRevision: true, comment: 'above budget', decision: { approved: true, comment: 'fine', author: { email: 'bob@example.com' } } }],
    });
    // Decided: out of the approver's "Waiting for my approval" and the requester's "My requests".
    expect(ada.feature.mineQuotes('myRequests').size).toBe(0);
    await eventually(() => bob.feature.mineQuotes('waitingForMe').size === 0);
  });

  it('leaving forgets the team and its credentials here', async () => {
    expect(await bob.call('team.leave')).toMatchObject({ joined: false });
    expect(await bob.secrets.get(TEAM_SERVER_SECRET)).toBeNull();
    await expect(bob.call('team.thread', quote)).rejects.toThrow(/on no team/);
  });
});
