import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../../../main/electron/sender';
import type { FrameLike, SenderEventLike, TrustedRenderer } from '../../../main/electron/sender';

const rendererUrl = 'app://quotedesk/index.html';
const mainFrame: FrameLike = { processId: 4, routingId: 1, url: rendererUrl, parent: null };
const trusted: TrustedRenderer = { webContentsId: 12, mainFrame };

function event(frame: FrameLike | null, webContentsId = 12): SenderEventLike {
  return { sender: { id: webContentsId }, senderFrame: frame };
}

describe('IPC sender check', () => {
  it("accepts the app window's own main frame on the app's page, whatever its query or fragment", () => {
    expect(isTrustedSender(event(mainFrame), trusted)).toBe(true);
    expect(isTrustedSender(event({ ...mainFrame, url: `${rendererUrl}#/accounts` }), trusted)).toBe(true);
    expect(isTrustedSender(event({ ...mainFrame, url: `${rendererUrl}?view=inbox` }), trusted)).toBe(true);
  });

  it('refuses a subframe, even one showing the app page in the same window', () => {
    const subframe: FrameLike = { processId: 4, routingId: 7, url: rendererUrl, parent: mainFrame };
    expect(isTrustedSender(event(subframe), trusted)).toBe(false);
  });

  it('refuses another frame that claims to be top-level', () => {
    expect(isTrustedSender(event({ ...mainFrame, routingId: 2 }), trusted)).toBe(false);
    expect(isTrustedSender(event({ ...mainFrame, processId: 5 }), trusted)).toBe(false);
  });

  it('refuses the main frame once it shows a page other than app://quotedesk/index.html', () => {
    for (const url of [
      'https://evil.example/index.html',
      // The renderer is no longer loaded from file://: the old page address is foreign now.
      'file:///opt/Quotedesk/resources/app.asar/out/renderer/index.html',
      'app://evil/index.html',
      'app://quotedesk/assets/index.js',
      'app://quotedesk/other.html',
      'app://user@quotedesk/index.html',
      'quotedesk://quotedesk/index.html',
      'http://quotedesk/index.html',
      '',
    ]) {
      expect(isTrustedSender(event({ ...mainFrame, url }), trusted), url).toBe(false);
    }
  });

  it('refuses another window and a frame that is gone', () => {
    expect(isTrustedSender(event(mainFrame, 13), trusted)).toBe(false);
    expect(isTrustedSender(event(null), trusted)).toBe(false);
  });
});
