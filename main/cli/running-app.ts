// The command line's side of the app's endpoint (main/core/cli-endpoint): when the desktop app or
// browser mode holds the data folder on this computer, the command asks it to do the work with
// its own accounts, cache and outbox, instead of refusing the folder. A lock whose holder is gone
// (the app was killed) means no app: the command opens the folder itself, taking the stale lock.
import * as fs from 'node:fs';
import { connect } from 'node:net';
import type { z } from 'zod';
import { holderAlive, readFolderHolder } from '../core/data-files';
import type { FolderHolder } from '../core/data-files';
import { AppError } from '../core/errors';
import { answers } from '../core/cli-endpoint/server';
import { frame, readLines } from '../core/cli-endpoint/lines';
import { ANSWERS, endpointAddress, EndpointRefusal, EndpointReply, MAX_ANSWER_BYTES, PROTOCOL_VERSION } from '../core/cli-endpoint/protocol';
import type { EndpointAddress, EndpointEvent, EndpointRequest } from '../core/cli-endpoint/protocol';
import type { BridgeErrorCode } from '../../preload/contract';
import { BRIDGE_ERROR_CODES } from '../../preload/contract';
import { m } from '../../i18n/paraglide/messages.js';
import { formatCount } from '../../i18n/words/format';
import { ltr } from './locale';
import { CliFailure } from './report';

type Command = Exclude<EndpointRequest['command'], 'listen'>;
/** A request as the command line writes it; the protocol's version is added when it is sent. */
type RequestBody = EndpointRequest extends infer R ? (R extends { command: Command } ? Omit<R, 'v'> : never) : never;

export interface RunningApp {
  /** Who holds the folder: said to the person ("through the desktop app"). */
  readonly holder: FolderHolder;
  request<R extends RequestBody>(request: R): Promise<z.output<(typeof ANSWERS)[R['command']]>>;
  /** Each event the app receives for the account, until `signal` aborts or the app goes away. */
  listen(accountId: string, onEvent: (event: EndpointEvent) => void, signal: AbortSignal): Promise<'stopped' | 'app-gone'>;
}

const HOST_WORDS = { desktop: m.cli_host_desktop, web: m.cli_host_web, cli: m.cli_host_cli } as const;

/** Which app holds the folder, in words said after "through" or "by": "the desktop app", "browser mode". */
export function appWords(app: RunningApp): string {
  return HOST_WORDS[app.holder.kind]();
}

/** The app running on `dataDir` on this computer, when its endpoint answers; null when the command should open the folder itself. */
export async function findRunningApp(dataDir: string, address: EndpointAddress = endpointAddress(dataDir)): Promise<RunningApp | null> {
  const holder = readFolderHolder(dataDir);
  if (holder === null || holder.kind === 'cli' || !holderAlive(holder)) return null;
  if (address.dir !== null && !ownerOnly(address.dir)) return null;
  if (!(await answers(address.path))) return null;
  return {
    holder,
    request: (request) => ask(address.path, request) as never,
    listen: (accountId, onEvent, signal) => stream(address.path, accountId, onEvent, signal),
  };
}

/** Only a folder of this user that nobody else can enter holds a socket worth talking to (no one planted it). */
function ownerOnly(dir: string): boolean {
  const stat = fs.lstatSync(dir, { throwIfNoEntry: false });
  const uid = process.getuid?.();
  return stat !== undefined && stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o077) === 0;
}

function ask(path: string, request: RequestBody): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let answered = false;
    const settle = (outcome: () => unknown) => {
      if (answered) return;
      answered = true;
      socket.destroy();
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      }
    };
    socket.once('connect', () => socket.write(frame({ v: PROTOCOL_VERSION, ...request })));
    readLines(
      socket,
      MAX_ANSWER_BYTES,
      (line) => settle(() => answerOf(request.command, line)),
      () => settle(() => {
        throw new CliFailure(m.cli_app_answer_too_long({ size: m.cli_byte_count({ count: MAX_ANSWER_BYTES, countText: ltr(formatCount(MAX_ANSWER_BYTES)) }) }));
      }),
    );
    socket.once('error', (error) => settle(() => {
      throw new CliFailure(m.cli_app_unreachable({ problem: error.message }));
    }));
    socket.once('close', () => settle(() => {
      throw new CliFailure(m.cli_app_closed());
    }));
  });
}

function answerOf(command: Command, line: string): unknown {
  const reply = parseReply(line);
  if ('event' in reply) throw new CliFailure(m.cli_app_answered_event());
  if (!reply.ok) throw refusal(reply.error);
  const parsed = ANSWERS[command].safeParse(reply.value);
  if (!parsed.success) throw new AppError('schema', m.cli_app_answer_mismatch({ command }));
  return parsed.data;
}

function parseReply(line: string): EndpointReply {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new CliFailure(m.cli_app_answer_not_json());
  }
  const parsed = EndpointReply.safeParse(value);
  if (!parsed.success) throw new CliFailure(m.cli_app_answer_unknown());
  return parsed.data;
}

/**
 * The app's refusal as the error the command reports: its own codes keep their exit codes; an
 * accept its team's policy holds back is an EndpointRefusal the command words itself (it knows
 * the quote's number); the protocol's others are failures.
 */
function refusal(error: { code: string; message: string; retryable: boolean }): Error {
  if ((BRIDGE_ERROR_CODES as readonly string[]).includes(error.code)) return new AppError(error.code as BridgeErrorCode, error.message, { retryable: error.retryable });
  if (error.code === 'approval-needed') return new EndpointRefusal('approval-needed', error.message);
  return new CliFailure(m.cli_app_refused({ code: ltr(error.code), problem: error.message }));
}

function stream(path: string, accountId: string, onEvent: (event: EndpointEvent) => void, signal: AbortSignal): Promise<'stopped' | 'app-gone'> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    let failure: Error | null = null;
    const stop = () => socket.destroy();
    signal.addEventListener('abort', stop, { once: true });
    socket.once('connect', () => socket.write(frame({ v: PROTOCOL_VERSION, command: 'listen', accountId })));
    readLines(
      socket,
      MAX_ANSWER_BYTES,
      (line) => {
        try {
          const reply = parseReply(line);
          if ('event' in reply) onEvent(reply.event);
          else if (!reply.ok) failure = refusal(reply.error);
        } catch (error) {
          failure = error as Error;
          socket.destroy();
        }
      },
      () => socket.destroy(),
    );
    socket.on('error', () => undefined);
    socket.once('close', () => {
      signal.removeEventListener('abort', stop);
      if (failure) reject(failure);
      else resolve(signal.aborted ? 'stopped' : 'app-gone');
    });
  });
}
