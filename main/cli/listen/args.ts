// `quotedesk listen`'s command line, checked before anything starts (a problem: exit 2).
import { parseArgs } from 'node:util';
import { parsePublicOrigin } from '../../core/webhooks';
import { forwardTarget } from '../../core/webhooks/listen';
import { UsageError } from '../options';
import type { CliValues } from '../options';
import type { OnExit } from './registration';
import { readWebhookSecret } from '../webhook-secret';
import { ltr } from '../locale';
import { parseProblem } from '../parse-problem';
import { m } from '../../../i18n/paraglide/messages.js';

/** `quotedesk listen --help`, in the CLI's language; the JSON keys stay as typed. */
export function listenHelp(): string {
  return m.cli_listen_help({ eventShape: '{"event", "data", "receivedAt"}', refusedShape: '{"refused", "reason", "path", "receivedAt"}' });
}

const OPTIONS = {
  account: { type: 'string' },
  'data-dir': { type: 'string' },
  'public-url': { type: 'string' },
  tunnel: { type: 'string' },
  replace: { type: 'boolean' },
  'on-exit': { type: 'string' },
  secret: { type: 'string' },
  'secret-file': { type: 'string' },
  port: { type: 'string' },
  json: { type: 'boolean' },
  'forward-to': { type: 'string' },
  'log-dir': { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Source = { kind: 'secret'; secret: string; warning: string | null } | { kind: 'account'; name: string } | { kind: 'environment'; connection: CliValues };
export type Entry = { kind: 'url'; url: string } | { kind: 'cloudflared' };

export interface ListenOptions {
  help: boolean;
  source: Source;
  entry: Entry | null;
  replace: boolean;
  onExit: OnExit;
  dataDir: string | undefined;
  port: number;
  json: boolean;
  forwardTo: URL | null;
  logDir: string | null;
}

export function parseListenArgs(args: string[], env: Record<string, string | undefined>): ListenOptions {
  let parsed;
  try {
    parsed = parseArgs({ args, options: OPTIONS, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError(parseProblem(error));
  }
  const { values, positionals } = parsed;
  const base = { replace: values.replace === true, dataDir: values['data-dir'], json: values.json === true, logDir: values['log-dir'] ?? null };
  if (values.help) return { ...base, help: true, source: { kind: 'secret', secret: '', warning: null }, entry: null, onExit: 'restore', port: 0, forwardTo: null };
  if (positionals.length > 0) throw new UsageError(m.cli_listen_unexpected_argument({ given: ltr(positionals[0]!) }));
  const port = Number(values.port ?? '0');
  if (!/^\d+$/.test(values.port ?? '0') || port > 65535) throw new UsageError(m.cli_port_invalid());
  const onExit = values['on-exit'] ?? 'restore';
  if (onExit !== 'restore' && onExit !== 'delete' && onExit !== 'keep') throw new UsageError(m.cli_listen_on_exit_invalid({ given: ltr(onExit) }));
  let forwardTo: URL | null = null;
  if (values['forward-to'] !== undefined) {
    try {
      forwardTo = forwardTarget(values['forward-to']);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  const entry = parseEntry(values['public-url'], values.tunnel);
  const connection: CliValues = { 'base-url': values['base-url'], 'api-key': values['api-key'], 'client-id': values['client-id'], 'client-secret': values['client-secret'] };
  const connectionGiven = Object.values(connection).some((value) => value !== undefined);
  if ((values.secret !== undefined || values['secret-file'] !== undefined) && (entry !== null || values.account !== undefined)) {
    throw new UsageError(m.cli_listen_secret_with_registration());
  }
  // The environment's secret only for the receiver alone: with a registration it comes from there.
  const given = readWebhookSecret(values, entry === null && values.account === undefined ? env : {});
  let source: Source;
  if (given !== null) {
    source = { kind: 'secret', ...given };
  } else if (values.account !== undefined) {
    if (connectionGiven) throw new UsageError(m.cli_listen_account_with_connection());
    source = { kind: 'account', name: values.account };
  } else if (entry !== null) {
    source = { kind: 'environment', connection };
  } else {
    throw new UsageError(m.cli_listen_source_missing());
  }
  if (source.kind === 'secret' && (values.replace || values['on-exit'] !== undefined)) throw new UsageError(m.cli_listen_registration_options_alone());
  return { ...base, help: false, source, entry, onExit, port, forwardTo };
}

/** Listening on its own (no app on the folder to hear from), an account needs where its deliveries come in. */
export function requireEntry(options: ListenOptions): void {
  if (options.source.kind !== 'secret' && options.entry === null) throw new UsageError(m.cli_listen_entry_missing());
}

function parseEntry(publicUrl: string | undefined, tunnel: string | undefined): Entry | null {
  if (publicUrl !== undefined && tunnel !== undefined) throw new UsageError(m.cli_listen_url_and_tunnel());
  if (tunnel !== undefined) {
    if (tunnel !== 'cloudflared') throw new UsageError(m.cli_listen_tunnel_invalid({ given: ltr(tunnel) }));
    return { kind: 'cloudflared' };
  }
  if (publicUrl === undefined) return null;
  try {
    return { kind: 'url', url: parsePublicOrigin(publicUrl) || publicUrl };
  } catch (error) {
    throw new UsageError(`${ltr('--public-url')}: ${(error as Error).message}`);
  }
}
