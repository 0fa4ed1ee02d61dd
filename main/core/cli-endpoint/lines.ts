// JSON lines over a stream socket, bounded: a peer that sends a line longer than the bound (or
// never ends one) is refused before its bytes pile up in memory. Both sides read with this.
import type { Socket } from 'node:net';

export class FrameTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`a message over ${limit} bytes`);
    this.name = 'FrameTooLargeError';
  }
}

/**
 * Calls `onLine` with each complete line (without its newline), in order. Calls `onOversize`
 * once, and stops reading, when a line grows past `maxBytes`. Returns the stop function.
 */
export function readLines(socket: Socket, maxBytes: number, onLine: (line: string) => void, onOversize: (error: FrameTooLargeError) => void): () => void {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let stopped = false;
  const onData = (chunk: Buffer) => {
    let start = 0;
    for (let newline = chunk.indexOf(10, start); newline !== -1 && !stopped; newline = chunk.indexOf(10, start)) {
      if (pendingBytes + newline - start > maxBytes) return oversize();
      const line = Buffer.concat([...pending, chunk.subarray(start, newline)]).toString('utf8');
      pending = [];
      pendingBytes = 0;
      start = newline + 1;
      onLine(line);
    }
    if (stopped || start >= chunk.length) return;
    pendingBytes += chunk.length - start;
    if (pendingBytes > maxBytes) return oversize();
    pending.push(chunk.subarray(start));
  };
  const stop = () => {
    stopped = true;
    pending = [];
    socket.off('data', onData);
  };
  const oversize = () => {
    stop();
    onOversize(new FrameTooLargeError(maxBytes));
  };
  socket.on('data', onData);
  return stop;
}

/** One value as one line. */
export function frame(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
