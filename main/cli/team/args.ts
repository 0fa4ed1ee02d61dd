// The command line of `quotedesk team`: which subcommand, its one or two arguments, and options.
import { parseArgs } from 'node:util';
import { UsageError } from '../options';
import { closest } from '../suggest';
import { parseProblem } from '../parse-problem';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

const OPTIONS = {
  'data-dir': { type: 'string' },
  nats: { type: 'string' },
  creds: { type: 'string' },
  user: { type: 'string' },
  'password-file': { type: 'string' },
  ca: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string' },
  team: { type: 'string' },
  bucket: { type: 'string' },
  replicas: { type: 'string' },
  role: { type: 'string' },
  limit: { type: 'string', multiple: true },
  account: { type: 'string' },
  over: { type: 'string' },
  to: { type: 'string' },
  from: { type: 'string' },
  comment: { type: 'string' },
  yes: { type: 'boolean', short: 'y' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const TEAM_COMMANDS = ['create', 'join', 'admit', 'remove', 'members', 'policy', 'assign', 'note', 'request-approval', 'approve', 'refuse', 'show', 'sync'] as const;
export type TeamCommand = (typeof TEAM_COMMANDS)[number];

/** How many arguments each takes after its name. */
const ARGUMENTS: Record<TeamCommand, { count: number; names: string }> = {
  create: { count: 0, names: '' },
  join: { count: 0, names: '' },
  admit: { count: 1, names: 'EMAIL' },
  remove: { count: 1, names: 'EMAIL' },
  members: { count: 0, names: '' },
  policy: { count: 0, names: '' },
  assign: { count: 1, names: 'QUOTE' },
  note: { count: 2, names: 'QUOTE TEXT' },
  'request-approval': { count: 1, names: 'QUOTE' },
  approve: { count: 1, names: 'QUOTE' },
  refuse: { count: 1, names: 'QUOTE' },
  show: { count: 1, names: 'QUOTE' },
  sync: { count: 0, names: '' },
};

export type TeamValues = ReturnType<typeof parse>['values'];

function parse(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

export interface TeamArgs {
  command: TeamCommand | null;
  args: string[];
  values: TeamValues;
}

export function parseTeamArgs(argv: string[]): TeamArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(parseProblem(error));
  }
  const [name, ...args] = parsed.positionals;
  if (parsed.values.help || name === undefined) return { command: null, args, values: parsed.values };
  if (!(TEAM_COMMANDS as readonly string[]).includes(name)) {
    const suggestion = closest(name, TEAM_COMMANDS);
    const said = { name, commands: TEAM_COMMANDS.join(', ') };
    throw new UsageError(suggestion ? m.cli_team_unknown_command_suggest({ ...said, suggestion }) : m.cli_team_unknown_command(said));
  }
  const command = name as TeamCommand;
  const wanted = ARGUMENTS[command];
  if (args.length !== wanted.count) {
    const said = { command: ltr(`team ${command}`) };
    throw new UsageError(wanted.count === 0 ? m.team_cli_takes_no_arguments({ ...said, given: args.join(' ') }) : m.team_cli_takes_arguments({ ...said, names: ltr(wanted.names), count: args.length, countText: ltr(String(args.length)) }));
  }
  return { command, args, values: parsed.values };
}

/** An option the command cannot do without. */
export function required(values: TeamValues, option: keyof TeamValues, command: string): string {
  const value = values[option];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(m.cli_team_option_missing({ command: `team ${command}`, option: `--${option}` }));
  return value.trim();
}
