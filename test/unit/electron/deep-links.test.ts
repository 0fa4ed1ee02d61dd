import { describe, expect, it } from 'vitest';
import type { Route } from '../../../preload/contract';
import { parseDeepLink } from '../../../main/core/links/deep-links';
import { createDeepLinkRouter, registerDeepLinks } from '../../../main/electron/deep-links';
import type { DeepLinkApp } from '../../../main/electron/deep-links';
import { createRecordingLogger } from '../../helpers/recording-logger';

const QUOTE = '6f1c2d3e-4b5a-4c6d-8e7f-1a2b3c4d5e6f';
const LINK = `quotedesk://quote/acc-1/${QUOTE}`;

/** A stand-in for Electron's app: records the protocol registration and lets a test fire its events. */
function fakeApp(registers = true) {
  const listeners = new Map<string, (...args: unknown[]) => void>();
  const registrations: unknown[][] = [];
  const app = {
    setAsDefaultProtocolClient: (...args: unknown[]) => (registrations.push(args), registers),
    on: (event: string, listener: (...args: unknown[]) => void) => {
      listeners.set(event, listener);
      return app;
    },
  };
  return { app: app as unknown as DeepLinkApp, listeners, registrations };
}

function setup(options: { argv?: string[]; defaultApp?: boolean; registers?: boolean } = {}) {
  const logger = createRecordingLogger();
  const routes: Route[] = [];
  const focused: string[] = [];
  const router = createDeepLinkRouter({ parse: (link) => parseDeepLink(link, { isKnownAccount: (id) => id === 'acc-1' }), navigate: (route) => routes.push(route), logger });
  const { app, listeners, registrations } = fakeApp(options.registers);
  registerDeepLinks(app, router, {
    argv: options.argv ?? ['/opt/Quotedesk/quotedesk'],
    defaultApp: options.defaultApp ?? false,
    execPath: '/opt/Quotedesk/quotedesk',
    logger,
    onSecondInstance: () => focused.push('focus'),
  });
  return { router, routes, focused, logger, listeners, registrations };
}

describe('deep links in the desktop app', () => {
  it('registers quotedesk:// (with the entry script when unpackaged) and warns when the system refuses', () => {
    expect(setup().registrations).toEqual([['quotedesk']]);
    expect(setup({ defaultApp: true, argv: ['/usr/bin/electron', 'out/main/index.js'] }).registrations).toEqual([
      ['quotedesk', '/opt/Quotedesk/quotedesk', [expect.stringMatching(/out\/main\/index\.js$/)]],
    ]);
    expect(setup({ registers: false }).logger.text()).toMatch(/could not register/);
  });

  it('routes a second launch\'s link and a macOS open-url to the quote, focusing the window', () => {
    const { router, routes, focused, listeners } = setup();
    router.ready();
    listeners.get('second-instance')!({}, ['/opt/Quotedesk/quotedesk', '--no-sandbox', LINK], '/home');
    let prevented = false;
    listeners.get('open-url')!({ preventDefault: () => (prevented = true) }, 'quotedesk://inbox/acc-1');
    expect(focused).toEqual(['focus']);
    expect(prevented).toBe(true);
    expect(routes).toEqual([
      { view: 'quote', accountId: 'acc-1', quoteId: QUOTE },
      { view: 'inbox', accountId: 'acc-1', quoteIds: [] },
    ]);
  });

  it('keeps a link that arrives during launch until the app is ready', () => {
    const { router, routes } = setup({ argv: ['/opt/Quotedesk/quotedesk', LINK] });
    expect(routes).toEqual([]);
    router.ready();
    expect(routes).toEqual([{ view: 'quote', accountId: 'acc-1', quoteId: QUOTE }]);
  });

  it('ignores a hostile or unknown link with one log line and never acts on it', () => {
    const { router, routes, logger, listeners } = setup();
    router.ready();
    listeners.get('second-instance')!({}, ['/opt/Quotedesk/quotedesk', `quotedesk://quote/..%2F..%2Fetc/${QUOTE}`], '/home');
    listeners.get('open-url')!({ preventDefault: () => undefined }, `quotedesk://quote/acc-2/${QUOTE}`);
    expect(routes).toEqual([]);
    expect(logger.lines.map((line) => [line.message, line.fields?.reason])).toEqual([
      ['quotedesk link ignored', expect.stringMatching(/percent-encoded/)],
      ['quotedesk link ignored', 'unknown account'],
    ]);
    expect(logger.text()).not.toContain('etc');
  });
});
