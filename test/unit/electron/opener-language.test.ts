// The desktop opener's refusals name the language they were said in, like every core refusal,
// so a window speaking another language words them by their code instead of showing them.
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n/paraglide/runtime.js';
import { createShellOpener } from '../../../main/electron/opener';

afterEach(() => void setLocale('en', { reload: false }));

describe('the shell opener’s refusals', () => {
  const opener = createShellOpener({ openPath: async () => 'no application is registered for .xyz', openExternal: async () => undefined }, { accountBaseUrls: async () => [] });

  it('refuses a plain-http link in German, naming German', async () => {
    setLocale('de', { reload: false });
    await expect(opener.openExternal('http://quotes.example.com/')).rejects.toMatchObject({ code: 'invalid-input', language: 'de', message: expect.stringContaining('Es werden nur sichere Links') });
  });

  it('says a file that could not be opened in Arabic, naming Arabic', async () => {
    setLocale('ar', { reload: false });
    await expect(opener.openPath('/tmp/quote.xyz')).rejects.toMatchObject({ code: 'internal', language: 'ar' });
  });
});
