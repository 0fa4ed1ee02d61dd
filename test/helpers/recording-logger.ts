import type { LogFields, Logger } from '../../main/core/ports';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields | undefined;
}

/** A Logger that keeps its lines so a test can assert on what was (and was not) logged. */
export function createRecordingLogger(): Logger & { lines: LogLine[]; text(): string } {
  const lines: LogLine[] = [];
  const record = (level: LogLine['level']) => (message: string, fields?: LogFields) => {
    lines.push({ level, message, fields });
  };
  return {
    lines,
    text: () => lines.map((line) => `${line.level} ${line.message} ${JSON.stringify(line.fields ?? {})}`).join('\n'),
    debug: record('debug'),
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
  };
}
