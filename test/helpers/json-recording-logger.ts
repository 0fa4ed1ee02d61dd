import { createJsonLogger } from '../../main/core/log';
import type { RedactingLogger } from '../../main/core/log';

/** A JSON-lines logger whose lines are kept for assertions. */
export function createRecordingLogger(): RedactingLogger & { lines: string[]; text(): string } {
  const lines: string[] = [];
  const logger = createJsonLogger({ sink: { write: (line: string) => lines.push(line) }, level: 'debug' });
  return { ...logger, lines, text: () => lines.join('') };
}
