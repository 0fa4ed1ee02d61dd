// What EventLog.open keeps of the log's history while it reads it line by line: the keys
// dedupe remembers (bounded by its count), the events still waiting for their processed
// marker, and the latest `recentLimit` events for the inspector. Every other event is let go
// as soon as its marker is read, so the memory a start takes follows those bounds, not the
// length of the history on disk (a 273 MB log once took 760 MiB to open).
import type { Line } from './event-log-file';

/** A verified delivery as the log keeps it: the raw bytes, so a replay is exactly what arrived. */
export interface LoggedEvent {
  /** deliveryKey(accountId, body): the envelope has no id, and the service's retries resend the same bytes. */
  key: string;
  accountId: string;
  /** Milliseconds since the epoch. */
  receivedAt: number;
  event: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Which file a line came from: it decides the generation of an unmarked event it holds. */
export type HistoryFile = 'rotated' | 'next' | 'live';

interface Held {
  event: LoggedEvent;
  caused: string | null;
  /** Its marker was read. */
  marked: boolean;
  /** The file of its newest copy: where it lives now. */
  file: HistoryFile;
}

export interface HistoryLimits {
  maxKeys: number;
  recentLimit: number;
}

export class LogHistory {
  /** Every key read, oldest first, with when it arrived; at most maxKeys (the oldest go first). */
  readonly seen = new Map<string, number>();
  /** Read but not marked, in the order first read. */
  private readonly unmarked = new Map<string, Held>();
  /** The latest recentLimit events, oldest first. */
  private readonly latest = new Map<string, Held>();

  constructor(private readonly limits: HistoryLimits) {}

  add(line: Line, file: HistoryFile): void {
    if (line.t === 'done') {
      const held = this.unmarked.get(line.key) ?? this.latest.get(line.key);
      if (held === undefined) return;
      held.marked = true;
      held.caused = line.caused;
      this.unmarked.delete(line.key);
      return;
    }
    // A later copy (a rotation carried it forward): the newest copy's file says where it lives
    // now; the first copy's place keeps the order.
    const known = this.unmarked.get(line.key) ?? this.latest.get(line.key);
    if (known !== undefined) {
      known.file = file;
      return;
    }
    // Read before, marked, and no longer held: nothing left to do for it.
    if (this.seen.has(line.key)) return;
    const held: Held = {
      event: { key: line.key, accountId: line.account, receivedAt: line.at, event: line.event, headers: line.headers, body: Buffer.from(line.body, 'base64') },
      caused: null,
      marked: false,
      file,
    };
    this.unmarked.set(line.key, held);
    this.latest.set(line.key, held);
    if (this.latest.size > this.limits.recentLimit) this.latest.delete(this.latest.keys().next().value!);
    this.seen.set(line.key, line.at);
    if (this.seen.size > this.limits.maxKeys) this.seen.delete(this.seen.keys().next().value!);
  }

  /** A rotation cut short between its renames: the carried events' file became the live one. */
  promoteNext(): void {
    for (const held of this.unmarked.values()) if (held.file === 'next') held.file = 'live';
  }

  /** How many events (with their bodies) are held: at most the unmarked ones and recentLimit more. */
  get held(): number {
    let count = this.latest.size;
    for (const key of this.unmarked.keys()) if (!this.latest.has(key)) count += 1;
    return count;
  }

  /** Logged but never marked processed, in the order first read, with the file holding each. */
  pending(): Array<{ event: LoggedEvent; file: HistoryFile }> {
    return [...this.unmarked.values()].map(({ event, file }) => ({ event, file }));
  }

  /** The latest events, oldest first, with what each caused when it was processed. */
  recent(): Array<{ event: LoggedEvent; caused: string | null }> {
    return [...this.latest.values()].map(({ event, caused }) => ({ event, caused }));
  }
}
