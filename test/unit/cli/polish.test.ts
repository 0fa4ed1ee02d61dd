// What a user trial of the CLI found: a key of the wrong kind went unremarked, a refusal spoke
// of "Refresh", accept and decline went out unasked, a service that was down was a silence,
// a mistyped command got no suggestion, and page counts had no thousands separators.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES, helpText } from '../../../main/cli';
import { formatList } from '../../../main/cli/output';
import { closest } from '../../../main/cli/suggest';
import { formatCount, formatMoney } from '../../../i18n/words/format';
import { runCliCapturing } from '../../helpers/cli-run';
import { createFakeClock } from '../../helpers/fake-clock';
import { startFakeService } from '../../helpers/fake-service';
import type { FakeService } from '../../helpers/fake-service';
import { fakeQuote, INTERNAL_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../helpers/service-fixtures';

let service: FakeService;
let dir: string;

beforeEach(async () => {
  service = await startFakeService({ quotes: [...standardQuotes(), fakeQuote({ status: 'PENDING', quoteNumber: null })], ...STANDARD_PRINCIPALS });
  dir = await mkdtemp(join(tmpdir(), 'qd-cli-polish-'));
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

type Stdin = NodeJS.ReadableStream & { isTTY?: boolean };

async function run(argv: string[], env: Record<string, string> = {}, stdin?: Stdin) {
  return runCliCapturing(argv, service.baseUrl, env, { cwd: dir, clock: createFakeClock(), stdin });
}

/** A terminal on which the user types `answer` once asked. */
function terminalAnswering(answer: string): Stdin {
  const input = Object.assign(new PassThrough(), { isTTY: true });
  setTimeout(() => input.write(`${answer}\n`), 50);
  return input;
}

const quoteWith = (status: string) => [...service.quotes.values()].find((quote) => quote.status === status && quote.companyName !== 'Beta Books')!;
const posts = () => service.requests.filter((request) => request.method === 'POST');
const internal = { QUOTEDESK_API_KEY: INTERNAL_KEY };

describe('an internal key used as a client key', () => {
  it('is warned about with the app’s advice, in list, show and accept', async () => {
    const listed = await run(['list'], internal);
    expect(listed.code).toBe(0);
    expect(listed.stderr).toContain('Switch to Internal (admin) key: run again with --access internal');
    const shown = await run(['show', quoteWith('SENT').id], internal);
    expect(shown.stderr).toContain('--access internal');
    const accepted = await run(['accept', quoteWith('SENT').id, '--yes'], internal);
    expect(accepted.code).toBe(0);
    expect(accepted.stderr).toContain('--access internal');
  });

  it('is not warned about when --access says internal, for a client key, or with --json (whose statuses are the codes)', async () => {
    expect((await run(['list', '--access', 'internal'], internal)).stderr).toBe('');
    expect((await run(['list'])).stderr).toBe('');
    expect((await run(['show', quoteWith('SENT').id])).stderr).toBe('');
    expect((await run(['list', '--json'], internal)).stderr).toBe('');
  });
});

describe('accept and decline on a quote whose status does not allow it', () => {
  it('says the status and what can be done, in the CLI’s words, sending nothing', async () => {
    const draft = quoteWith('PENDING');
    for (const env of [{}, internal]) {
      const access = env === internal ? ['--access', 'internal'] : [];
      const result = await run(['accept', draft.id, '--yes', ...access], env);
      expect(result.code).toBe(EXIT_CODES.invalidState);
      expect(result.stderr).toBe(`quotedesk: The quote ${draft.id} is In preparation (PENDING): it can be accepted once it is sent. Run "quotedesk show ${draft.id}" to see its status.\n`);
    }
    const done = quoteWith('ACCEPTED');
    const declined = await run(['decline', done.id, '--yes']);
    expect(declined.code).toBe(EXIT_CODES.invalidState);
    expect(declined.stderr).toContain(`${done.quoteNumber} is Accepted (ACCEPTED): it has been decided or has ended, so it can no longer be declined.`);
    expect(posts()).toEqual([]);
  });

  it('explains a refusal by the service with the status it has now, never "Refresh"', async () => {
    // A client key sees a stored PENDING quote that already has a number as awaiting its decision.
    const numbered = fakeQuote({ status: 'PENDING' });
    service.quotes.set(numbered.id, numbered);
    const result = await run(['accept', numbered.id, '--yes', '--json']);
    expect(result.code).toBe(EXIT_CODES.invalidState);
    const { error } = JSON.parse(result.stderr) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid-state');
    expect(error.message).toContain(`${numbered.quoteNumber} is Awaiting your decision (PENDING), but the service refused`);
    expect(error.message).toContain(`quotedesk show ${numbered.id}`);
    expect(error.message).not.toMatch(/refresh|no longer allows/i);
  });
});

describe('confirming accept and decline', () => {
  it('asks on a terminal, showing the quote, project, total and what will happen; only yes sends', async () => {
    const sent = quoteWith('SENT');
    const no = await run(['accept', sent.id], {}, terminalAnswering('n'));
    expect(no.code).toBe(EXIT_CODES.confirmationNeeded);
    expect(no.stderr).toContain(`Accept ${sent.quoteNumber}, ${sent.projectName}, ${formatMoney({ amount: sent.amount, currency: 'EUR' })}?`);
    expect(no.stderr).toContain('cannot be undone');
    expect(no.stderr).toContain(`nothing was sent: ${sent.quoteNumber} was not accepted`);
    expect(posts()).toEqual([]);

    const yes = await run(['accept', sent.id], {}, terminalAnswering('y'));
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain(`Accepted quote ${sent.quoteNumber}`);
    expect(posts()).toHaveLength(1);

    const revised = quoteWith('REVISED');
    const decline = await run(['decline', revised.id, '--reason', 'Over budget'], {}, terminalAnswering('yes'));
    expect(decline.code).toBe(0);
    expect(decline.stderr).toContain('(reason: "Over budget")');
  });

  it('without a terminal and without --yes, refuses with exit 13 before any request; --yes is for accept and decline only', async () => {
    const sent = quoteWith('SENT');
    const piped = await run(['accept', sent.id], {}, Object.assign(new PassThrough(), { isTTY: false }));
    expect(piped.code).toBe(EXIT_CODES.confirmationNeeded);
    expect(piped.stderr).toMatch(/accept needs confirmation, and there is no terminal to ask on: add --yes/);
    const json = await run(['decline', sent.id, '--json']);
    expect(json.code).toBe(13);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'confirmation-needed', retryable: false } });
    expect(service.requests).toEqual([]);
    expect((await run(['list', '--yes'])).stderr).toContain('--yes applies to accept and decline only');
    expect(helpText()).toMatch(/13 not confirmed/);
    expect((await run(['accept', sent.id, '-y'])).code).toBe(0);
  });
});

describe('a service that is down', () => {
  it('is said on stderr at each new try, then exits 10', async () => {
    const gone = await startFakeService();
    await gone.close();
    const { code, stderr } = await run(['list'], { QUOTEDESK_BASE_URL: gone.baseUrl });
    expect(code).toBe(EXIT_CODES.network);
    const tries = stderr.split('\n').filter((line) => line.includes('trying again'));
    expect(tries).toHaveLength(3);
    expect(tries[0]).toMatch(new RegExp(`^quotedesk: the service at ${gone.baseUrl} could not be reached; trying again in \\d\\.\\d s \\(2 of 4\\)…$`));
    expect(tries[2]).toMatch(/\(4 of 4\)…$/);
    // --json keeps stderr one JSON error.
    const json = await run(['list', '--json'], { QUOTEDESK_BASE_URL: gone.baseUrl });
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'network' } });
  });
});

describe('a mistyped command', () => {
  it('is offered the closest command', async () => {
    const typo = await run(['lst']);
    expect(typo.code).toBe(EXIT_CODES.usage);
    expect(typo.stderr).toContain('unknown command "lst"; did you mean "list"?');
    expect((await run(['frobnicate'])).stderr).not.toContain('did you mean');
    expect(closest('acept', ['list', 'accept', 'decline'])).toBe('accept');
    expect(closest('pfd', ['list', 'show', 'pdf'])).toBe('pdf');
    expect(closest('shwo', ['list', 'show', 'pdf'])).toBe('show');
    expect(closest('delete', ['list', 'show', 'pdf', 'decline'])).toBeNull();
  });
});

describe('counts', () => {
  it('are grouped as the table’s totals are', () => {
    const footer = formatList([], { page: 1, limit: 2, total: 100_000, totalPages: 50_000, hasNextPage: true, hasPrevPage: false });
    expect(footer).toBe(`No quotes.\nPage 1 of ${formatCount(50_000)} (${formatCount(100_000)} quotes)\n`);
    expect(formatList([], null)).toBe('No quotes.\n0 quotes\n');
  });
});
