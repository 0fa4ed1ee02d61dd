import type { z } from 'zod';
import type { logoMethods } from '../../../preload/contract/bridge/inbox';
import type { QuoteCache } from '../cache';
import type { LogoCache } from './logo-cache';

type Methods = typeof logoMethods;
export type LogoHandlers = {
  [M in keyof Methods]: (input: z.output<Methods[M]['input']>) => Promise<z.output<Methods[M]['output']>>;
};

/**
 * A quote's company logo. The address comes from the cached details, never from the
 * renderer, so the bridge cannot be used to make the core fetch anything else.
 */
export function createLogoHandlers(deps: {
  cache: Pick<QuoteCache, 'get'>;
  logos: LogoCache;
  /** The account's base URL: a logo on its own service is fetched as it is (demo mode's are on loopback). */
  serviceBaseUrl: (accountId: string) => Promise<string | null>;
}): LogoHandlers {
  return {
    async 'quotes.logo'({ accountId, quoteId }) {
      const url = deps.cache.get(accountId, quoteId)?.details?.company.logo?.url;
      return { src: url ? await deps.logos.dataUrl(url, await deps.serviceBaseUrl(accountId)) : null };
    },
  };
}
