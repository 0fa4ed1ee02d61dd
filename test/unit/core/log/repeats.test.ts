import { describe, expect, it } from 'vitest';
import { createJsonLogger, createRedactor } from '../../../../main/core/log';
import { createFakeClock } from '../../../helpers/fake-clock';

function capture(perWindow = 3) {
  const clock = createFakeClock();
  const lines: string[] = [];
  const logger = createJsonLogger({ sink: { write: (line: string) => lines.push(line) }, redactor: createRedactor(), clock, repeats: { perWindow } });
  return { clock, logger, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('repeated identical lines', () => {
  it('writes the first few in a minute, then one line saying how many more there were', () => {
    const { clock, logger, parsed } = capture(3);
    for (let i = 0; i < 50; i += 1) {
      logger.error('could not save settings', { reason: 'the disk is full' });
      clock.advance(500);
    }
    expect(parsed()).toHaveLength(3);
    clock.advance(60_000);
    logger.info('sync finished');
    const lines = parsed();
    expect(lines).toHaveLength(5);
    expect(lines[3]).toMatchObject({ level: 'error', message: 'could not save settings (repeated 47 more times)', reason: 'the disk is full', repeated: 47 });
    expect(lines[4]).toMatchObject({ message: 'sync finished' });
  });

  it('counts lines with different fields or levels apart', () => {
    const { logger, parsed } = capture(2);
    for (let i = 0; i < 5; i += 1) {
      logger.warn('request failed', { accountId: 'a1' });
      logger.warn('request failed', { accountId: 'a2' });
      logger.error('request failed', { accountId: 'a1' });
    }
    expect(parsed()).toHaveLength(6);
  });

  it('writes what it held back when the log closes, and starts afresh after a quiet minute', () => {
    const { clock, logger, parsed } = capture(1);
    logger.warn('retrying');
    logger.warn('retrying');
    clock.advance(61_000);
    logger.warn('retrying');
    logger.warn('retrying');
    logger.warn('retrying');
    logger.flush();
    expect(parsed().map((line) => line.message)).toEqual([
      'retrying',
      'retrying (repeated 1 more times)',
      'retrying',
      'retrying (repeated 2 more times)',
    ]);
  });
});
