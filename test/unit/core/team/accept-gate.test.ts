// The approval gate in the core: decisions.accept (the use case the bridge and the outbox call)
// asks the team's real policy, on a real nats-server, before anything reaches the embedded
// Quoting Service. Above the policy's amount an accept is refused until the quote's current
// revision is approved by an approver whose limit covers it, and refused again once the quote
// is revised; a decline needs no approval. The refusal says why and what to do, in the UI language.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient } from '../../../../main/core/api';
import { ApprovalNeededError, createDecisions, openReceiptStore } from '../../../../main/core/decisions';
import type { Decisions } from '../../../../main/core/decisions';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createMemorySettingsStore } from '../../../../main/core/settings-and-secrets/memory-settings';
import { addNote, admit, decide, requestApproval, serviceToken, setPolicy, TEAM_PROFILE_SETTING, quoteRevision } from '../../../../main/core/team';
import { teamAcceptApproval } from '../../../../main/core/team/accept-approval';
import { inLocale } from '../../../../main/cli/locale';
import { ManualClock, startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { QuoteDetails } from '../../../../preload/contract';
import { founder, joiner, natsServerMissing, startNatsServer, until } from './installations';
import type { Installation, NatsServer } from './installations';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

describe.skipIf(missing !== null)('the approval gate of decisions.accept, with a real team policy', { timeout: 60_000 }, () => {
  let server: NatsServer;
  let sim: Simulator;
  let ada: Installation;
  let cyd: Installation;
  let dir: string;
  let client: ClosableQuotingClient;
  let decisions: Decisions;
  let service: string;

  beforeAll(async () => {
    server = await startNatsServer();
    sim = await startSimulator({ port: 0, seed: 7, quotes: 20, clock: new ManualClock(), log: () => undefined });
    service = serviceToken(sim.baseUrl);
    ada = await founder(server.url);
    cyd = await joiner(server.url, 'Cyd', 'cyd@example.com');
    await until(ada.desk, () => ada.desk.state().roster.members.size > 1);
    await admit(ada.desk, 'cyd@example.com', 'approver', { EUR: 1_000_000 });
    await until(cyd.desk, () => cyd.desk.state().roster.members.get(cyd.pair.getPublicKey())?.role === 'approver');
    dir = await mkdtemp(join(tmpdir(), 'qd-accept-gate-'));
    client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, clock: systemClock, retry: { random: () => 0 } });
    // Ada's installation: on the team (its profile in the settings), her desk open.
    const settings = createMemorySettingsStore();
    settings.set(TEAM_PROFILE_SETTING, ada.options.profile);
    const accounts = { get: async (id: string) => ({ id, name: 'Acme', access: 'client' as const, baseUrl: sim.baseUrl }), client: async () => client };
    decisions = createDecisions({
      accounts,
      getCached: () => null,
      record: () => [],
      receipts: openReceiptStore({ path: join(dir, 'decision-receipts.json'), logger: createSilentLogger(), now: systemClock.now }),
      publish: () => undefined,
      clock: systemClock,
      logger: createSilentLogger(),
      acceptApproval: teamAcceptApproval({ folder: { settings }, session: { desk: ada.desk }, accounts }),
    });
  });

  afterAll(async () => {
    await client?.close();
    await ada?.dispose();
    await cyd?.dispose();
    await server?.stop();
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A new issued quote of company 0, and the policy's amount set just below its total (in its currency). */
  async function quoteAbovePolicy(): Promise<QuoteDetails> {
    const created = sim.operator.createQuote({ companyId: sim.credentials.companies[0]!.id, projectName: 'Gate test' });
    const issued = sim.operator.issueQuote(created.id);
    const details = await client.quotes.get(issued.id);
    const total = details.totalPrice!;
    await setPolicy(ada.desk, service, 'Acme', { [total.currency]: total.amount - 1 });
    await until(ada.desk, () => ada.desk.state().policies.get(service)?.over[total.currency] === total.amount - 1);
    return details;
  }

  const ref = (quoteId: string) => ({ service, quote: quoteId });
  const facts = (details: QuoteDetails) => ({ revision: quoteRevision(details), total: details.totalPrice ?? null });
  const accepted = (quoteId: string) => sim.operator.requests().some((request) => request.method === 'POST' && request.path.includes(quoteId) && request.path.includes('accept'));

  it('refuses an accept above the policy without approval, saying why and what to do, and sends nothing', async () => {
    const quote = await quoteAbovePolicy();
    const refusal = decisions.accept({ accountId: 'acc-1', quoteId: quote.id });
    await expect(refusal).rejects.toBeInstanceOf(ApprovalNeededError);
    await expect(refusal).rejects.toMatchObject({ code: 'invalid-state', message: expect.stringMatching(/cannot be accepted yet: .*nobody has approved it yet.*Request an approval of this revision/) });
    expect(accepted(quote.id)).toBe(false);
  });

  it('allows it once the current revision is approved, and refuses again after the quote is revised', async () => {
    const quote = await quoteAbovePolicy();
    await requestApproval(ada.desk, ref(quote.id), 'cyd@example.com', facts(quote), 'above budget');
    await until(cyd.desk, () => cyd.desk.state().quote(ref(quote.id)).requests.length === 1);
    await expect(decisions.accept({ accountId: 'acc-1', quoteId: quote.id })).rejects.toThrow(/the request to cyd@example\.com is still open/);
    await decide(cyd.desk, ref(quote.id), true, 'fine');
    await until(ada.desk, () => ada.desk.state().quote(ref(quote.id)).requests[0]?.decision !== undefined);

    // The quote is revised after the approval: the approval was of the earlier revision.
    sim.operator.reviseQuote(quote.id);
    const revised = await client.quotes.get(quote.id);
    expect(quoteRevision(revised)).not.toBe(quoteRevision(quote));
    await setPolicy(ada.desk, service, 'Acme', { [revised.totalPrice!.currency]: Math.min(revised.totalPrice!.amount, quote.totalPrice!.amount) - 1 });
    await until(ada.desk, () => ada.desk.state().policies.get(service)?.over[revised.totalPrice!.currency] === Math.min(revised.totalPrice!.amount, quote.totalPrice!.amount) - 1);
    await expect(decisions.accept({ accountId: 'acc-1', quoteId: quote.id, fresh: true })).rejects.toThrow(/an earlier revision was approved, but this revision was not/);
    expect(accepted(quote.id)).toBe(false);

    await requestApproval(ada.desk, ref(quote.id), 'cyd@example.com', facts(revised), 'revised');
    await until(cyd.desk, () => cyd.desk.state().quote(ref(quote.id)).requests.length === 2);
    await decide(cyd.desk, ref(quote.id), true, 'still fine');
    await until(ada.desk, () => ada.desk.state().quote(ref(quote.id)).requests.every((item) => item.decision !== undefined));
    await expect(decisions.accept({ accountId: 'acc-1', quoteId: quote.id, fresh: true })).resolves.toMatchObject({ outcome: 'done' });
    expect(accepted(quote.id)).toBe(true);
  });

  it('lets a decline through without any approval', async () => {
    const quote = await quoteAbovePolicy();
    await expect(decisions.decline({ accountId: 'acc-1', quoteId: quote.id, reason: 'too dear' })).resolves.toMatchObject({ outcome: 'done' });
  });

  it('says the refusal in the UI language: German and Arabic', async () => {
    const quote = await quoteAbovePolicy();
    const german = await inLocale('de', () => decisions.accept({ accountId: 'acc-1', quoteId: quote.id }).catch((error: Error) => error.message));
    expect(german).toMatch(/^Dieses Angebot kann noch nicht angenommen werden: .*bisher hat niemand sie freigegeben.*Fordern Sie eine Freigabe dieser Revision an/);
    const arabic = await inLocale('ar', () => decisions.accept({ accountId: 'acc-1', quoteId: quote.id }).catch((error: Error) => error.message));
    expect(arabic).toMatch(/^لا يمكن قبول عرض السعر هذا بعد: .*لم يوافق عليه أحد بعد/);
  });

  it("says the team's own refusals in the UI language too", async () => {
    const quote = await quoteAbovePolicy();
    await expect(inLocale('de', () => decide(ada.desk, ref(quote.id), true, ''))).rejects.toThrow('für dieses Angebot ist keine offene Freigabeanfrage an Sie gerichtet');
    await expect(inLocale('ar', () => addNote(ada.desk, ref(quote.id), '  '))).rejects.toThrow('تحتاج الملاحظة إلى نص');
  });
});
