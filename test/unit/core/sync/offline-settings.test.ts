// How often sync runs and how much room cached PDFs take: read from the settings (bounded,
// so a hand-edited file cannot make sync hammer the service), changed from Settings.
import { describe, expect, it } from 'vitest';
import { createSyncHandlers } from '../../../../main/core/sync/bridge';
import { DEFAULT_SYNC_OPTIONS, PDF_LIMIT_SETTING, pdfLimitBytes, SYNC_INTERVAL_SETTING, syncIntervalMs } from '../../../../main/core/sync';
import { syncMethods } from '../../../../preload/contract/bridge/sync';
import { createControlledSettingsStore, createMemorySettingsStore } from '../../../helpers/stores';
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
    expect(logger.text()).toContain(SYNC_INTERVAL_SETTING);
  });
});

describe('the PDF room setting', () => {
  it('is 500 MB when not set or not a sane number of megabytes', () => {
    expect(pdfLimitBytes(createMemorySettingsStore(), createRecordingLogger())).toBe(500 * 1024 * 1024);
    expect(pdfLimitBytes(createMemorySettingsStore({ [PDF_LIMIT_SETTING]: 2000 }), createRecordingLogger())).toBe(2000 * 1024 * 1024);
    expect(pdfLimitBytes(createMemorySettingsStore({ [PDF_LIMIT_SETTING]: 1 }), createRecordingLogger())).toBe(500 * 1024 * 1024);
  });
});

describe('sync.settings and sync.setSettings', () => {
  function setup(initial: Record<string, unknown> = {}) {
    const settings = createControlledSettingsStore(initial);
    const intervals: number[] = [];
    const limits: number[] = [];
    const handlers = createSyncHandlers({
      sync: { state: () => { throw new Error('not used'); }, refresh: async () => [], setIntervalMs: (ms) => void intervals.push(ms) },
      accounts: { list: async () => [] },
      settings,
      pdfs: { usage: () => ({ files: 3, bytes: 3_000_000 }), setMaxBytes: async (bytes) => void limits.push(bytes) },
      logger: createRecordingLogger(),
    });
    // As the dispatcher calls them: input parsed, output checked against the contract.
    const set = async (input: unknown) => syncMethods['sync.setSettings'].output.parse(await handlers['sync.setSettings'](syncMethods['sync.setSettings'].input.parse(input)));
    return { settings, handlers, set, intervals, limits };
  }

  it('tells the settings in force and what the PDFs take now', async () => {
    const { handlers } = setup({ [SYNC_INTERVAL_SETTING]: 15 });
    expect(syncMethods['sync.settings'].output.parse(await handlers['sync.settings']())).toEqual({
      settings: { intervalMinutes: 15, pdfLimitMegabytes: 500 },
      pdfs: { files: 3, bytes: 3_000_000 },
    });
  });

  it('keeps a change and applies it at once: sync reschedules, less room evicts now', async () => {
    const { settings, set, intervals, limits } = setup();
    expect(await set({ intervalMinutes: 30 })).toMatchObject({ settings: { intervalMinutes: 30, pdfLimitMegabytes: 500 } });
    expect(intervals).toEqual([30 * 60_000]);
    expect(limits).toEqual([]);
    expect(await set({ pdfLimitMegabytes: 100 })).toMatchObject({ settings: { intervalMinutes: 30, pdfLimitMegabytes: 100 } });
    expect(limits).toEqual([100 * 1024 * 1024]);
    expect(settings.get(SYNC_INTERVAL_SETTING)).toBe(30);
    expect(settings.get(PDF_LIMIT_SETTING)).toBe(100);
  });

  it('refuses values out of bounds before anything changes', async () => {
    const { settings, set, intervals } = setup();
    await expect(set({ intervalMinutes: 0 })).rejects.toThrow();
    await expect(set({ pdfLimitMegabytes: 10 })).rejects.toThrow();
    await expect(set({ pdfLimitMegabytes: 10.5 })).rejects.toThrow();
    expect(intervals).toEqual([]);
    expect(settings.get(SYNC_INTERVAL_SETTING)).toBeUndefined();
  });

  it('changes nothing when the settings file cannot be written', async () => {
    const { settings, set, intervals } = setup();
    settings.failNext('set', new Error('The disk is full'));
    await expect(set({ intervalMinutes: 30 })).rejects.toThrow('The disk is full');
    expect(intervals).toEqual([]);
  });
});
