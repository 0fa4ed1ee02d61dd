import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { residentNote } from '../../../main/electron/residency';

describe('the note about staying in the tray', () => {
  afterEach(() => void setLocale('en', { reload: false }));

  it('names where the tray icon is on each system, in the app language', () => {
    expect(residentNote('win32').body).toContain('the tray icon by the clock');
    setLocale('de', { reload: false });
    expect(residentNote('win32')).toEqual({ title: 'Quotedesk läuft weiter', body: expect.stringContaining('neben der Uhr') });
    expect(residentNote('linux').body).toContain('oberen Leiste');
    setLocale('ar', { reload: false });
    const arabic = residentNote('linux');
    expect(arabic.title).toBe('لا يزال Quotedesk قيد التشغيل');
    expect(`${arabic.title} ${arabic.body}`.replace(/Quotedesk/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
