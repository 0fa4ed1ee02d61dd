// What a route answers, before fault injection decides how (or whether) it is sent.
import type { ServerResponse } from 'node:http';

export interface Reply {
  status: number;
  /** A JSON body; omitted for 204. */
  body?: unknown;
  /** A non-JSON body (the PDF download). */
  binary?: { contentType: string; data: Uint8Array; fileName: string };
  headers?: Record<string, string>;
}

/** A request the simulator refuses: always a 4xx with `{success: false, error: {code, message}}`. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function ok(data: unknown, status = 200): Reply {
  return { status, body: { success: true, data } };
}

export function errorReply(status: number, code: string, message: string, headers: Record<string, string> = {}): Reply {
  return { status, body: { success: false, error: { code, message } }, headers };
}

export function writeReply(res: ServerResponse, reply: Reply, bodyOverride?: Buffer): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: Buffer | Uint8Array | undefined = bodyOverride;
  if (reply.binary) {
    headers['content-type'] = reply.binary.contentType;
    headers['content-disposition'] = `attachment; filename="${reply.binary.fileName}"`;
    payload ??= reply.binary.data;
  } else if (reply.body !== undefined) {
    headers['content-type'] = 'application/json; charset=utf-8';
    payload ??= Buffer.from(JSON.stringify(reply.body));
  }
  if (payload) headers['content-length'] = String(payload.length);
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/** The bytes a reply would send: fault injection needs them to cut or corrupt them. */
export function replyBytes(reply: Reply): Buffer {
  if (reply.binary) return Buffer.from(reply.binary.data);
  return Buffer.from(reply.body === undefined ? '' : JSON.stringify(reply.body));
}
