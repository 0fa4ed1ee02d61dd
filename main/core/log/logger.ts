import type { Clock, LogFields, Logger } from '../ports';
import { systemClock } from '../ports';
import { createRepeatLimiter } from './repeat-limiter';
import type { RepeatLimit } from './repeat-limiter';
import { globalRedactor } from './redact';
import type { Redactor } from './redact';
import { createRotatingFileSink } from './rotating-file';
import type { RotatingFileOptions } from './rotating-file';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A Logger that can be told secret values at runtime, so they are masked in every line. */
export interface RedactingLogger extends Logger {
  redact(value: string | null | undefined): void;
  /** Writes the "repeated N times" lines still held back (at close). */
  flush?(): void;
}

/** Where the JSON lines go: anything with a `write(string)` (a stream, a test buffer). */
export interface LineSink {
  write(line: string): unknown;
}

export interface JsonLoggerOptions {
  sink: LineSink;
  level?: LogLevel;
  redactor?: Redactor;
  clock?: Clock;
  /** Fields added to every line, e.g. { component: 'sync' }. */
  base?: LogFields;
  /** How often one identical line (same level, message and fields) is written a minute; the rest collapse into one "repeated N times" line. Default 10 a minute; false writes every one. */
  repeats?: RepeatLimit | false;
}

/** One JSON object per line: { time, level, message, ...fields }, secrets masked, repeats collapsed. */
export function createJsonLogger(options: JsonLoggerOptions): RedactingLogger & { flush(): void } {
  const redactor = options.redactor ?? globalRedactor;
  const clock = options.clock ?? systemClock;
  const threshold = LEVEL_RANK[options.level ?? 'info'];
  const limiter = options.repeats === false ? null : createRepeatLimiter(options.repeats ?? {}, clock);

  function emit(line: Record<string, unknown>): void {
    try {
      options.sink.write(`${JSON.stringify(line)}\n`);
    } catch {
      // A log line that cannot be written (closed stream, full disk) must not take the app down.
    }
  }

  function write(level: LogLevel, message: string, fields?: LogFields): void {
    if (LEVEL_RANK[level] < threshold) return;
    const safeFields = redactor.fields({ ...options.base, ...fields }) as LogFields;
    const safeMessage = redactor.string(message);
    const time = new Date(clock.now()).toISOString();
    if (!limiter) return emit({ time, level, message: safeMessage, ...safeFields });
    for (const line of limiter.offer({ level, message: safeMessage, fields: safeFields })) emit(line);
  }

  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    redact: (value) => redactor.add(value),
    flush: () => limiter?.flush().forEach(emit),
  };
}

export interface FileLoggerOptions extends Omit<JsonLoggerOptions, 'sink'>, Omit<RotatingFileOptions, 'now'> {}

/**
 * JSON lines appended to a file readable only by its owner (logs may name accounts),
 * rotated by size: `<name>`, `<name>.1` ... `<name>.<keep>`.
 */
export function createFileLogger(path: string, options: FileLoggerOptions = {}): RedactingLogger & { close(): Promise<void> } {
  const clock = options.clock ?? systemClock;
  const sink = createRotatingFileSink(path, { maxBytes: options.maxBytes, keep: options.keep, fs: options.fs, now: () => clock.now() });
  const logger = createJsonLogger({ ...options, sink });
  return {
    ...logger,
    close: async () => {
      logger.flush();
      sink.close();
    },
  };
}

/** Drops every line; still records secret values so code that calls redact() works unchanged. */
export function createSilentLogger(): RedactingLogger {
  const ignore = () => undefined;
  return { debug: ignore, info: ignore, warn: ignore, error: ignore, redact: (value) => globalRedactor.add(value) };
}

/** Registers a secret with the logger when it can take one (a plain Logger port cannot). */
export function registerSecret(logger: Logger, value: string | null | undefined): void {
  globalRedactor.add(value);
  if ('redact' in logger && typeof logger.redact === 'function') (logger as RedactingLogger).redact(value);
}
