// What the app says of its own files (one set aside at start, a change that could not be
// saved) in main's language. A file's problem is found before main knows its language (the
// choice lives in the settings), so it is worded when it is shown, not when it was found.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../../i18n/paraglide/runtime.js';
import { DataWriteError } from '../../../../main/core/data-files';
import { openReceiptStore } from '../../../../main/core/decisions';
import { openOutboxFile } from '../../../../main/core/decisions/outbox-file';
import { createSilentLogger } from '../../../../main/core/log/logger';
import { createJsonSettingsStore } from '../../../../main/core/settings-and-secrets';
import { openSnoozeFile } from '../../../../main/core/snooze/snooze-file';

const ENGLISH = /\b(the|file|could|not|read|held|unreadable|kept|save|disk|full|nothing|changed)\b/i;
const dirs: string[] = [];
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'qd-data-words-'));
  dirs.push(dir);
  return dir;
}
const now = () => Date.parse('2026-03-02T09:00:00Z');

describe('the data files’ words in main’s language', () => {
  afterEach(() => {
    setLocale('en', { reload: false });
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('words a settings file set aside at start in the language chosen afterwards', () => {
    const dir = folder();
    writeFileSync(join(dir, 'settings.json'), '{"language": "de", "accounts": [');
    const settings = createJsonSettingsStore({ folder: dir, now });
    expect(settings.problems()[0]!.reason).toBe('The settings file is not valid JSON; it may have been cut short by a full disk or a crash.');
    setLocale('de', { reload: false });
    expect(settings.problems()[0]!.reason).toBe(
      'Die Einstellungsdatei ist kein gültiges JSON; der Inhalt wurde möglicherweise durch eine volle Festplatte oder einen Absturz abgeschnitten.',
    );
    setLocale('ar', { reload: false });
    expect(settings.problems()[0]!.reason).toContain('ملف الإعدادات');
    expect(settings.problems()[0]!.reason.replace('JSON', '')).not.toMatch(ENGLISH);
  });

  it('counts unreadable snoozes and decisions in German, and in Arabic with its dual', () => {
    const dir = folder();
    writeFileSync(join(dir, 'snoozes.json'), JSON.stringify({ 'q-1': { bad: true }, 'q-2': 5 }));
    writeFileSync(join(dir, 'outbox.json'), JSON.stringify({ entries: [1, 2, 3] }));
    const snoozes = openSnoozeFile(join(dir, 'snoozes.json'), { logger: createSilentLogger(), now });
    const outbox = openOutboxFile({ path: join(dir, 'outbox.json'), now });
    setLocale('de', { reload: false });
    expect(snoozes.problem?.reason).toBe('Die Datei der zurückgestellten Angebote enthielt 2 unlesbare Zurückstellungen; die übrigen wurden behalten.');
    expect(outbox.problem()?.reason).toBe('Die Datei der Entscheidungen, die auf den Versand warten, enthielt 3 unlesbare Einträge; sie wurden nicht gesendet.');
    setLocale('ar', { reload: false });
    expect(snoozes.problem?.reason).toBe('كان في ملف عروض الأسعار المؤجلة تأجيلان تتعذّر قراءتهما؛ احتُفظ بالبقية.');
    expect(outbox.problem()?.reason).not.toMatch(ENGLISH);
  });

  it('words a damaged receipts file and a change that could not be saved in German and in Arabic', () => {
    const dir = folder();
    writeFileSync(join(dir, 'decision-receipts.json'), JSON.stringify({ receipts: 'none' }));
    const receipts = openReceiptStore({ path: join(dir, 'decision-receipts.json'), logger: createSilentLogger(), now });
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    setLocale('de', { reload: false });
    expect(receipts.problem()?.reason).toBe('Die Datei der Entscheidungsbelege enthält keine Liste von Belegen.');
    const german = DataWriteError.from(full, '/data/settings.json', 'write');
    expect(german.message).toBe('/data/settings.json konnte nicht gespeichert werden: die Festplatte ist voll. Es wurde nichts geändert: Die vorherige Version wurde beibehalten.');
    expect(german.language).toBe('de');
    setLocale('ar', { reload: false });
    const arabic = DataWriteError.from(full, '/data/settings.json', 'sync-folder');
    expect(arabic.message).toBe('تعذّر حفظ \u2066/data/settings.json\u2069: القرص ممتلئ. أُجري التغيير لكنه قد لا يصمد أمام انقطاع التيار الكهربائي.');
    expect(DataWriteError.shortWrite('/data/x.json', 10, 20).message.replace('/data/x.json', '')).not.toMatch(ENGLISH);
    expect(receipts.problem()?.reason).not.toMatch(ENGLISH);
  });
});
