// A data folder another Quotedesk holds is refused in the CLI's language: the holder, the
// remedy and browser mode's address in German or Arabic, the folder and process as they are.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataFolderForCli } from '../../../main/cli/data-folder-lock';
import { inLocale } from '../../../main/cli/locale';
import { report } from '../../../main/cli/report';
import { lockDataFolder } from '../../../main/core/data-files';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'qd-cli-lock-lang-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function refusalIn(locale: 'de' | 'ar'): string {
  const app = lockDataFolder(dir, { kind: 'web', releaseOnExit: false });
  app.setUrl('http://127.0.0.1:5173/');
  try {
    return inLocale(locale, () => {
      let printed = '';
      try {
        lockDataFolderForCli(dir);
      } catch (error) {
        expect(report(error, { write: (text: string) => (printed += text) }, false, null)).toBe(1);
      }
      return printed;
    });
  } finally {
    app.release();
  }
}

describe('a data folder in use, in the CLI’s language', () => {
  it('says it in German', () => {
    const printed = refusalIn('de');
    expect(printed).toContain(`Der Datenordner ${dir} wird von Quotedesk im Browsermodus (npm run web) verwendet (Prozess ${process.pid}, gestartet`);
    expect(printed).toContain('Schließen Sie es zuerst');
    expect(printed).toContain('Es ist unter http://127.0.0.1:5173/ geöffnet.');
    expect(printed).not.toMatch(/in use|Close it|It is open/);
  });

  it('says it in Arabic', () => {
    const printed = refusalIn('ar');
    expect(printed).toContain('مجلد البيانات');
    expect(printed).toContain('وضع المتصفح');
    expect(printed).toContain('وهو مفتوح على العنوان');
    expect(printed).not.toMatch(/in use|Close it|It is open|process|started/);
  });
});
