// `quotedesk team ...`: the team desk from the command line, on the data folder's stored team
// and accounts. Every command sends what waits in the outbox first, reads what others did, and
// reports each entry that could not be verified once.
import { createSilentLogger } from '../../core/log';
import type { Logger } from '../../core/ports';
import { addNote, admit, askToJoin, assign, decide, parseAmount, removeMember, requestApproval, ROLES, setPolicy, sync, TeamError } from '../../core/team';
import type { Done, Role, TeamDesk } from '../../core/team';
import { RelayConfigError } from '../../core/webhooks/relay/connection';
import { dataFolderPath, openDataFolder } from '../data-folder';
import type { DataFolder } from '../data-folder';
import { EXIT_CODES } from '../exit-codes';
import { UsageError } from '../options';
import { CliFailure, CliRefusal, report } from '../report';
import type { CliIo } from '../run';
import { terminalText } from '../terminal-text';
import { parseTeamArgs, required } from './args';
import type { TeamArgs } from './args';
import { teamHelp } from './help';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';
import { doneJson, formatDone, formatMembers, formatQuote, formatSync, membersJson, outcomeJson, quoteJson } from './output';
import { quoteFacts, quoteRef, teamAccount } from './quote';
import type { TeamAccount } from './quote';
import { createTeam, joinTeam, openDesk } from './setup';
import { reportUnverified } from './unverified';


interface Run {
  args: TeamArgs;
  folder: DataFolder;
  logger: Logger;
  out: (value: unknown, human: () => string) => void;
  io: CliIo;
}

/** Runs `quotedesk team` with the arguments after `team`; resolves to the exit code. Never throws. */
export async function runTeamCommand(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json');
  let folder: DataFolder | null = null;
  try {
    const args = parseTeamArgs(argv);
    if (args.command === null) {
      io.stdout.write(teamHelp());
      return args.values.help ? EXIT_CODES.ok : EXIT_CODES.usage;
    }
    const logger = createSilentLogger();
    folder = await openDataFolder(dataFolderPath(args.values['data-dir'], io.env, io.cwd), logger);
    const out = (value: unknown, human: () => string) => io.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : human());
    return await run({ args, folder, logger, out, io });
  } catch (error) {
    return report(translate(error), io.stderr, json, null);
  } finally {
    await folder?.close();
  }
}

/** The team's own failures in the CLI's terms: a setup problem is a usage error, the rest explained. */
function translate(error: unknown): unknown {
  if (error instanceof RelayConfigError || error instanceof TeamError) return new CliFailure(error.message);
  return error;
}

async function run(job: Run): Promise<number> {
  const { args, folder, logger, out } = job;
  if (args.command === 'create') {
    const made = await createTeam(folder, args.values, logger);
    return withDesk(job, async (desk) => {
      out({ team: made.team, bucket: made.profile.bucket, email: made.profile.email, role: 'admin', publicKey: desk.author.key }, () => `${m.cli_team_created({ team: terminalText(made.team), bucket: ltr(made.profile.bucket) })}\n`);
      return EXIT_CODES.ok;
    });
  }
  if (args.command === 'join') {
    const joined = await joinTeam(folder, args.values, logger);
    return withDesk(job, async (desk) => changed(job, desk, await askToJoin(desk), () => `${m.cli_team_join_asked({ team: terminalText(joined.team), command: ltr(`quotedesk team admit ${joined.profile.email}`) })}\n`));
  }
  return withDesk(job, async (desk, first) => {
    switch (args.command) {
      case 'members': {
        const state = desk.state();
        out({ team: state.roster.team, members: membersJson(state) }, () => formatMembers(state));
        return EXIT_CODES.ok;
      }
      case 'sync': {
        const again = await sync(desk);
        const sent = [...first.sent, ...again.sent];
        const received = first.received + again.received;
        out({ sent: sent.map(outcomeJson), received, waiting: desk.queued.length, problem: desk.problem }, () => formatSync(sent, received, desk.queued.length, desk.problem));
        return desk.queued.length > 0 ? EXIT_CODES.network : EXIT_CODES.ok;
      }
      case 'admit': {
        const role = (args.values.role ?? 'member') as Role;
        if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(m.cli_team_role_invalid({ roles: ROLES.join(', ') }));
        return changed(job, desk, await admit(desk, args.args[0]!, role, parseLimits(args.values.limit ?? [])));
      }
      case 'remove':
        return changed(job, desk, await removeMember(desk, args.args[0]!));
      case 'policy':
        return withAccount(job, async (account) => changed(job, desk, await setPolicy(desk, account.service, account.name, parseLimits([required(args.values, 'over', 'policy')], '--over'))));
      default:
        return withAccount(job, (account) => quoteCommand(job, desk, account));
    }
  });
}

async function quoteCommand(job: Run, desk: TeamDesk, account: TeamAccount): Promise<number> {
  const { args, out } = job;
  const ref = await quoteRef(account, args.args[0]!);
  switch (args.command) {
    case 'assign':
      return changed(job, desk, await assign(desk, ref, required(args.values, 'to', 'assign')));
    case 'note':
      return changed(job, desk, await addNote(desk, ref, args.args[1]!));
    case 'request-approval': {
      const { facts } = await quoteFacts(account, ref.quote);
      return changed(job, desk, await requestApproval(desk, ref, required(args.values, 'from', 'request-approval'), facts, args.values.comment ?? ''));
    }
    case 'approve':
      return changed(job, desk, await decide(desk, ref, true, args.values.comment ?? ''));
    case 'refuse':
      return changed(job, desk, await decide(desk, ref, false, required(args.values, 'comment', 'refuse')));
    default: {
      const state = desk.state();
      const quote = state.quote(ref);
      out(quoteJson(state, quote), () => formatQuote(state, quote));
      return EXIT_CODES.ok;
    }
  }
}

/** What the outbox sent and the bucket brought before the command's own work. */
type Synced = Awaited<ReturnType<typeof sync>>;

async function withDesk(job: Run, work: (desk: TeamDesk, first: Synced) => Promise<number>): Promise<number> {
  const desk = await openDesk(job.folder, job.logger);
  try {
    // What waits goes first, in order; then what others did.
    const first = await sync(desk);
    reportUnverified(job.folder, desk.state(), job.io.stderr, job.args.values.json === true);
    return await work(desk, first);
  } finally {
    await desk.close();
  }
}

async function withAccount(job: Run, work: (account: TeamAccount) => Promise<number>): Promise<number> {
  const account = await teamAccount(job.folder, job.args.values.account, job.logger);
  try {
    return await work(account);
  } finally {
    await account.close();
  }
}

function changed(job: Run, desk: TeamDesk, done: Done, human?: () => string): number {
  job.out(doneJson(done, desk.queued.length), () => (done.outcome === 'sent' && human ? human() : formatDone(done, desk.queued.length)));
  if (done.outcome === 'refused') throw new CliRefusal(m.cli_team_server_refused({ reason: done.reason ?? '' }), EXIT_CODES.teamRefused, 'refused');
  return EXIT_CODES.ok;
}

function parseLimits(given: string[], option = '--limit'): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const text of given) {
    const amount = parseAmount(text);
    if (!amount) throw new UsageError(m.cli_team_amount_invalid({ option, given: text }));
    limits[amount.currency] = amount.amount;
  }
  return limits;
}
