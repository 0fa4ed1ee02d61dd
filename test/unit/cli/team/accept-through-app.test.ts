// `quotedesk accept ID --account NAME` on a team's data folder while the app holds it: the command
// goes through the running app, whose approval gate decides (a real nats-server, the embedded
// service, the app's real core and command line endpoint). Above the policy's amount it is refused
// with exit 14 in the words `accept --account` says without the app, until the quote's current
// revision is approved; then the app's outbox sends it; a revised quote is refused again, however
// recently the app read the approved revision. The app's undo window is 1 s here, as in use: after it
// the outbox re-reads the quote fresh, and the approval, asked on the app's cached copy, must still
// be of that revision; the endpoint's side of a held accept is in cli-endpoint/decide.test.ts.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers } from '../../../../main/core/cli-endpoint/server';
import { endpointAddress } from '../../../../main/core/cli-endpoint/protocol';
import { createCore } from '../../../../main/core/core';
import type { Core } from '../../../../main/core/core';
import { lockDataFolder } from '../../../../main/core/data-files';
import { UNDO_SECONDS_KEY } from '../../../../main/core/decisions/bridge';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { createFileSecretStore, createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { startSimulator } from '../../../../main/simulator';
import type { Simulator } from '../../../../main/simulator';
import type { TeamThread, TeamView } from '../../../../preload/contract';
import { folderWithAccount, natsServerMissing, startNatsServer } from './fixtures';
import type { Folder, NatsServer } from './fixtures';

const missing = natsServerMissing();
if (missing) console.warn(`skipped: ${missing}`);

const logger = createSilentLogger();

interface Quote {
  id: string;
  quoteNumber: string;
  currency: string;
}

async function until(what: string, check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited in vain: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing !== null)('quotedesk accept --account through the running app on a team\u2019s folder', { timeout: 90_000 }, () => {
  let server: NatsServer;
  let sim: Simulator;
  let ada: Folder;
  let bob: Folder;
  let core: Core | null = null;
  let release: (() => void) | null = null;
  let accountId: string;
  const quotes: Quote[] = [];

  /** A new quote of company 0, issued: the account may accept it. */
  async function newQuote(): Promise<Quote> {
    const created = sim.operator.createQuote({ companyId: sim.credentials.companies[0]!.id, projectName: 'Through the app' });
    const issued = sim.operator.issueQuote(created.id);
    const shown = await bob.run('show', issued.id, '--account', 'Acme', '--json');
    const details = shown.json() as { id: string; quoteNumber: string; totalPrice: { currency: string } };
    return { id: details.id, quoteNumber: details.quoteNumber, currency: details.totalPrice.currency };
  }

  const bridge = async <T>(method: string, input: unknown): Promise<T> => {
    const answer = await core!.dispatcher.dispatch(method, input);
    if (!answer.ok) throw new Error(`${method}: ${answer.error.message}`);
    return answer.value as T;
  };
  const thread = (quote: Quote) => bridge<TeamThread>('team.thread', { accountId, quoteId: quote.id });
  const posts = (quote: Quote) => sim.operator.requests().filter((request) => request.method === 'POST' && request.path.includes(`${quote.id}/accept`)).length;

  /** Bob asks Ada from the app (the Team panel's Request approval), Ada approves with the command line, and the app hears it. */
  async function approved(quote: Quote): Promise<void> {
    // The reading pane opened the quote: the app's copy is the one the request is about.
    await bridge('quotes.detail', { accountId, quoteId: quote.id, refresh: true });
    expect(await bridge('team.requestApproval', { accountId, quoteId: quote.id, approver: 'ada@example.com', comment: 'over budget' })).toMatchObject({ outcome: 'sent' });
    const approval = await ada.run('team', 'approve', quote.quoteNumber, '--comment', 'fine');
    expect(approval.code, approval.stderr).toBe(0);
    await until('the app hears the approval', async () => (await thread(quote)).accept.allowed);
  }

  beforeAll(async () => {
    server = await startNatsServer();
    sim = await startSimulator({ seed: 21, quotes: 20, log: () => undefined });
    ada = await folderWithAccount(sim);
    bob = await folderWithAccount(sim);
    // Two quotes in one currency: the policy's amount is per currency.
    quotes.push(await newQuote());
    for (let tries = 0; quotes.length < 2 && tries < 20; tries++) {
      const next = await newQuote();
      if (next.currency === quotes[0]!.currency) quotes.push(next);
    }
    expect(quotes).toHaveLength(2);
    const currency = quotes[0]!.currency;

    const created = await ada.run('team', 'create', '--nats', server.url, '--name', 'Ada', '--email', 'ada@example.com', '--team', 'Acme');
    expect(created.code, created.stderr).toBe(0);
    expect((await bob.run('team', 'join', '--nats', server.url, '--name', 'Bob', '--email', 'bob@example.com')).code).toBe(0);
    expect((await ada.run('team', 'admit', 'bob@example.com')).code).toBe(0);
    expect((await ada.run('team', 'admit', 'ada@example.com', '--role', 'admin', '--limit', `1000000000:${currency}`)).code).toBe(0);
    // Every quote in that currency is above the policy.
    expect((await ada.run('team', 'policy', '--account', 'Acme', '--over', `1:${currency}`)).code).toBe(0);

    // Bob's app (browser mode's core) on his folder, with a short undo window (see above).
    release = lockDataFolder(bob.dir, { kind: 'web', releaseOnExit: false }).release;
    const settings = createJsonSettingsStore({ folder: bob.dir, logger });
    settings.set(UNDO_SECONDS_KEY, 1);
    core = createCore({
      settings,
      secrets: createFileSecretStore({ path: join(bob.dir, 'secrets.json'), logger }),
      clock: systemClock,
      logger,
      host: 'web',
      version: '0.1.0',
      paths: { userData: bob.dir },
      sync: { tickMs: 60 * 60_000 },
    });
    await core.ready;
    await until('the app\u2019s command line endpoint', () => answers(endpointAddress(bob.dir).path));
    accountId = (await core.accounts.list())[0]!.id;
    await until('the app reads the team and its policy', async () => {
      const view = await bridge<TeamView>('team.state', undefined);
      return view.role === 'member' && view.policies.length > 0;
    });
  }, 90_000);

  afterAll(async () => {
    await core?.close();
    release?.();
    ada?.dispose();
    bob?.dispose();
    await sim?.close();
    await server?.dispose();
  });

  it('refuses an accept above the policy without an approval: exit 14, why and what to do, nothing sent', async () => {
    const [quote] = quotes;
    const refused = await bob.run('accept', quote!.id, '--account', 'Acme', '--yes');
    expect(refused.code, refused.stderr).toBe(14);
    expect(refused.stderr).toMatch(new RegExp(`^quotedesk: ${quote!.quoteNumber} cannot be accepted yet: .*nobody has approved it yet`));
    expect(refused.stderr).toContain(`Ask for one with "quotedesk team request-approval ${quote!.quoteNumber} --from APPROVER".`);
    // Not the app's words: there is no Team panel here.
    expect(refused.stderr).not.toContain('Team panel');
    const json = await bob.run('accept', quote!.id, '--account', 'Acme', '--yes', '--json');
    expect(json.code).toBe(14);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'approval-needed', retryable: false } });
    expect(posts(quote!)).toBe(0);
  });

  it('accepts once the current revision is approved, through the app\u2019s outbox', async () => {
    const [quote] = quotes;
    await approved(quote!);
    const accepted = await bob.run('accept', quote!.id, '--account', 'Acme', '--yes', '--json');
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.json()).toMatchObject({ result: { id: quote!.id, status: expect.stringMatching(/^(ACCEPTED|CHANGED_TO_PROJECT)$/) }, via: 'response', quoteNumber: quote!.quoteNumber });
    expect(posts(quote!)).toBe(1);
  });

  it('refuses a quote revised after its approval, in the same words as without the app', async () => {
    const quote = quotes[1]!;
    await approved(quote);
    // Revised a moment after the app read (and Ada approved) the earlier revision.
    sim.operator.reviseQuote(quote.id);
    const refused = await bob.run('accept', quote.id, '--account', 'Acme', '--yes');
    expect(refused.code, refused.stderr).toBe(14);
    expect(refused.stderr).toContain('an earlier revision was approved, but this revision was not');
    expect(posts(quote)).toBe(0);

    // The app gone, the command checks the policy with the folder itself: the same words.
    await core!.close();
    core = null;
    release!();
    release = null;
    const alone = await bob.run('accept', quote.id, '--account', 'Acme', '--yes');
    expect(alone.code).toBe(14);
    expect(alone.stderr).toBe(refused.stderr);
    expect(posts(quote)).toBe(0);
  });
});
