// The service's text reaches the terminal without its controls (issue #31: a project name's
// OSC 8 hyperlink and CSI codes were printed raw by `list` and in `listen`'s lines).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenerLines } from '../../../main/cli/listen/lines';
import { CliRefusal, report } from '../../../main/cli/report';
import { terminalText } from '../../../main/cli/terminal-text';
import type { ReceivedWebhook } from '../../../main/core/webhooks/events';
import { runCliCapturing } from '../../helpers/cli-run';
import { createFakeClock } from '../../helpers/fake-clock';
import { startFakeService } from '../../helpers/fake-service';
import type { FakeService } from '../../helpers/fake-service';
import { fakeQuote, STANDARD_PRINCIPALS } from '../../helpers/service-fixtures';

const ESC = '\u001b';
const BEL = '\u0007';
/** The audit's project name: an OSC 8 hyperlink around CSI-coloured text, and a tab and a line break inside. */
const HOSTILE = `${ESC}]8;;https://evil.example/${BEL}${ESC}[31mMaison\tDubois${ESC}[0m${ESC}]8;;${BEL}\nFR`;
/** A C0 control other than the lines' own newlines, DEL, or a C1 control. */
const CONTROL_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

describe('terminalText', () => {
  it('removes escape sequences whole and every C0/C1 control, and turns tabs and line breaks into spaces', () => {
    expect(terminalText(HOSTILE)).toBe('Maison Dubois FR');
    expect(terminalText(`a${ESC}]0;new window title${ESC}\\b`)).toBe('ab');
    expect(terminalText(`a\u009b2Jb\u009d8;;x\u009cc`)).toBe('abc');
    expect(terminalText(`bell${BEL} del\u007f nul\u0000 c1\u0085end`)).toBe('bell del nul c1 end');
    expect(terminalText(`${ESC}cReset`)).toBe('Reset');
    // An unterminated OSC is dropped to the end rather than left to swallow what follows on screen.
    expect(terminalText(`name${ESC}]8;;https://evil.example/`)).toBe('name');
  });

  it('keeps plain text, spaces and non-ASCII letters as they are', () => {
    expect(terminalText('  Übersetzung — 翻訳  ')).toBe('  Übersetzung — 翻訳  ');
  });
});

describe('the CLI prints the service’s text without its controls', () => {
  let service: FakeService;
  let dir: string;
  const quote = fakeQuote({ projectName: HOSTILE, companyName: `${ESC}[2JAcme${BEL}` });

  beforeEach(async () => {
    service = await startFakeService({ quotes: [quote], ...STANDARD_PRINCIPALS });
    dir = await mkdtemp(join(tmpdir(), 'qd-cli-terminal-'));
  });
  afterEach(async () => {
    await service.close();
    await rm(dir, { recursive: true, force: true });
  });

  const run = (argv: string[]) => runCliCapturing(argv, service.baseUrl, {}, { cwd: dir, clock: createFakeClock() });

  it('in list', async () => {
    const listed = await run(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(CONTROL_BUT_NEWLINE);
    expect(listed.stdout).toContain('Maison Dubois FR');
    expect(listed.stdout).toContain('Acme');
  });

  it('in show', async () => {
    const shown = await run(['show', quote.id]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toMatch(CONTROL_BUT_NEWLINE);
    expect(shown.stdout).toMatch(/Project +Maison Dubois FR\n/);
  });

  it('and --json keeps the text, JSON-escaped', async () => {
    const listed = await run(['list', '--json']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toContain(ESC);
    expect(JSON.stringify(JSON.parse(listed.stdout))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
  });
});

describe('listen’s lines', () => {
  const event: ReceivedWebhook = {
    accountId: 'a',
    key: 'k',
    event: `quote.created${ESC}[8m`,
    data: { entityName: HOSTILE, oldStatus: `SENT${BEL}`, newStatus: 'ACCEPTED' },
    receivedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
    replay: false,
  };

  function printed(json: boolean, tell: (output: ReturnType<typeof listenerLines>) => void): string {
    let text = '';
    tell(listenerLines({ write: (chunk: string) => (text += chunk) }, json));
    return text;
  }

  it('print an event, a forwarding and a refusal for a person without controls, one line each', () => {
    const text = printed(false, (output) => {
      output.event(event);
      output.forwarded(event, { ok: false, outcome: `HTTP 500`, retryInMs: 2_000 });
      output.refused({ status: 401, reason: 'invalid signature (mismatch)', path: `/hooks/${ESC}]0;owned${BEL}x`, at: Date.UTC(2026, 0, 2) });
    });
    const lines = text.split('\n').filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(text).not.toMatch(CONTROL_BUT_NEWLINE);
    expect(lines[0]).toBe('2026-01-02T03:04:05.000Z  quote.created  Maison Dubois FR  SENT -> ACCEPTED');
    expect(lines[1]).toMatch(/forwarding quote\.created {2}Maison Dubois FR HTTP 500; trying again in 2 s$/);
    expect(lines[2]).toContain('(/hooks/x)');
  });

  it('keep the JSON lines as JSON', () => {
    const text = printed(true, (output) => output.event(event));
    expect(text).not.toContain(ESC);
    expect((JSON.parse(text) as { data: { entityName: string } }).data.entityName).toBe(HOSTILE);
  });
});

describe('errors that quote the service', () => {
  it('reach the terminal without controls', () => {
    let text = '';
    report(new CliRefusal(`the service said: ${HOSTILE}`, 1, 'refused'), { write: (chunk: string) => (text += chunk) }, false, null);
    expect(text).toBe('quotedesk: the service said: Maison Dubois FR\n');
  });
});
