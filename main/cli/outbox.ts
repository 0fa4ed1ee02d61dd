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

export const OUTBOX_HELP = `quotedesk outbox: the decisions waiting to be sent from a data folder

Usage:
  quotedesk outbox [--data-dir DIR] [--json]
  quotedesk outbox --cancel ID [--data-dir DIR] [--json]

  --data-dir DIR   the data folder (default: browser mode's)
  --cancel ID      takes back one waiting decision (refused while it is being sent)
  --json           JSON instead of lines for a person

The app must not be running on the folder: it holds the folder while it runs.
`;

const STATE_WORDS: Record<OutboxEntry['state'], string> = {
  undo: 'in its undo window',
  waiting: 'waiting for the service',
  sending: 'being sent',
  held: 'held: asked again',
};

function line(entry: OutboxEntry): string {
  const quote = entry.quoteNumber ?? entry.quoteId;
  const said = entry.message ? ` (${entry.message})` : '';
  return terminalText(`${entry.id}  ${entry.decision} ${quote} for ${entry.accountName}, decided ${entry.decidedAt}: ${STATE_WORDS[entry.state]}${said}`);
}

export async function runOutboxCommand(argv: string[], io: CliIo): Promise<number> {
  let json = argv.includes('--json');
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { 'data-dir': { type: 'string' }, cancel: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
    json = values.json === true;
    if (values.help) {
      io.stdout.write(OUTBOX_HELP);
      return EXIT_CODES.ok;
    }
    if (positionals.length > 0) throw new TypeError(`unexpected argument "${positionals[0]}"; quotedesk outbox takes only options`);
    const folder = await openDataFolder(dataFolderPath(values['data-dir'], io.env, io.cwd));
    try {
      const file = openOutboxFile({ path: join(folder.dir, OUTBOX_FILE_NAME) });
      let entries = file.entries();
      if (values.cancel !== undefined) {
        const cancelled = entries.find((entry) => entry.id === values.cancel);
        entries = withoutEntry(entries, values.cancel);
        await file.write(entries);
        io.stdout.write(json ? `${JSON.stringify({ cancelled: cancelled?.id, entries }, null, 2)}\n` : `Cancelled: ${line(cancelled!)}\n`);
        return EXIT_CODES.ok;
      }
      if (json) io.stdout.write(`${JSON.stringify({ entries }, null, 2)}\n`);
      else io.stdout.write(entries.length === 0 ? 'No decisions are waiting to be sent.\n' : `${entries.map(line).join('\n')}\n`);
      return EXIT_CODES.ok;
    } finally {
      await folder.close();
    }
  } catch (error) {
    const usage = error instanceof TypeError;
    const code = error instanceof AppError ? error.code : usage ? 'usage' : 'internal';
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(json ? `${JSON.stringify({ error: { code, message, retryable: false } })}\n` : `quotedesk outbox: ${terminalText(message)}\n`);
    if (error instanceof AppError) return exitCodeFor(error.code);
    return usage ? EXIT_CODES.usage : EXIT_CODES.other;
  }
}
