// The protocol between the `quotedesk` command line and a running app on the same data folder:
// one JSON object per line, each side parsing what it reads with these schemas. A connection
// carries one request; the app answers once (or, for `listen`, streams events until the command
// line hangs up). Nothing secret crosses it: the app uses its own credentials, and answers carry
// only what the bridge may carry (quotes, outcomes, account names).
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { KeyAccess, Pagination, QuoteDetails, QuoteListItem, QuoteStatus } from '../../../preload/contract';
import { DecisionResult } from '../../../preload/contract/bridge/decisions';

export const PROTOCOL_VERSION = 1;

/** No request comes near this; a longer line is refused and the connection closed. */
export const MAX_REQUEST_BYTES = 64 * 1024;
/** An answer: a page of 100 quotes or one quote with its pricing fits many times over. */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const Id = z.string().trim().min(1).max(200);
const Version = z.literal(PROTOCOL_VERSION);

export const EndpointRequest = z.discriminatedUnion('command', [
  z.object({ v: Version, command: z.literal('accounts') }),
  z.object({
    v: Version,
    command: z.literal('list'),
    accountId: Id,
    page: z.number().int().positive(),
    limit: z.number().int().positive().max(100),
    status: QuoteStatus.optional(),
    search: z.string().max(500).optional(),
  }),
  z.object({ v: Version, command: z.literal('show'), accountId: Id, quoteId: Id }),
  z.object({ v: Version, command: z.literal('decide'), accountId: Id, quoteId: Id, decision: z.enum(['accept', 'decline']), version: z.string().min(1).max(128).optional(), reason: z.string().max(2000).optional() }),
  z.object({ v: Version, command: z.literal('pdf'), accountId: Id, quoteId: Id }),
  z.object({ v: Version, command: z.literal('listen'), accountId: Id }),
]);
export type EndpointRequest = z.infer<typeof EndpointRequest>;
export type EndpointCommand = EndpointRequest['command'];

/** What the command line may know of the app's accounts: enough to pick one by name or id. */
export const EndpointAccount = z.object({ id: z.string(), name: z.string(), demo: z.boolean(), access: KeyAccess });
export type EndpointAccount = z.infer<typeof EndpointAccount>;

/** A cached PDF the app holds: the command line copies it (same user, same data folder). */
export const EndpointPdf = z.object({ path: z.string(), bytes: z.number().int().nonnegative(), outdated: z.boolean() });

/** Each command's answer, parsed by the command line before it is used. */
export const ANSWERS = {
  accounts: z.array(EndpointAccount),
  list: z.object({ data: z.array(QuoteListItem), pagination: Pagination }),
  show: QuoteDetails,
  decide: DecisionResult,
  pdf: EndpointPdf,
  // listen answers with its events, then `{ok: true, value: null}` is never sent: it ends when either side hangs up.
  listen: z.null(),
} as const satisfies Record<EndpointCommand, z.ZodType>;

/** A received webhook event as `listen` prints it. */
export const EndpointEvent = z.object({ event: z.string(), data: z.record(z.string(), z.unknown()), receivedAt: z.number() });
export type EndpointEvent = z.infer<typeof EndpointEvent>;

/**
 * Why the app did not run a request. bad-frame: not one JSON object of the protocol;
 * too-large: over the frame bound; unknown-command; approval-needed: an accept the team's
 * approval policy holds back, its message the policy's reason alone (the command line says what
 * to do in its own words); and the app's own error codes (not-found, network, invalid-state...)
 * for a command that failed, in the app's words.
 */
export const EndpointError = z.object({ code: z.string().min(1).max(60), message: z.string().max(4000), retryable: z.boolean() });
export type EndpointError = z.infer<typeof EndpointError>;

/** A refusal of the endpoint's own, with a code beyond the app's error codes (see EndpointError). */
export class EndpointRefusal extends Error {
  constructor(
    readonly code: 'approval-needed',
    message: string,
  ) {
    super(message);
    this.name = 'EndpointRefusal';
  }
}

export const EndpointReply = z.union([
  z.object({ ok: z.literal(true), value: z.unknown() }),
  z.object({ ok: z.literal(false), error: EndpointError }),
  z.object({ event: EndpointEvent }),
]);
export type EndpointReply = z.infer<typeof EndpointReply>;

/** The longest Unix socket path every system takes (macOS 104 bytes with its terminator, Linux 108). */
const MAX_SOCKET_PATH = 100;

export interface EndpointAddress {
  /** What net.connect and server.listen take: a socket file, or a named pipe on Windows. */
  path: string;
  /** The owner-only folder holding the socket (null on Windows: a pipe has no folder). */
  dir: string | null;
}

/**
 * Where the app listens for a data folder, found from the folder alone by both sides: a socket
 * in an owner-only folder inside the data folder, or, when that path is too long for a socket,
 * an owner-only folder in the temporary directory named by the data folder's hash. On Windows
 * a named pipe named the same way.
 */
export function endpointAddress(dataDir: string, platform: NodeJS.Platform = process.platform, temporary = tmpdir()): EndpointAddress {
  const folder = resolve(dataDir);
  const hash = createHash('sha256')
    .update(platform === 'win32' ? folder.toLowerCase() : folder)
    .digest('hex')
    .slice(0, 24);
  if (platform === 'win32') return { path: `\\\\.\\pipe\\quotedesk-cli-${hash}`, dir: null };
  const inside = join(folder, 'cli-endpoint');
  if (Buffer.byteLength(join(inside, 'app.sock')) <= MAX_SOCKET_PATH) return { path: join(inside, 'app.sock'), dir: inside };
  const uid = process.getuid?.() ?? 0;
  const outside = join(temporary, `quotedesk-${uid}-${hash}`);
  return { path: join(outside, 'app.sock'), dir: outside };
}
