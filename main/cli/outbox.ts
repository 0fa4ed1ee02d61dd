// `quotedesk outbox`: the decisions of a data folder waiting to be sent (in their undo window,
// waiting for the service, held to be asked again), and `--cancel ID` to take one back. It
// takes the data folder's lock, so it never edits the outbox under a running app.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { OutboxEntry } from '../../preload/contract/bridge/decisions';
import { openOutboxFile, OUTBOX_FILE_NAME, withoutEntry } from '../core/decisions/outbox-file';
import { AppError } from '../core/errors';
import { dataFolderPath, openDataFolder } from './data-folder';
import { EXIT_CODES, exitCodeFor } from './exit-codes';
import type { CliIo } from './run';
import { terminalText } from './terminal-text';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';
import { parseProblem } from './parse-problem';
import { UsageError } from './options';

export function outboxHelp(): string {
  return m.cli_outbox_help();
}

function stateWords(state: OutboxEntry['state']): string {
  switch (state) {
    case 'undo':
      return m.cli_outbox_state_undo();
    case 'waiting':
      return m.cli_outbox_state_waiting();
    case 'sending':
      return m.cli_outbox_state_sending();
    case 'held':
      return m.cli_outbox_state_held();
  }
}

function line(entry: OutboxEntry): string {
  // The entry's values are made safe for the terminal before ltr() adds its isolates.
  const t = terminalText;
  const said = {
    quote: ltr(t(entry.quoteNumber ?? entry.quoteId)),
    account: t(entry.accountName),
    decidedAt: ltr(t(entry.decidedAt)),
    state: `${stateWords(entry.state)}${entry.message ? ` (${t(entry.message)})` : ''}`,
  };
  return `${t(entry.id)}  ${entry.decision === 'accept' ? m.cli_outbox_line_accept(said) : m.cli_outbox_line_decline(said)}`;
}

const OUTBOX_OPTIONS = { 'data-dir': { type: 'string' }, cancel: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;

function parseOutboxArgs(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OUTBOX_OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseProblem(error));
  }
}

export async function runOutboxCommand(argv: string[], io: CliIo): Promise<number> {
  let json = argv.includes('--json');
  try {
    const { values, positionals } = parseOutboxArgs(argv);
    json = values.json === true;
    if (values.help) {
      io.stdout.write(outboxHelp());
      return EXIT_CODES.ok;
    }
    if (positionals.length > 0) throw new UsageError(m.cli_outbox_unexpected_argument({ given: positionals[0]! }));
    const folder = await openDataFolder(dataFolderPath(values['data-dir'], io.env, io.cwd));
    try {
      const file = openOutboxFile({ path: join(folder.dir, OUTBOX_FILE_NAME) });
      let entries = file.entries();
      if (values.cancel !== undefined) {
        const cancelled = entries.find((entry) => entry.id === values.cancel);
        entries = withoutEntry(entries, values.cancel);
        await file.write(entries);
        io.stdout.write(json ? `${JSON.stringify({ cancelled: cancelled?.id, entries }, null, 2)}\n` : `${m.cli_outbox_cancelled({ entry: line(cancelled!) })}\n`);
        return EXIT_CODES.ok;
      }
      if (json) io.stdout.write(`${JSON.stringify({ entries }, null, 2)}\n`);
      else io.stdout.write(entries.length === 0 ? `${m.cli_outbox_empty()}\n` : `${entries.map(line).join('\n')}\n`);
      return EXIT_CODES.ok;
    } finally {
      await folder.close();
    }
  } catch (error) {
    const usage = error instanceof UsageError;
    const code = error instanceof AppError ? error.code : usage ? 'usage' : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(json ? `${JSON.stringify({ error: { code, message, retryable: false } })}\n` : `quotedesk outbox: ${terminalText(message)}\n`);
    if (error instanceof AppError) return exitCodeFor(error.code);
    return usage ? EXIT_CODES.usage : EXIT_CODES.other;
  }
}
