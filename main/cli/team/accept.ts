// `quotedesk accept ID --account NAME`: accept a stored account's quote, honouring the team's
// approval policy. Above the policy's amount the quote's current revision needs an approval from
// an approver whose limit covers it; otherwise the command stops (exit 14) before anything is sent.
import { parseArgs } from 'node:util';
import { createSilentLogger } from '../../core/log';
import { acceptGate, TeamError } from '../../core/team';
import { confirmDecision, decisionBlocked, requireConfirmable } from '../decision';
import { dataFolderPath, openDataFolder } from '../data-folder';
import type { DataFolder } from '../data-folder';
import { EXIT_CODES } from '../exit-codes';
import { UsageError } from '../options';
import { formatDecision } from '../output';
import { CliFailure, CliRefusal, report } from '../report';
import type { CliIo } from '../run';
import { parseProblem } from '../parse-problem';
import { quoteFacts, quoteId, teamAccount } from './quote';
import type { TeamAccount } from './quote';
import { onTeam, openDesk } from './setup';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

const OPTIONS = { account: { type: 'string' }, 'data-dir': { type: 'string' }, yes: { type: 'boolean', short: 'y' }, json: { type: 'boolean' } } as const;

export async function runTeamAccept(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  let folder: DataFolder | null = null;
  let account: TeamAccount | null = null;
  try {
    let parsed: ReturnType<typeof parseArgs<{ args: string[]; options: typeof OPTIONS; allowPositionals: true }>>;
    try {
      parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError(`${parseProblem(error)} ${m.cli_team_accept_options()}`);
    }
    const { values, positionals } = parsed;
    if (positionals.length !== 1) throw new UsageError(m.cli_team_accept_needs_id());
    requireConfirmable('accept', values.yes, io.stdin);
    const logger = createSilentLogger();
    folder = await openDataFolder(dataFolderPath(values['data-dir'], io.env, io.cwd), logger);
    account = await teamAccount(folder, values.account, logger);
    const id = await quoteId(account, positionals[0]!);
    const { quote, facts } = await quoteFacts(account, id);
    const blocked = decisionBlocked(quote, account.access, 'accept');
    if (blocked) throw new CliRefusal(blocked, EXIT_CODES.invalidState, 'invalid-state');
    if (onTeam(folder)) {
      const desk = await openDesk(folder, logger);
      try {
        // What waits in the outbox and what others did count: an approval given a moment ago included.
        await desk.flush();
        await desk.refresh();
        const gate = acceptGate(desk.state(), { service: account.service, quote: id }, facts);
        if (!gate.allowed) throw approvalNeeded(quote.quoteNumber ?? id, gate.reason);
      } finally {
        await desk.close();
      }
    }
    await confirmDecision(quote, 'accept', undefined, values.yes, io.stdin, io.stderr);
    const outcome = await (await account.client()).quotes.accept(id);
    io.stdout.write(json ? `${JSON.stringify({ ...outcome, quoteNumber: quote.quoteNumber }, null, 2)}\n` : formatDecision('accept', outcome, quote.quoteNumber, account.access));
    return EXIT_CODES.ok;
  } catch (error) {
    return report(error instanceof TeamError ? new CliFailure(error.message) : error, io.stderr, json, null);
  } finally {
    await account?.close();
    await folder?.close();
  }
}

/**
 * The refusal of an accept the team's policy holds back, why and what to do: the same words
 * whether this command checked the policy itself or the running app's gate did (run.ts).
 */
export function approvalNeeded(quote: string, reason: string): CliRefusal {
  return new CliRefusal(m.cli_team_accept_needs_approval({ quote: ltr(quote), reason, command: ltr(`quotedesk team request-approval ${quote} --from APPROVER`) }), EXIT_CODES.approvalNeeded, 'approval-needed');
}
