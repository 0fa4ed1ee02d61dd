import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES, parseTimeout } from '../../../main/cli';
import { runCliCapturing } from '../../helpers/cli-run';
import { createFakeClock } from '../../helpers/fake-clock';
import { startFakeService } from '../../helpers/fake-service';
import type { FakeService } from '../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, fakeQuote, INTERNAL_KEY, STANDARD_PRINCIPALS, standardQuotes } from '../../helpers/service-fixtures';
import { malformed, trickle } from '../../helpers/slow-responses';

let service: FakeService;
let dir: string;

beforeEach(async () => {
  service = await startFakeService({ quotes: [...standardQuotes(), ...Array.from({ length: 5 }, () => fakeQuote({ status: 'EXPIRED' }))], ...STANDARD_PRINCIPALS });
  dir = await mkdtemp(join(tmpdir(), 'qd-cli-'));
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  return runCliCapturing(argv, service.baseUrl, env, { cwd: dir, clock: createFakeClock(), timeouts: { bodyTotalMs: 300 } });
}

const quoteWith = (status: string) => [...service.quotes.values()].find((quote) => quote.status === status)!;

describe('quotedesk CLI', () => {
  it('prints help with the exit code table', async () => {
    const { code, stdout } = await run(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/Exit codes:/);
    expect(stdout).toMatch(/10 network error\n/);
    expect(stdout).toMatch(/12 timeout/);
  });

  it('lists quotes as a table and as JSON', async () => {
    const table = await run(['list', '--limit', '3']);
    expect(table.code).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+NUMBER\s+STATUS\s+PROJECT/);
    expect(table.stdout).toMatch(/Page 1 of \d+ \(\d+ quotes\)/);
    const json = await run(['list', '--status', 'pending', '--json']);
    const parsed = JSON.parse(json.stdout) as { items: { status: string }[]; pagination: { total: number } };
    expect(parsed.items.length).toBeGreaterThan(0);
    expect(parsed.items.every((item) => item.status === 'PENDING')).toBe(true);
  });

  it('--all pages through every page', async () => {
    const { stdout } = await run(['list', '--all', '--limit', '2', '--json']);
    const all = (JSON.parse(stdout) as { items: { id: string }[] }).items;
    const visible = [...service.quotes.values()].filter((quote) => quote.companyId === STANDARD_PRINCIPALS.apiKeys[CLIENT_KEY]!.companyId);
    expect(new Set(all.map((item) => item.id)).size).toBe(visible.length);
  });

  it('shows a quote, accepts one and declines one with a reason, using client credentials', async () => {
    const env = { QUOTEDESK_API_KEY: '', QUOTEDESK_CLIENT_ID: CLIENT_ID, QUOTEDESK_CLIENT_SECRET: CLIENT_SECRET };
    const sent = quoteWith('SENT');
    const show = await run(['show', sent.id], env);
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(sent.quoteNumber!);
    expect(show.stdout).toMatch(/French \(France\)/);
    expect(await run(['accept', sent.id, '--yes'], env)).toMatchObject({ code: 0, stdout: expect.stringContaining('CHANGED_TO_PROJECT') });
    const revised = quoteWith('REVISED');
    const declined = await run(['decline', revised.id, '--reason', 'Over budget', '--json', '--yes'], env);
    expect(JSON.parse(declined.stdout)).toMatchObject({ via: 'response', result: { status: 'REJECTED' } });
    expect(JSON.parse(service.requests.at(-1)!.body)).toEqual({ reason: 'Over budget' });
  });

  it('downloads the PDF, checking it is one', async () => {
    const quote = quoteWith('ACCEPTED');
    const { code, stdout } = await run(['pdf', quote.id, '--out', 'q.pdf']);
    expect(code).toBe(0);
    expect(stdout).toContain(join(dir, 'q.pdf'));
    expect((await readFile(join(dir, 'q.pdf'))).subarray(0, 5).toString()).toBe('%PDF-');
    service.route('GET', `/files/${quote.id}.pdf`, (_req, res) => res.end('<html>expired</html>'));
    const bad = await run(['pdf', quote.id, '--out', 'bad.pdf']);
    expect(bad.code).toBe(EXIT_CODES.schema);
    expect(bad.stderr).toMatch(/not a PDF/);
    expect((await readdir(dir)).sort()).toEqual(['q.pdf']);
  });

  it('saves the PDF under the quote number by default and never overwrites a file without --force', async () => {
    const quote = quoteWith('ACCEPTED');
    const saved = join(dir, `${quote.quoteNumber}.pdf`);
    expect(await run(['pdf', quote.id])).toMatchObject({ code: 0, stdout: expect.stringContaining(saved) });
    await writeFile(saved, 'my own notes');
    const refused = await run(['pdf', quote.id]);
    expect(refused.code).toBe(EXIT_CODES.usage);
    expect(refused.stderr).toContain(`${saved} already exists; pass --force to overwrite it`);
    expect(await readFile(saved, 'utf8')).toBe('my own notes');
    await writeFile(join(dir, 'mine.pdf'), 'keep me');
    expect((await run(['pdf', quote.id, '--out', 'mine.pdf'])).code).toBe(EXIT_CODES.usage);
    expect(await readFile(join(dir, 'mine.pdf'), 'utf8')).toBe('keep me');

    expect((await run(['pdf', quote.id, '--force'])).code).toBe(0);
    expect((await readFile(saved)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await run(['list', '--force'])).code).toBe(EXIT_CODES.usage);
    const help = (await run(['--help'])).stdout;
    expect(help).toMatch(/--force\s+overwrite FILE if it already exists/);
  });

  it('counts one quote in the singular', async () => {
    const one = [...service.quotes.values()].find((quote) => quote.companyId === STANDARD_PRINCIPALS.apiKeys[CLIENT_KEY]!.companyId && quote.projectName)!;
    const { stdout } = await run(['list', '--search', one.projectName!]);
    expect(stdout).toMatch(/\(1 quote\)\n$/);
    expect((await run(['list', '--all', '--search', one.projectName!])).stdout).toMatch(/\n1 quote\n$/);
    expect((await run(['list', '--limit', '2'])).stdout).toMatch(/\(\d+ quotes\)\n$/);
  });

  it('--timeout longer than the default reading deadline extends that deadline too', () => {
    expect(parseTimeout('120')).toEqual({ connectMs: 120_000, headersMs: 120_000, bodyMs: 120_000, bodyTotalMs: 120_000 });
    expect(parseTimeout('5')).toEqual({ connectMs: 5_000, headersMs: 5_000, bodyMs: 5_000 });
    expect(parseTimeout(undefined)).toEqual({});
  });

  it('--timeout bounds each request, so a silent service ends in exit 12; bad values are usage errors', async () => {
    service.addFault({ pathPrefix: '/api/public/v1/quotes', times: 4, action: { type: 'hang' } });
    const silent = await run(['list', '--timeout', '0.2', '--json']);
    expect(silent.code).toBe(EXIT_CODES.timeout);
    expect(service.requests.filter((request) => request.path.startsWith('/api/public/v1/quotes'))).toHaveLength(4);
    for (const bad of ['0', 'soon', '1e3', '99999']) {
      const result = await run(['list', '--timeout', bad]);
      expect(result.code).toBe(EXIT_CODES.usage);
      expect(result.stderr).toMatch(/--timeout must be a number of seconds/);
    }
    const help = (await run(['--help'])).stdout;
    expect(help).toContain('--timeout SECONDS');
    expect(help).toMatch(/tried up to\s+4 times/);
  });

  it('says which key to check when the service refuses it, not to "enter" one', async () => {
    const key = await run(['list'], { QUOTEDESK_API_KEY: 'live_wrongwrongwrongwrongwrongwrong00' });
    expect(key.code).toBe(EXIT_CODES.authentication);
    expect(key.stderr).toContain('Check the key given by --api-key or QUOTEDESK_API_KEY');
    expect(key.stderr).not.toMatch(/enter/i);
    const pair = await run(['list', '--json'], { QUOTEDESK_API_KEY: '', QUOTEDESK_CLIENT_ID: CLIENT_ID, QUOTEDESK_CLIENT_SECRET: 'wrong' });
    expect(pair.code).toBe(EXIT_CODES.authentication);
    expect(JSON.parse(pair.stderr)).toMatchObject({ error: { code: 'needs-credentials', message: expect.stringContaining('QUOTEDESK_CLIENT_ID/QUOTEDESK_CLIENT_SECRET') } });
  });

  it('uses a distinct exit code per error kind', async () => {
    const done = quoteWith('CHANGED_TO_PROJECT');
    expect((await run(['accept', done.id, '--yes'])).code).toBe(EXIT_CODES.invalidState);
    expect((await run(['show', '99999999-9999-4999-8999-999999999999'])).code).toBe(EXIT_CODES.notFound);
    const foreign = [...service.quotes.values()].find((quote) => quote.companyName === 'Beta Books')!;
    expect((await run(['show', foreign.id])).code).toBe(EXIT_CODES.forbidden);
    expect((await run(['list'], { QUOTEDESK_API_KEY: 'live_wrongwrongwrongwrongwrongwrong00' })).code).toBe(EXIT_CODES.authentication);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', times: 4, action: { type: 'status', status: 500 } });
    expect((await run(['list'])).code).toBe(EXIT_CODES.server);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'body', body: '{"success":true}' } });
    expect((await run(['list'])).code).toBe(EXIT_CODES.schema);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', times: 4, action: { type: 'status', status: 429, headers: { 'retry-after': '1' } } });
    expect((await run(['list'])).code).toBe(EXIT_CODES.rateLimited);
    const gone = await startFakeService();
    await gone.close();
    expect((await run(['list'], { QUOTEDESK_BASE_URL: gone.baseUrl })).code).toBe(EXIT_CODES.network);
  });

  it('exits 12 when the service does not answer in time, and 10 when its answer is not valid HTTP', async () => {
    expect(EXIT_CODES.timeout).toBe(12);
    service.route('GET', '/api/public/v1/quotes', (_req, res) => trickle(res, { head: ' ', filler: ' ', everyMs: 50, times: 40, tail: '{}' }));
    const slow = await run(['list', '--json']);
    expect(slow.code).toBe(EXIT_CODES.timeout);
    expect(JSON.parse(slow.stderr)).toMatchObject({ error: { code: 'timeout', retryable: true } });
    service.route('GET', '/api/public/v1/quotes', (_req, res) => malformed(res));
    const garbled = await run(['list', '--json']);
    expect(garbled.code).toBe(EXIT_CODES.network);
    expect(JSON.parse(garbled.stderr)).toMatchObject({ error: { code: 'network', retryable: true } });
  });

  it('reports usage errors with exit code 2 and errors as JSON with --json', async () => {
    expect((await run(['frobnicate'])).code).toBe(EXIT_CODES.usage);
    expect((await run(['show'])).code).toBe(EXIT_CODES.usage);
    expect((await run(['list', '--page', 'zero'])).code).toBe(EXIT_CODES.usage);
    expect((await run(['list', '--status', 'SENT'])).stderr).toMatch(/client key never sees SENT/);
    expect((await run(['list', '--bogus'])).code).toBe(EXIT_CODES.usage);
    expect((await run(['list'], { QUOTEDESK_BASE_URL: '' })).stderr).toMatch(/--base-url/);
    const json = await run(['show', '99999999-9999-4999-8999-999999999999', '--json']);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: { code: 'not-found', retryable: false } });
  });

  it('internal keys may filter on stored statuses; secrets never appear in output', async () => {
    const { stdout, code } = await run(['list', '--access', 'internal', '--status', 'SENT_REVISED', '--json'], { QUOTEDESK_API_KEY: INTERNAL_KEY });
    expect(code).toBe(0);
    expect((JSON.parse(stdout) as { items: unknown[] }).items).toHaveLength(1);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'status', status: 401, body: `bad key ${CLIENT_KEY}` } });
    const refused = await run(['list']);
    expect(refused.stderr).not.toContain(CLIENT_KEY);
  });
});
