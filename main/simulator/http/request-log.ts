// What clients sent to the public interface, for the operator: who called (by kind of
// credential, never the credential itself), what, and how it was answered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CredentialStore } from '../auth/credentials';
import { presentedCredential } from '../auth/authenticate';
import { isoDateTime } from '../model';
import { PDF_ROUTE_PREFIX } from '../pdf';
import { RingBuffer } from '../ring-buffer';

export const REQUEST_LOG_LIMIT = 5000;
export const TOKEN_PATH = '/api/credentials/token';

export type RequestCredential = 'api-key' | 'bearer' | 'admin' | 'none' | 'token-exchange';

export interface RequestLogEntry {
  at: string;
  method: string;
  /** The path without the query; a PDF link's token is masked. */
  path: string;
  credential: RequestCredential;
  /** The status sent, or null when no answer was (a reset, a stall). */
  status: number | null;
}

interface PendingEntry extends RequestLogEntry {
  /** Held only until the response closes, to read the status it was answered with. */
  res: ServerResponse | null;
}

export class RequestLog {
  private readonly entries = new RingBuffer<PendingEntry>(REQUEST_LOG_LIMIT);
  private exchanges = 0;

  constructor(
    private readonly credentials: CredentialStore,
    private readonly now: () => number,
  ) {}

  record(req: IncomingMessage, res: ServerResponse, method: string, path: string): void {
    const isTokenExchange = path === TOKEN_PATH;
    if (isTokenExchange && method === 'POST') this.exchanges += 1;
    const entry: PendingEntry = {
      at: isoDateTime(this.now()),
      method,
      path: maskPath(path),
      credential: isTokenExchange ? 'token-exchange' : presentedCredential(req.headers, this.credentials),
      status: null,
      res,
    };
    this.entries.push(entry);
    res.once('close', () => {
      entry.status = answeredStatus(res);
      entry.res = null;
    });
  }

  list(): RequestLogEntry[] {
    return this.entries.toArray().map(({ at, method, path, credential, status, res }) => ({
      at,
      method,
      path,
      credential,
      status: res ? answeredStatus(res) : status,
    }));
  }

  /** POSTs to the token endpoint since start, whatever their outcome (not bounded by the log). */
  tokenExchanges(): number {
    return this.exchanges;
  }
}

function answeredStatus(res: ServerResponse): number | null {
  return res.headersSent ? res.statusCode : null;
}

/** A PDF link's token works like a presigned URL's signature: it stays out of the log. */
function maskPath(path: string): string {
  if (!path.startsWith(PDF_ROUTE_PREFIX)) return path;
  const rest = path.slice(PDF_ROUTE_PREFIX.length);
  const slash = rest.indexOf('/');
  return `${PDF_ROUTE_PREFIX}***${slash >= 0 ? rest.slice(slash) : ''}`;
}
