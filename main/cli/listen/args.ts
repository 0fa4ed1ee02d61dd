// `quotedesk listen`'s command line, checked before anything starts (a problem: exit 2).
import { parseArgs } from 'node:util';
import { parsePublicOrigin } from '../../core/webhooks';
import { forwardTarget } from '../../core/webhooks/listen';
import { UsageError } from '../options';
import type { CliValues } from '../options';
import type { OnExit } from './registration';
import { readWebhookSecret } from '../webhook-secret';
import { ltr } from '../locale';
import { m } from '../../../i18n/paraglide/messages.js';

export const LISTEN_HELP = `Usage:
  quotedesk listen --account NAME (--public-url URL | --tunnel cloudflared) [options]
  quotedesk listen --account NAME   (while the app runs on the data folder)
  quotedesk listen --public-url URL (with the connection of the other commands) [options]
  quotedesk listen --secret-file FILE [options]

Receives the Quoting Service's webhook deliveries on 127.0.0.1 and prints each verified,
unique event, and each refused request with its reason (401 bad signature, 413 too large...).

Whose events:
  --account NAME      a stored account of the data folder (its name or id); its
                      credentials and this installation's registration come from there.
                      While the app runs on the folder, listen prints what the app
                      receives for the account instead (no --public-url needed)
  --data-dir DIR      the data folder (default: browser mode's, see npm run web -- --help)
  or --base-url / --api-key / --client-id / --client-secret, or QUOTEDESK_BASE_URL,
  QUOTEDESK_API_KEY, QUOTEDESK_CLIENT_ID, QUOTEDESK_CLIENT_SECRET, as for the other commands

Where deliveries come in (the service's one URL per API key is registered for the session;
its signing secret comes from that registration):
  --public-url URL    the https address of a tunnel you run that forwards to --port
  --tunnel cloudflared  start a cloudflared quick tunnel and register the address it reports
  --replace           replace a registration another installation made without asking
                      (without it: asked on a terminal, refused otherwise)
  --on-exit WHAT      restore (default): put back what was registered before (this
                      installation's own registration gets its new secret stored);
                      delete: delete the registration; keep: leave it registered

Receiver only (you registered the URL yourself), the signing secret from one of:
  --secret-file FILE  a file holding it (one line; readable by you alone: chmod 600)
  QUOTEDESK_WEBHOOK_SECRET  the environment variable
  --secret S          on the command line: every user of this computer can read it
                      there (ps), so a warning is printed; prefer the two above

Options:
  --port P            the local port (default 0: a free one)
  --json              one JSON object per line: {"event", "data", "receivedAt"},
                      {"refused", "reason", "path", "receivedAt"}, and the session's lines
  --forward-to URL    re-post each verified event's raw body and headers unchanged to URL
                      (https, or http on 127.0.0.1 / localhost / [::1] only), in order,
                      retried until answered 2xx (also after a restart with the same log)
  --log-dir DIR       the event log: what was acknowledged is printed after a crash, once,
                      and resends are recognised (default: DIR/listen-events in the data
                      folder with --account, else a temporary folder removed on exit)
Stops on Ctrl+C (SIGINT) or SIGTERM, after the registration was put back.
`;

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
    throw new UsageError((error as Error).message);
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
    throw new UsageError(`--public-url: ${(error as Error).message}`);
  }
}
