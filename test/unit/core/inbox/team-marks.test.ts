// The inbox rows' team marks ('inbox.teamMarks') over the real team feature on a real
// nats-server: one call answers a whole window of rows with each quote's assignee and the
// approval of its current revision (asked, approved, refused; nothing for an earlier revision),
// a quote seen by two accounts once, and nothing at all on no team. The marks come from the
// team's per-quote state, folded once per revision that arrived, not once per row.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methods } from '../../../../preload/contract';
import { createTeamMarkHandlers } from '../../../../main/core/inbox/team-marks';
import type { TeamMarksReader } from '../../../../main/core/inbox/team-marks';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createMemorySecretStore } from '../../../../main/core/settings-and-secrets/memory-secrets';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets/memory-settings';
import { createTeamFeature } from '../../../../main/core/team/feature';
import type { TeamFeature } from '../../../../main/core/team/feature';
import { natsServerMissing, startNatsServer } from '../../../helpers/nats-server';
import type { NatsServer } from '../../../helpers/nats-server';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const ACCOUNTS = [
  { id: 'client', name: 'Acme', baseUrl: 'https://api.example.com/v1' },
  { id: 'internal', name: 'Acme (internal)', baseUrl: 'https://api.example.com/v1' },
];
const ASSIGNED = '3f1c2a9e-5b7d-4e8f-9a01-23456789abc1';
const ASKED = '3f1c2a9e-5b7d-4e8f-9a01-23456789abc2';
const UNTOUCHED = '3f1c2a9e-5b7d-4e8f-9a01-23456789abc3';
/** The priced content each quote has on this computer now: changing it is a revised quote. */
const priced = new Map<string, number>([
  [ASSIGNED, 1_000],
  [ASKED, 8_000],
  [UNTOUCHED, 500],
]);
const detailsOf = (quoteId: string) => {
  const amount = priced.get(quoteId) ?? 0;
  return { totalPrice: { amount, currency: 'EUR' }, itemsPricing: { items: [{ id: 'a', price: amount }] } };
};

interface Desk {
  feature: TeamFeature;
  dir: string;
  call(method: keyof typeof methods, input?: unknown): Promise<unknown>;
  /** The inbox's marks, read as the dispatcher calls them, with the number of quotes the team was asked about. */
  marks(quotes: { accountId: string; quoteId: string }[]): Promise<{ marks: unknown[]; quotesRead: number }>;
}

async function installation(): Promise<Desk> {
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-marks-'));
  const feature = createTeamFeature({
    userData: dir,
    settings: createMemorySettingsStore(),
    secrets: createMemorySecretStore(),
    accounts: { get: async (id) => ACCOUNTS.find((account) => account.id === id) as never, list: async () => ACCOUNTS as never },
    cache: { get: (accountId, quoteId) => ({ accountId, quoteId, details: detailsOf(quoteId), list: null }) as never },
    clock: systemClock,
    logger: createSilentLogger(),
    session: { tendMs: 200, connectTimeoutMs: 1_000 },
  });
  await feature.start?.();
  const call = async (method: keyof typeof methods, input?: unknown) => {
    const schema = methods[method];
    const handler = feature.handlers[method] as (input: unknown) => Promise<unknown>;
    return schema.output.parse(await handler(schema.input.parse(input)));
  };
  const marks = async (quotes: { accountId: string; quoteId: string }[]) => {
    let quotesRead = 0;
    const read: TeamMarksReader = (asked) => {
      quotesRead += asked.length;
      return feature.teamMarks(asked);
    };
    const answer = await createTeamMarkHandlers({ marks: read })['inbox.teamMarks'](methods['inbox.teamMarks'].input.parse({ quotes }));
    return { marks: methods['inbox.teamMarks'].output.parse(answer).marks, quotesRead };
  };
  return { feature, dir, call, marks };
}

async function eventually(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const window = [
  { accountId: 'client', quoteId: ASSIGNED },
  { accountId: 'internal', quoteId: ASSIGNED },
  { accountId: 'client', quoteId: ASKED },
  { accountId: 'client', quoteId: UNTOUCHED },
];

describe.skipIf(missing !== null)("the inbox rows' team marks, read for a window at once", { timeout: 60_000 }, () => {
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

  it('has no marks on no team', async () => {
    expect((await ada.marks(window)).marks).toEqual([]);
  });

  it("names each quote's assignee and the approval of its current revision, a quote seen by two accounts once", async () => {
    await ada.call('team.create', { url: server.url, name: 'Ada Lovelace', email: 'ada@example.com', team: 'Acme' });
    await bob.call('team.join', { url: server.url, name: 'Bob Stone', email: 'bob@example.com' });
    await eventually(async () => ((await ada.call('team.state')) as { members: { email: string }[] }).members.some((member) => member.email === 'bob@example.com'));
    await ada.call('team.admit', { email: 'bob@example.com', role: 'approver', limits: { EUR: 10_000 } });
    await eventually(async () => ((await bob.call('team.state')) as { role: string }).role === 'approver');

    await ada.call('team.assign', { accountId: 'client', quoteId: ASSIGNED, email: 'bob@example.com' });
    await ada.call('team.requestApproval', { accountId: 'client', quoteId: ASKED, approver: 'bob@example.com', comment: 'above budget' });
    await eventually(async () => (await bob.marks(window)).marks.length === 2);

    const read = await bob.marks(window);
    expect(read.marks).toEqual([
      { quoteId: ASSIGNED, assignee: { name: 'Bob Stone', email: 'bob@example.com' }, approval: null },
      { quoteId: ASKED, assignee: null, approval: 'requested' },
    ]);
    // Four rows, three quotes: each quote asked about once.
    expect(read.quotesRead).toBe(3);
    // Read again with nothing new: the very same state, not folded again.
    const states = bob.feature.quoteStates();
    await bob.marks(window);
    expect(bob.feature.quoteStates()).toBe(states);
    expect(states.assigneeOf.get(ASSIGNED)).toMatchObject({ name: 'Bob Stone', email: 'bob@example.com' });
  });

  it('follows the decision, and an approval of an earlier revision marks nothing', async () => {
    await bob.call('team.decide', { accountId: 'client', quoteId: ASKED, approved: false, comment: 'too high' });
    await eventually(async () => (await ada.marks(window)).marks.some((mark) => (mark as { approval: string }).approval === 'refused'));
    expect((await ada.marks([{ accountId: 'client', quoteId: ASKED }])).marks).toEqual([{ quoteId: ASKED, assignee: null, approval: 'refused' }]);

    await ada.call('team.requestApproval', { accountId: 'client', quoteId: ASKED, approver: 'bob@example.com', comment: 'trimmed' });
    await eventually(async () => ((await bob.call('team.thread', { accountId: 'client', quoteId: ASKED })) as { awaitingMe: boolean }).awaitingMe);
    await bob.call('team.decide', { accountId: 'client', quoteId: ASKED, approved: true, comment: 'fine' });
    await eventually(async () => (await ada.marks(window)).marks.some((mark) => (mark as { approval: string }).approval === 'approved'));

    // The quote is revised: what was approved is not what the row shows now.
    priced.set(ASKED, 9_000);
    expect((await ada.marks([{ accountId: 'client', quoteId: ASKED }])).marks).toEqual([]);
  });
});
