import { describe, expect, it } from 'vitest';
import { createShellOpener } from '../../../main/electron/opener';
import { navigationDecision } from '../../../main/electron/navigation';

describe('leaving the app page', () => {
  it("lets the window reload only the app's own page on app://quotedesk/", () => {
    for (const url of ['app://quotedesk/index.html', 'app://quotedesk/index.html?view=inbox', 'app://quotedesk/index.html#/accounts']) {
      expect(navigationDecision(url), url).toBe('stay');
    }
    for (const url of ['app://quotedesk/assets/index.js', 'app://other/index.html', 'file:///opt/Quotedesk/resources/app.asar/out/renderer/index.html']) {
      expect(navigationDecision(url), url).toBe('deny');
    }
  });

  it('opens https links externally and drops everything else', () => {
    expect(navigationDecision('https://docs.example.com/quotes')).toBe('open-externally');
    for (const url of ['http://example.com', 'https://user:pw@example.com', 'file:///etc/passwd', 'javascript:alert(1)', 'quotedesk://quote/1', 'not a url', 'smb://host/share']) {
      expect(navigationDecision(url)).toBe('deny');
    }
  });

  it('the shell opener passes https links to account hosts and the allow-list to the system browser and refuses others', async () => {
    const opened: string[] = [];
    let baseUrls = ['https://quotes.example.com'];
    const opener = createShellOpener(
      {
        openExternal: async (url: string) => {
          opened.push(url);
        },
        openPath: async (path: string) => (path.endsWith('.pdf') ? '' : 'No application is registered for this file'),
      },
      { accountBaseUrls: async () => baseUrls },
    );
    await opener.openExternal('https://quotes.example.com/help');
    await opener.openExternal('https://www.locaria.com/');
    await expect(opener.openExternal('file:///etc/passwd')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(opener.openExternal('http://quotes.example.com/help')).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(opener.openExternal('https://collect-keys.example.net/')).rejects.toMatchObject({ code: 'invalid-input', message: expect.stringContaining('collect-keys.example.net') });
    await expect(opener.openExternal('app://quotedesk/index.html')).rejects.toMatchObject({ code: 'invalid-input' });
    baseUrls = [];
    await expect(opener.openExternal('https://quotes.example.com/help')).rejects.toMatchObject({ code: 'invalid-input' });
    expect(opened).toEqual(['https://quotes.example.com/help', 'https://www.locaria.com/']);
    await expect(opener.openPath('/tmp/quote.pdf')).resolves.toBeUndefined();
    await expect(opener.openPath('/tmp/quote.xyz')).rejects.toThrow('No application is registered for this file');
  });
});
