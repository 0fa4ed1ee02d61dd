// The app's side of the command line's endpoint: a Unix socket (a named pipe on Windows) only
// this user can open, where `quotedesk` asks the running app to run a command with the app's
// own accounts, client, cache and outbox instead of opening the data folder a second time.
// Each connection carries one request line; the answer is one line, or a stream of events.
import * as fs from 'node:fs';
import { connect, createServer } from 'node:net';
import type { Socket } from 'node:net';
import { m } from '../../../i18n/paraglide/messages.js';
import { describeError } from '../api';
import { errorText } from '../errors';
import type { Logger } from '../ports';
import { frame, readLines } from './lines';
import { endpointAddress, EndpointRefusal, EndpointRequest, MAX_ANSWER_BYTES, MAX_REQUEST_BYTES } from './protocol';
import type { EndpointAddress, EndpointError, EndpointEvent } from './protocol';

/** What the app does for each command; a throw becomes a typed refusal in the app's words. */
export interface EndpointCommands {
  run(request: Exclude<EndpointRequest, { command: 'listen' }>): Promise<unknown>;
  /** Calls `send` with each event the app receives for the account; returns the stop. */
  listen(accountId: string, send: (event: EndpointEvent) => void): Promise<() => void>;
}

export interface CliEndpoint {
  readonly address: EndpointAddress;
  close(): Promise<void>;
}

/** A connection that names no command within this time is closed. */
const REQUEST_WITHIN_MS = 10_000;

/**
 * Opens the endpoint for `dataDir`. Resolves to null, after logging why, when it cannot be
 * opened safely (another live app answers there, the folder is not this user's alone): the
 * command line then finds no endpoint and says the folder is in use, as before.
 */
export async function openCliEndpoint(dataDir: string, commands: EndpointCommands, logger: Logger, address = endpointAddress(dataDir)): Promise<CliEndpoint | null> {
  try {
    if (address.dir !== null) ownerOnlyFolder(address.dir);
    if (address.dir !== null && fs.existsSync(address.path)) {
      if (await answers(address.path)) {
        logger.warn('the command line endpoint is not opened: another Quotedesk answers on this data folder', {});
        return null;
      }
      // Left by an app that was killed: nobody listens behind it.
      fs.rmSync(address.path, { force: true });
    }
  } catch (error) {
    logger.warn('the command line endpoint is not opened', { error: errorText(error) });
    return null;
  }
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.on('close', () => connections.delete(socket));
    serve(socket, commands, logger);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address.path, () => {
        server.off('error', reject);
        resolve();
      });
    });
    if (address.dir !== null) fs.chmodSync(address.path, 0o600);
  } catch (error) {
    server.close();
    logger.warn('the command line endpoint is not opened', { error: errorText(error) });
    return null;
  }
  server.on('error', (error) => logger.warn('the command line endpoint failed', { error: errorText(error) }));
  const socketFile = address.dir === null ? null : fs.statSync(address.path);
  return {
    address,
    async close() {
      for (const socket of connections) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only the socket this app made: a later app's socket at the same path stays.
      if (socketFile !== null) {
        const now = fs.statSync(address.path, { throwIfNoEntry: false });
        if (now && now.ino === socketFile.ino) fs.rmSync(address.path, { force: true });
        // Its folder too, when empty: it may be one of the temporary directory (a long data folder path).
        try {
          fs.rmdirSync(address.dir!);
        } catch {
          // Not empty (a later app's socket) or gone: left as it is.
        }
      }
    },
  };
}

function serve(socket: Socket, commands: EndpointCommands, logger: Logger): void {
  const refuse = (error: EndpointError) => socket.end(frame({ ok: false, error }));
  const timer = setTimeout(() => refuse({ code: 'bad-frame', message: `no request within ${REQUEST_WITHIN_MS / 1000} s`, retryable: false }), REQUEST_WITHIN_MS);
  let stopListening: (() => void) | null = null;
  socket.on('error', () => undefined);
  socket.on('close', () => {
    clearTimeout(timer);
    stopListening?.();
  });
  const stopReading = readLines(
    socket,
    MAX_REQUEST_BYTES,
    (line) => {
      stopReading();
      clearTimeout(timer);
      const request = parseRequest(line);
      if ('code' in request) return refuse(request);
      if (request.command === 'listen') {
        void commands
          .listen(request.accountId, (event) => socket.write(frame({ event })))
          .then((stop) => {
            if (socket.destroyed) stop();
            else stopListening = stop;
          })
          .catch((error: unknown) => refuse(failure(error)));
        return;
      }
      void commands.run(request).then(
        (value) => {
          const answer = frame({ ok: true, value });
          if (Buffer.byteLength(answer) > MAX_ANSWER_BYTES) return refuse({ code: 'too-large', message: `the answer is over ${MAX_ANSWER_BYTES} bytes`, retryable: false });
          socket.end(answer);
        },
        (error: unknown) => {
          const refusal = failure(error);
          if (refusal.code === 'internal') logger.warn('a command line request failed', { command: request.command, error: errorText(error) });
          refuse(refusal);
        },
      );
    },
    (error) => refuse({ code: 'too-large', message: `the request is ${error.message}`, retryable: false }),
  );
}

/** The request, or why it is refused: not JSON, an unknown command, or a command of the wrong shape. */
export function parseRequest(line: string): EndpointRequest | EndpointError {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return { code: 'bad-frame', message: 'the request is not JSON', retryable: false };
  }
  const parsed = EndpointRequest.safeParse(value);
  if (parsed.success) return parsed.data;
  const command = typeof value === 'object' && value !== null ? (value as { command?: unknown }).command : undefined;
  if (typeof command === 'string' && !EndpointRequest.options.some((option) => option.shape.command.value === command)) {
    return { code: 'unknown-command', message: m.main_endpoint_unknown_command({ command: command.slice(0, 60) }), retryable: false };
  }
  const issue = parsed.error.issues[0];
  return { code: 'bad-frame', message: `the request does not fit the protocol (${issue ? `${issue.path.join('.') || 'request'}: ${issue.message}` : 'unreadable'})`, retryable: false };
}

function failure(error: unknown): EndpointError {
  if (error instanceof EndpointRefusal) return { code: error.code, message: error.message, retryable: false };
  const described = describeError(error);
  return { code: described.code, message: described.message, retryable: described.retryable };
}

/** The socket's folder, made or checked: a directory (not a link) of this user that nobody else may enter. */
function ownerOnlyFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) throw new Error(`${dir} is not a folder of this user`);
  if ((stat.mode & 0o077) !== 0) fs.chmodSync(dir, 0o700);
}

/** Whether something accepts connections at this socket path (a live app), within a second. */
export function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(path);
    const done = (value: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const timer = setTimeout(() => done(false), 1_000);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}
