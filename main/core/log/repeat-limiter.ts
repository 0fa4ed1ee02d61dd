// A failure that repeats (a dead network retried every second, a full disk at every save)
// must not bury everything else in the log or fill the disk. The first few identical lines
// in a window are written; the rest are counted and written as one line, "repeated N more
// times", when the window ends (seen at the next line logged) or when the log closes.
import type { Clock, LogFields } from '../ports';

export interface RepeatLimit {
  /** Identical lines written per window before the rest are collapsed. Default 10. */
  perWindow?: number;
  /** Default one minute. */
  windowMs?: number;
  /** Distinct lines tracked at once; the oldest is let go first. Default 500. */
  maxTracked?: number;
}

export interface LogEntry {
  level: string;
  message: string;
  fields: LogFields;
}

interface Tracked extends LogEntry {
  windowStart: number;
  written: number;
  suppressed: number;
  lastSeen: number;
}

export interface RepeatLimiter {
  /** The lines to write now for this entry: itself, summaries of windows that ended, or nothing. */
  offer(entry: LogEntry): Record<string, unknown>[];
  /** Summaries of every window still holding back lines. */
  flush(): Record<string, unknown>[];
}

export function createRepeatLimiter(limit: RepeatLimit, clock: Clock): RepeatLimiter {
  const perWindow = limit.perWindow ?? 10;
  const windowMs = limit.windowMs ?? 60_000;
  const maxTracked = limit.maxTracked ?? 500;
  // Insertion order is window-start order: a window is only ever opened by adding an entry.
  const tracked = new Map<string, Tracked>();

  function summary(entry: Tracked): Record<string, unknown>[] {
    if (entry.suppressed === 0) return [];
    return [
      {
        time: new Date(entry.lastSeen).toISOString(),
        level: entry.level,
        message: `${entry.message} (repeated ${entry.suppressed} more times)`,
        ...entry.fields,
        repeated: entry.suppressed,
      },
    ];
  }

  function closeEndedWindows(now: number): Record<string, unknown>[] {
    const out: Record<string, unknown>[] = [];
    for (const [key, entry] of tracked) {
      if (now - entry.windowStart < windowMs) break;
      tracked.delete(key);
      out.push(...summary(entry));
    }
    return out;
  }

  return {
    offer(entry) {
      const now = clock.now();
      const out = closeEndedWindows(now);
      const key = `${entry.level}\u0000${entry.message}\u0000${JSON.stringify(entry.fields)}`;
      const line = { time: new Date(now).toISOString(), level: entry.level, message: entry.message, ...entry.fields };
      const known = tracked.get(key);
      if (!known) {
        tracked.set(key, { ...entry, windowStart: now, written: 1, suppressed: 0, lastSeen: now });
        if (tracked.size > maxTracked) {
          const [oldestKey, oldest] = tracked.entries().next().value!;
          tracked.delete(oldestKey);
          out.push(...summary(oldest));
        }
        out.push(line);
      } else if (known.written < perWindow) {
        known.written += 1;
        out.push(line);
      } else {
        known.suppressed += 1;
        known.lastSeen = now;
      }
      return out;
    },
    flush() {
      const out = [...tracked.values()].flatMap(summary);
      tracked.clear();
      return out;
    },
  };
}
