import { describe, expect, it } from 'vitest';
import { createSilentLogger } from '../../../main/core/log';
import { reportStartupFailure, startupFailureText, startupLocale } from '../../../main/electron/startup-failure';

describe('the start-up failure dialog', () => {
  it('speaks the first of the system languages Quotedesk has, before any setting is read', async () => {
    const shown: Array<{ title: string; content: string }> = [];
    let exitCode: number | null = null;
    const app = { exit: (code?: number) => void (exitCode = code ?? 0), getPreferredSystemLanguages: () => ['pt-BR', 'de-AT', 'en-US'] };
    await reportStartupFailure(
      { dialog: { showErrorBox: (title, content) => void shown.push({ title, content }) }, app, logger: createSilentLogger(), flushLog: async () => undefined, logPath: '/home/a/quotedesk.log' },
      'data-folder',
      new Error('EACCES: permission denied\nat somewhere'),
    );
    expect(exitCode).toBe(1);
    expect(shown).toEqual([
      {
        title: 'Quotedesk konnte nicht starten',
        content: 'Quotedesk wurde beim folgenden Schritt beendet: Vorbereiten des Datenordners.\n\nEACCES: permission denied\n\nEs wurde nichts gelöscht. Einzelheiten stehen im Protokoll:\n/home/a/quotedesk.log',
      },
    ]);
  });

  it('falls back to English when no system language is one of ours, or they cannot be read', () => {
    expect(startupLocale({ getPreferredSystemLanguages: () => ['pt-BR', 'ko'] })).toBe('en');
    expect(startupLocale({ getPreferredSystemLanguages: () => { throw new Error('not ready'); } })).toBe('en');
    expect(startupLocale({})).toBe('en');
    expect(startupLocale({ getPreferredSystemLanguages: () => ['ar-EG'] })).toBe('ar');
    expect(startupFailureText('settings', new Error('bad JSON'), '/log', 'en').content).toBe('Quotedesk stopped while reading the settings:\n\nbad JSON\n\nNothing was deleted. The log has the details:\n/log');
  });

  it('writes the whole dialog in Arabic, the path and the error as they are', () => {
    const { title, content } = startupFailureText('window', new Error('GPU process crashed'), '/log/quotedesk.log', 'ar');
    expect(title).toBe('تعذّر تشغيل Quotedesk');
    expect(content).toContain('فتح النافذة');
    expect(content).toContain('GPU process crashed');
    expect(content.replace(/Quotedesk|GPU process crashed|\/log\/quotedesk\.log/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
