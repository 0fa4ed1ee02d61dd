import type { ServerResponse } from 'node:http';

// Misbehaving answers for the fake service's custom routes. Each is bounded, so a client
// that fails to cut one short still finishes (and its test fails instead of hanging).

/** Sends `head`, then `filler` every `everyMs` (at most `times` times), then `tail`. */
export function trickle(res: ServerResponse, options: { status?: number; contentType?: string; head: string; filler: string; everyMs: number; times: number; tail: string }): void {
  res.writeHead(options.status ?? 200, { 'content-type': options.contentType ?? 'application/json' });
  res.write(options.head);
  let sent = 0;
  const timer = setInterval(() => {
    if (sent++ < options.times) {
      res.write(options.filler);
      return;
    }
    clearInterval(timer);
    res.end(options.tail);
  }, options.everyMs);
  res.on('close', () => clearInterval(timer));
}

/** An answer whose body keeps coming as fast as the client reads it, up to `maxBytes`. */
export function flood(res: ServerResponse, status: number, maxBytes: number): { bytesSent(): number } {
  res.writeHead(status, { 'content-type': 'text/plain' });
  const chunk = Buffer.alloc(16 * 1024, 'x');
  let sent = 0;
  let closed = false;
  res.on('close', () => (closed = true));
  const pump = () => {
    while (!closed && sent < maxBytes) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!closed) res.end();
  };
  pump();
  return { bytesSent: () => sent };
}

/** Raw bytes that are not valid HTTP, written past Node's own response handling. */
export function malformed(res: ServerResponse, raw = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: zz\r\n\r\n{}'): void {
  res.socket?.end(raw);
}
