import { describe, expect, it } from 'vitest';
import { DEFAULT_SYNC_OPTIONS, SYNC_INTERVAL_SETTING, syncIntervalMs } from '../../../../main/core/sync';
import { createMemorySettingsStore } from '../../../helpers/stores';
import { createRecordingLogger } from '../../../helpers/recording-logger';

describe('the sync interval setting', () => {
  it('is 5 minutes when not set', () => {
    expect(syncIntervalMs(createMemorySettingsStore(), createRecordingLogger())).toBe(5 * 60_000);
    expect(DEFAULT_SYNC_OPTIONS.intervalMs).toBe(5 * 60_000);
  });

  it('takes a number of minutes', () => {
    expect(syncIntervalMs(createMemorySettingsStore({ [SYNC_INTERVAL_SETTING]: 15 }), createRecordingLogger())).toBe(15 * 60_000);
    expect(syncIntervalMs(createMemorySettingsStore({ [SYNC_INTERVAL_SETTING]: 1.5 }), createRecordingLogger())).toBe(90_000);
  });

  it.each([0, -5, 100_000, Number.NaN, '10', null])('refuses %s with a warning and keeps the default', (value) => {
    const logger = createRecordingLogger();
    expect(syncIntervalMs(createMemorySettingsStore({ [SYNC_INTERVAL_SETTING]: value }), logger)).toBe(5 * 60_000);
    expect(logger.text()).toMatch(/sync interval setting/);
  });
});
