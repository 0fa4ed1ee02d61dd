// Request bodies: capped, and parsed as JSON with a clear 400 when they are not.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './reply';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      reject(tooLarge(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
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
