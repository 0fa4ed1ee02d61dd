import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Clock, LogFields, Logger } from '../ports';
import { systemClock } from '../ports';
import { globalRedactor } from './redact';
import type { Redactor } from './redact';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** A Logger that can be told secret values at runtime, so they are masked in every line. */
export interface RedactingLogger extends Logger {
  redact(value: string | null | undefined): void;
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
}

/** One JSON object per line: { time, level, message, ...fields }, secrets masked. */
export function createJsonLogger(options: JsonLoggerOptions): RedactingLogger {
  const redactor = options.redactor ?? globalRedactor;
  const clock = options.clock ?? systemClock;
  const threshold = LEVEL_RANK[options.level ?? 'info'];

  function write(level: LogLevel, message: string, fields?: LogFields): void {
    if (LEVEL_RANK[level] < threshold) return;
    const safeFields = redactor.fields({ ...options.base, ...fields }) as LogFields;
    const line = { time: new Date(clock.now()).toISOString(), level, message: redactor.string(message), ...safeFields };
    try {
      options.sink.write(`${JSON.stringify(line)}\n`);
    } catch {
      // A log line that cannot be written (closed stream, full disk) must not take the app down.
    }
  }

  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
    redact: (value) => redactor.add(value),
  };
}

/** JSON lines appended to a file readable only by its owner (logs may name accounts). */
export function createFileLogger(path: string, options: Omit<JsonLoggerOptions, 'sink'> = {}): RedactingLogger & { close(): Promise<void> } {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const stream = createWriteStream(path, { flags: 'a', mode: 0o600 });
  stream.on('error', () => {
    // Same as above: logging failures are never fatal.
  });
  const logger = createJsonLogger({ ...options, sink: stream });
  return {
    ...logger,
    close: () => new Promise<void>((resolve) => stream.end(resolve)),
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
