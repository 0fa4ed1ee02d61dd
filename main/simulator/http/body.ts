// Request bodies: capped, and parsed as JSON with a clear 400 when they are not.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply';

export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The body, up to `limit` bytes. Past the limit it stops reading and refuses with a 413
 * that closes the connection: the rest of an oversized body is never drained.
 */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    // A client that hangs up mid-body (or a request timeout) ends the request: no answer can be sent.
    req.on('error', () => reject(new ClientGone()));
    req.on('close', () => {
      if (!req.complete) reject(new ClientGone());
    });
  });
}

/** The client went away before its body was complete. */
export class ClientGone extends Error {
  constructor() {
    super('The client closed the connection before the body was complete');
    this.name = 'ClientGone';
  }
}

/** undefined for an empty body; a 400 for anything that is not JSON. */
export function parseJson(raw: Buffer): unknown {
  if (raw.length === 0 || raw.toString('utf8').trim() === '') return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, 'payload_too_large', `The request body exceeds ${limit} bytes`, { connection: 'close' });
}

/** The body as JSON, read on first call only: endpoints without a body never read one. */
export function lazyJsonBody(req: IncomingMessage): () => Promise<unknown> {
  let body: Promise<unknown> | undefined;
  return () => (body ??= readBody(req).then(parseJson));
}
