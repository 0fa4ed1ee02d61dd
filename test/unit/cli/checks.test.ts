import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EXIT_CODES } from '../../../main/cli';
import { describeWriteFailure } from '../../../main/cli/pdf-target';
import { report } from '../../../main/cli/report';
import { runCliCapturing } from '../../helpers/cli-run';
import { createFakeClock } from '../../helpers/fake-clock';
import type { FakeClock } from '../../helpers/fake-clock';
import { startFakeService } from '../../helpers/fake-service';
import type { FakeService } from '../../helpers/fake-service';
import { CLIENT_ID, CLIENT_KEY, CLIENT_SECRET, STANDARD_PRINCIPALS, standardQuotes } from '../../helpers/service-fixtures';

let service: FakeService;
let dir: string;
let clock: FakeClock;

beforeEach(async () => {
  service = await startFakeService({ quotes: standardQuotes(), ...STANDARD_PRINCIPALS });
  dir = await mkdtemp(join(tmpdir(), 'qd-cli-checks-'));
  clock = createFakeClock();
});
afterEach(async () => {
  await service.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string> = {}) {
  return runCliCapturing(argv, service.baseUrl, env, { cwd: dir, clock });
}

const quoteWith = (status: string) => [...service.quotes.values()].find((quote) => quote.status === status)!;

describe('checked before any request', () => {
  it('--version prints the package version, needing no address or credentials', async () => {
    const { version } = JSON.parse(await readFile(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    const plain = await run(['--version'], { QUOTEDESK_BASE_URL: '', QUOTEDESK_API_KEY: '' });
    expect(plain).toEqual({ code: 0, stdout: `quotedesk ${version}\n`, stderr: '' });
    expect(JSON.parse((await run(['--version', '--json'])).stdout)).toEqual({ version });
    expect((await run(['--help'])).stdout).toContain('--version');
  });

  it('refuses a quote ID that is not a UUID with a usage error, sending nothing', async () => {
    const number = quoteWith('SENT').quoteNumber!;
    for (const command of ['show', 'accept', 'decline', 'pdf']) {
      const result = await run([command, number]);
      expect(result.code).toBe(EXIT_CODES.usage);
      expect(result.stderr).toContain(`"${number}" is not a quote ID: IDs are UUIDs`);
      expect(result.stderr).toContain('quotedesk list --search NUMBER');
    }
    expect((await run(['show', quoteWith('SENT').id, 'extra'])).stderr).toContain('show takes one quote ID, not 2 arguments');
    expect(service.requests).toEqual([]);
  });

  it('explains a client ID without its secret, and a secret without its ID', async () => {
    const noKey = { QUOTEDESK_API_KEY: '' };
    const idOnly = await run(['list', '--client-id', CLIENT_ID], noKey);
    expect(idOnly).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('--client-id needs its secret: give --client-secret too, or set QUOTEDESK_CLIENT_SECRET') });
    // An API key in the environment must not silently stand in for a half-given pair.
    const secretOnly = await run(['list', '--client-secret', CLIENT_SECRET]);
    expect(secretOnly).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('--client-secret was given without a client ID: give --client-id too') });
    expect(secretOnly.stderr).not.toContain(CLIENT_SECRET);
    expect((await run(['list'], { ...noKey, QUOTEDESK_CLIENT_ID: CLIENT_ID })).stderr).toContain('QUOTEDESK_CLIENT_ID is set but QUOTEDESK_CLIENT_SECRET is not');
    expect((await run(['list'], { ...noKey, QUOTEDESK_CLIENT_SECRET: CLIENT_SECRET })).stderr).toContain('QUOTEDESK_CLIENT_SECRET is set but QUOTEDESK_CLIENT_ID is not');
    expect((await run(['list', '--api-key', CLIENT_KEY, '--client-id', CLIENT_ID])).stderr).toContain('give either --api-key, or --client-id with --client-secret, not both');
    expect(service.requests).toEqual([]);
    // The pair may be split between an option and the environment.
    expect((await run(['list', '--client-id', CLIENT_ID], { ...noKey, QUOTEDESK_CLIENT_SECRET: CLIENT_SECRET })).code).toBe(0);
  });

  it('explains a base URL that includes /api/public/v1, and applies the one base-URL rule', async () => {
    const withPath = await run(['list', '--base-url', `${service.baseUrl}/api/public/v1`]);
    expect(withPath.code).toBe(EXIT_CODES.usage);
    expect(withPath.stderr).toContain(`give the service's root address, e.g. ${service.baseUrl}; the CLI adds /api/public/v1 itself`);
    expect((await run(['list'], { QUOTEDESK_BASE_URL: `${service.baseUrl}/api/public/v1/` })).stderr).toMatch(/^quotedesk: QUOTEDESK_BASE_URL ".*" includes the API's path/);
    const plainHttp = await run(['list', '--base-url', 'http://quotes.example.com']);
    expect(plainHttp).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining('Plain http:// is allowed only for a service on this computer. Use https://quotes.example.com instead.') });
    const noScheme = await run(['list', '--base-url', 'quotes.example.com']);
    expect(noScheme.stderr).toContain('add https:// in front');
    const userInfo = await run(['list', '--base-url', 'https://me:pw@quotes.example.com']);
    expect(userInfo.stderr).toContain('remove the user name or password from the address; give credentials with --api-key');
    expect(userInfo.stderr).not.toContain('fields below');
    expect(service.requests).toEqual([]);
  });

  it('explains pdf --out into a missing folder or onto a folder, even with --force', async () => {
    const id = quoteWith('ACCEPTED').id;
    const missing = await run(['pdf', id, '--out', 'nowhere/q.pdf']);
    expect(missing).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining(`the folder ${join(dir, 'nowhere')} does not exist: create it first`) });
    await mkdir(join(dir, 'saved'));
    for (const argv of [['--out', 'saved'], ['--out', 'saved', '--force']]) {
      const folder = await run(['pdf', id, ...argv]);
      expect(folder).toMatchObject({ code: EXIT_CODES.usage, stderr: expect.stringContaining(`${join(dir, 'saved')} is a folder: give a file name in it, e.g. --out ${join(dir, 'saved', 'quote.pdf')}`) });
    }
    expect(service.requests).toEqual([]);
    expect(await readdir(join(dir, 'saved'))).toEqual([]);
  });

  it('bad --page and --limit values are all usage errors (exit 2), sending nothing', async () => {
    for (const argv of [['--page', '0'], ['--page', 'two'], ['--page', '99999999999999999999'], ['--limit', '0'], ['--limit', '101'], ['--limit', '1.5'], ['--all', '--limit', '500']]) {
      const result = await run(['list', ...argv]);
      expect(result.code, argv.join(' ')).toBe(EXIT_CODES.usage);
      expect(result.stderr).toMatch(/--(page|limit) must be a whole number from 1/);
    }
    expect((await run(['list', '--limit', '500'])).stderr).toContain('--limit must be a whole number from 1 to 100, not "500"');
    expect((await run(['show', quoteWith('SENT').id, '--page', '2'])).stderr).toContain('--page applies to list only');
    expect(service.requests).toEqual([]);
  });
});

describe('success lines name the quote number', () => {
  it('accept, decline and pdf', async () => {
    const sent = quoteWith('SENT');
    const accepted = await run(['accept', sent.id, '--yes']);
    expect(accepted).toMatchObject({ code: 0, stdout: `Accepted quote ${sent.quoteNumber} (ID ${sent.id}): it is now Project started (CHANGED_TO_PROJECT).\n` });
    const revised = quoteWith('REVISED');
    const declined = await run(['decline', revised.id, '--reason', 'Over budget', '--yes']);
    expect(declined.stdout).toBe(`Declined quote ${revised.quoteNumber} (ID ${revised.id}): it is now Declined (REJECTED).\n`);
    expect(JSON.parse((await run(['show', revised.id, '--json'])).stdout)).toMatchObject({ status: 'REJECTED' });
    const pdf = await run(['pdf', sent.id, '--out', 'q.pdf']);
    expect(pdf.stdout).toMatch(new RegExp(`^Saved the PDF of quote ${sent.quoteNumber} to ${join(dir, 'q.pdf')} \\(\\d+ bytes\\)\\n$`));
    const json = JSON.parse((await run(['pdf', sent.id, '--out', 'q.pdf', '--force', '--json'])).stdout) as { quoteNumber: string };
    expect(json.quoteNumber).toBe(sent.quoteNumber);
  });

  it('says when the answer was lost but the quote shows the decision', async () => {
    const sent = quoteWith('SENT');
    service.addFault({ method: 'POST', pathPrefix: '/api/public/v1/quotes', action: { type: 'reset', afterProcessing: true } });
    const { code, stdout } = await run(['accept', sent.id, '--yes'], { QUOTEDESK_API_KEY: '', QUOTEDESK_CLIENT_ID: CLIENT_ID, QUOTEDESK_CLIENT_SECRET: CLIENT_SECRET });
    expect(code).toBe(0);
    expect(stdout).toBe(`Accepted quote ${sent.quoteNumber} (ID ${sent.id}): it is now Project started (CHANGED_TO_PROJECT). The answer was lost, but the quote shows it was accepted.\n`);
  });
});

describe('errors in plain words', () => {
  it('shows the service message of an {error:{code,message}} body and when to try again, never the JSON', async () => {
    service.addFault({
      pathPrefix: '/api/public/v1/quotes',
      action: { type: 'status', status: 429, headers: { 'retry-after': '300' }, body: JSON.stringify({ success: false, error: { code: 'rate_limited', message: 'Quota exceeded' } }) },
    });
    const human = await run(['list']);
    expect(human.code).toBe(EXIT_CODES.rateLimited);
    expect(human.stderr).toMatch(/^quotedesk: The service is receiving too many requests\. The service said: "Quota exceeded"\. The service asked to wait; try again at \d\d:\d\d \(in about 5 minutes\)\.\n$/);
    service.addFault({ pathPrefix: '/api/public/v1/quotes', action: { type: 'status', status: 429, headers: { 'retry-after': '300' }, body: '<html>slow down</html>' } });
    const json = JSON.parse((await run(['list', '--json'])).stderr) as { error: Record<string, unknown> };
    expect(json.error).toMatchObject({ code: 'rate-limited', retryable: true, retryAt: new Date(clock.now() + 300_000).toISOString() });
    expect(json.error.message).not.toContain('html');
  });

  it('a file-system failure while saving is described, not shown as an errno', () => {
    expect(describeWriteFailure(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), '/data/q.pdf')).toBe(
      'could not save the PDF as /data/q.pdf: the disk is full. Nothing was written; choose another place with --out',
    );
    expect(describeWriteFailure(new Error('other'), '/data/q.pdf')).toBeNull();
  });

  it('a failure nobody anticipated gets a sentence, then its technical text marked for support, secrets masked', () => {
    let text = '';
    const sink = { write: (chunk: string) => (text += chunk) };
    const bug = new TypeError(`Cannot read properties of undefined (reading 'data') near Bearer ${CLIENT_SECRET}`);
    expect(report(bug, sink, false, null)).toBe(EXIT_CODES.other);
    expect(text).toMatch(/^quotedesk: Something unexpected went wrong\. Try again; if it keeps happening, tell support what you were doing\.\n  details for support: TypeError: Cannot read properties of undefined/);
    expect(text).not.toContain(CLIENT_SECRET);
    text = '';
    report(bug, sink, true, null);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'internal', retryable: false, detail: expect.stringContaining('TypeError') } });
  });
});
