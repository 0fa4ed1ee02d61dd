// `quotedesk listen`, in the manner of `stripe listen`: for an account (stored, or the
// connection of the other commands), register a public URL for the session (yours, or the one
// a cloudflared quick tunnel reports), verify deliveries with the secret that registration
// returned, print each event and each refusal, optionally forward events, and put the
// registration back on exit.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { createHash } from 'node:crypto';
import { createSilentLogger, registerSecret } from '../../core/log';
import type { Clock } from '../../core/ports';
import { systemClock } from '../../core/ports';
import { createCloudflaredTunnel, findCloudflared, startListening } from '../../core/webhooks';
import type { Listener, Tunnel } from '../../core/webhooks';
import type { ForwardTimings } from '../../core/webhooks/listen';
import { dataFolderPath } from '../data-folder';
import { EXIT_CODES } from '../exit-codes';
import { report } from '../report';
import { UsageError } from '../options';
import { ltr } from '../locale';
import { m } from '../../../i18n/paraglide/messages.js';
import { environmentAccount, storedAccount } from './account';
import type { ListenAccount } from './account';
import { listenHelp, parseListenArgs, requireEntry } from './args';
import { findRunningApp } from '../running-app';
import { listenThroughApp } from './through-app';
import { listenerLines } from './lines';
import type { ListenOptions } from './args';
import { endRegistration, moveRegistration, ReplaceDeclined, takeRegistration } from './registration';
import type { RegistrationDeps, Session } from './registration';

export interface ListenIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  env: Record<string, string | undefined>;
  cwd: string;
  /** Where a question is answered; asked only when it is a terminal. Default process.stdin. */
  stdin?: NodeJS.ReadableStream & { isTTY?: boolean };
  /** Stops listening. Without one, SIGINT and SIGTERM stop it. */
  signal?: AbortSignal;
  clock?: Clock;
  /** Where to look for cloudflared (tests pass a fake). */
  findCloudflared?: () => string | null;
  /** How long a forwarding attempt may take and how retries are spaced (tests shorten them). */
  forwardTimings?: Partial<ForwardTimings>;
}

/** Where a managed tunnel's deliveries go (any path reaches the receiver). */
const TUNNEL_PATH = '/quotedesk-listen';

/** How long a cloudflared quick tunnel may take to report its address. */
const TUNNEL_URL_MS = 30_000;

/** Runs `quotedesk listen` with the arguments after `listen`; resolves to the exit code. Never throws. */
export async function runListenCommand(args: string[], io: ListenIo): Promise<number> {
  let options: ListenOptions;
  try {
    options = parseListenArgs(args, io.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`quotedesk listen: ${error.message}\n\n${listenHelp()}`);
    return EXIT_CODES.usage;
  }
  if (options.help) {
    io.stdout.write(listenHelp());
    return EXIT_CODES.ok;
  }
  const clock = io.clock ?? systemClock;
  const logger = createSilentLogger();
  const say = (human: string, json: Record<string, unknown>) => io.stdout.write(options.json ? `${JSON.stringify(json)}\n` : `${human}\n`);
  const { signal, release } = stopSignal(io.signal);
  let account: ListenAccount | null = null;
  let listener: Listener | null = null;
  let tunnel: Tunnel | null = null;
  let temporaryDir: string | null = null;
  try {
    let secret: string | null = null;
    /** The secret of the session's previous registration, accepted while deliveries signed with it may still come (a tunnel's new address). */
    let previousSecret: string | null = null;
    let scope: string;
    if (options.source.kind === 'secret') {
      if (options.source.warning !== null) io.stderr.write(`quotedesk listen: ${options.source.warning}\n`);
      secret = options.source.secret;
      registerSecret(logger, secret);
      scope = `secret:${createHash('sha256').update(secret).digest('hex').slice(0, 16)}`;
    } else {
      if (options.source.kind === 'account') {
        const dataDir = dataFolderPath(options.dataDir, io.env, io.cwd);
        const app = await findRunningApp(dataDir);
        if (app !== null) return await listenThroughApp(app, options, io, dataDir, signal);
      }
      requireEntry(options);
      account = options.source.kind === 'account' ? await storedAccount(dataFolderPath(options.dataDir, io.env, io.cwd), options.source.name, { clock, logger }) : environmentAccount(options.source.connection, io.env, { clock });
      scope = account.scope;
    }
    let logDir = options.logDir === null ? null : resolve(io.cwd, options.logDir);
    if (logDir === null && account?.dataDir) logDir = join(account.dataDir, 'listen-events');
    if (logDir === null) logDir = temporaryDir = await mkdtemp(join(tmpdir(), 'quotedesk-listen-'));

    try {
      listener = await startListening({
        scope,
        secrets: () => ({ current: secret, previous: previousSecret }),
        port: options.port,
        dir: logDir,
        forwardTo: options.forwardTo,
        forwardTimings: io.forwardTimings,
        output: listenerLines(io.stdout, options.json),
        logger,
      });
    } catch (error) {
      io.stderr.write(`quotedesk listen: ${m.cli_listen_port_failed({ address: ltr(`127.0.0.1:${options.port}`), problem: (error as Error).message })}\n`);
      return EXIT_CODES.other;
    }
    if (account === null || options.entry === null) {
      await stopped(signal);
      return EXIT_CODES.ok;
    }

    const current = account;
    const deps: RegistrationDeps = {
      client: current.client,
      keyring: current.keyring,
      accountId: current.accountId,
      confirmReplace: (url) => (options.replace ? Promise.resolve(true) : ask(io, m.cli_listen_replace_question({ account: current.label, url: ltr(url) }))),
    };
    let url: string;
    if (options.entry.kind === 'url') {
      url = options.entry.url;
    } else {
      tunnel = await startCloudflared(io, listener.port, logger);
      url = `${tunnel.publicOrigin()}${TUNNEL_PATH}`;
    }
    const session: Session = await takeRegistration(deps, url);
    secret = session.secret;
    registerSecret(logger, secret);
    // A quick tunnel that restarts comes back at a new address: the session's registration follows it.
    let following = Promise.resolve();
    const stopFollowing = tunnel?.onChange((origin) => {
      if (origin === null) return;
      following = following.then(async () => {
        try {
          const next = await moveRegistration(deps, session, `${origin}${TUNNEL_PATH}`);
          previousSecret = secret;
          secret = next;
          registerSecret(logger, secret);
          say(m.cli_listen_reregistered({ url: ltr(session.url) }), { registered: session.url, account: current.label, reason: 'the tunnel moved' });
        } catch (error) {
          io.stderr.write(`quotedesk listen: ${m.cli_listen_reregister_failed({ url: ltr(origin), problem: (error as Error).message })}\n`);
        }
      });
    });
    const stop = options.onExit === 'keep' ? m.cli_listen_stop_keep() : options.onExit === 'delete' ? m.cli_listen_stop_delete() : m.cli_listen_stop_restore();
    const registered = { url: ltr(url), account: current.label, stop };
    say(session.previous === null ? m.cli_listen_registered_new(registered) : m.cli_listen_registered_replaced({ ...registered, previous: ltr(session.previous.url) }), {
      registered: url,
      account: current.label,
      previous: session.previous?.url ?? null,
      onExit: options.onExit,
    });
    await stopped(signal);
    stopFollowing?.();
    await following;
    const outcome = await endRegistration(deps, session, options.onExit);
    say(outcome(), { ended: options.onExit, message: outcome({ locale: 'en' }) });
    return EXIT_CODES.ok;
  } catch (error) {
    if (error instanceof ReplaceDeclined) {
      io.stderr.write(`quotedesk listen: ${error.message}\n`);
      return EXIT_CODES.invalidState;
    }
    return report(error, io.stderr, options.json, null);
  } finally {
    release();
    await tunnel?.stop().catch(() => undefined);
    await listener?.close();
    await account?.close();
    if (temporaryDir !== null) await rm(temporaryDir, { recursive: true, force: true });
  }
}

async function startCloudflared(io: ListenIo, port: number, logger: ReturnType<typeof createSilentLogger>): Promise<Tunnel> {
  const command = (io.findCloudflared ?? (() => findCloudflared(io.env.PATH ?? '')))();
  if (command === null) throw new UsageError(m.cli_listen_cloudflared_missing());
  const tunnel = createCloudflaredTunnel({ command, localPort: port, logger, env: io.env as NodeJS.ProcessEnv });
  await tunnel.start();
  if (tunnel.publicOrigin() === null) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        stop();
        reject(new UsageError(m.cli_listen_cloudflared_no_address({ seconds: ltr(String(TUNNEL_URL_MS / 1000)) })));
      }, TUNNEL_URL_MS);
      const stop = tunnel.onChange((origin) => {
        if (origin === null) return;
        clearTimeout(timer);
        stop();
        resolve();
      });
    }).catch(async (error: unknown) => {
      await tunnel.stop();
      throw error;
    });
  }
  return tunnel;
}

/** A yes/no question on a terminal; anything but a terminal is a no (a script passes --replace). */
async function ask(io: ListenIo, question: string): Promise<boolean> {
  const input = io.stdin ?? process.stdin;
  if (!input.isTTY) return false;
  const reader = createInterface({ input, output: io.stderr as NodeJS.WritableStream });
  try {
    return /^y(es)?$/i.test((await reader.question(question)).trim());
  } finally {
    reader.close();
  }
}

function stopped(signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function stopSignal(given: AbortSignal | undefined): { signal: AbortSignal; release: () => void } {
  if (given) return { signal: given, release: () => undefined };
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
