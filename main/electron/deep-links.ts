// quotedesk:// links from the system: a second launch (Windows and Linux pass the link on its
// command line), macOS's open-url, the first launch's own arguments, and notification clicks.
// Every link goes through the strict parser; a refused one is logged in one line and dropped.
// Links that arrive before the app is ready wait (the last one wins) and are routed then.
import { resolve } from 'node:path';
import type { App } from 'electron';
import type { Route } from '../../preload/contract';
import type { DeepLinkResult } from '../core/links/deep-links';
import { DEEP_LINK_SCHEME, deepLinkInArguments } from '../core/links/deep-links';
import type { Logger } from '../core/ports';

export interface DeepLinkRouter {
  /** Routes a link now, or once ready. */
  open(link: string, from: string): void;
  /** The app can route now (core, window): a link that waited is routed. */
  ready(): void;
}

export interface DeepLinkRouterOptions {
  parse(link: string): DeepLinkResult;
  /** Focus the window and show the route. */
  navigate(route: Route): void;
  logger: Logger;
}

export function createDeepLinkRouter(options: DeepLinkRouterOptions): DeepLinkRouter {
  let isReady = false;
  let waiting: { link: string; from: string } | null = null;

  function route(link: string, from: string): void {
    const result = options.parse(link);
    if (!result.ok) {
      // Never the link itself in full: it may be long or hostile. Its length and the reason do.
      options.logger.warn('quotedesk link ignored', { from, reason: result.reason, length: link.length });
      return;
    }
    options.navigate(result.route);
  }

  return {
    open(link, from) {
      if (isReady) route(link, from);
      else waiting = { link, from };
    },
    ready() {
      isReady = true;
      if (waiting) route(waiting.link, waiting.from);
      waiting = null;
    },
  };
}

export type DeepLinkApp = Pick<App, 'setAsDefaultProtocolClient' | 'on'>;

/**
 * Registers the app for quotedesk:// and feeds every way a link arrives into the router. Call
 * before the app is ready: macOS may deliver open-url during launch.
 */
export function registerDeepLinks(
  app: DeepLinkApp,
  router: DeepLinkRouter,
  options: { argv: readonly string[]; defaultApp: boolean; execPath: string; logger: Logger; onSecondInstance(): void },
): void {
  // An unpackaged run (electron .) must name the app's entry, or the OS would start bare Electron.
  const registered = options.defaultApp
    ? app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, options.execPath, options.argv[1] ? [resolve(options.argv[1])] : [])
    : app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  if (!registered) options.logger.warn('Quotedesk could not register itself for quotedesk:// links');

  app.on('open-url', (event, url) => {
    event.preventDefault();
    router.open(url, 'open-url');
  });
  app.on('second-instance', (_event, argv) => {
    options.onSecondInstance();
    const link = deepLinkInArguments(argv);
    if (link) router.open(link, 'second-instance');
  });
  const atLaunch = deepLinkInArguments(options.argv);
  if (atLaunch) router.open(atLaunch, 'launch');
}
