// Demo mode: the simulator on a random loopback port, one client account draft per seeded
// company (alternating the two credential mechanisms so demo mode exercises both), and one
// internal account over the admin key, which sees every company's stored statuses.
import type { AccountDraft } from '../../preload/contract';
import type { Simulator } from './index';
import { startSimulator } from './index';
import { QUOTES_MAX, QUOTES_MIN } from './seed/generate';

export const DEMO_SEED = 7;
export const DEMO_QUOTES = 120;
/** Demo mode at scale (a large account's inbox, benchmarks through a host): QUOTEDESK_DEMO_QUOTES=100000. */
export const DEMO_QUOTES_VARIABLE = 'QUOTEDESK_DEMO_QUOTES';

/** The demo's number of quotes: the variable when set, else DEMO_QUOTES; a malformed value is an error, not a silent default. */
export function demoQuotes(environment: NodeJS.ProcessEnv = process.env): number {
  const value = environment[DEMO_QUOTES_VARIABLE];
  if (value === undefined || value === '') return DEMO_QUOTES;
  const parsed = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(parsed) || parsed < QUOTES_MIN || parsed > QUOTES_MAX) {
    throw new RangeError(`${DEMO_QUOTES_VARIABLE} must be an integer from ${QUOTES_MIN} to ${QUOTES_MAX}, got "${value}"`);
  }
  return parsed;
}

export async function startDemo(options: { seed?: number; quotes?: number } = {}): Promise<{ simulator: Simulator; drafts: AccountDraft[]; trustWebhookCa(pem: string): void }> {
  const simulator = await startSimulator({ port: 0, seed: options.seed ?? DEMO_SEED, quotes: options.quotes ?? demoQuotes() });
  const drafts = simulator.credentials.companies.map((company, index): AccountDraft => ({
    name: company.name,
    environment: 'custom',
    baseUrl: simulator.baseUrl,
    access: 'client',
    credentials:
      index % 2 === 0
        ? { mechanism: 'api-key', apiKey: company.apiKey }
        : { mechanism: 'client-credentials', clientId: company.clientId, clientSecret: company.clientSecret },
  }));
  drafts.push({
    name: 'All companies (internal key)',
    environment: 'custom',
    baseUrl: simulator.baseUrl,
    access: 'internal',
    credentials: { mechanism: 'api-key', apiKey: simulator.credentials.adminApiKey },
  });
  // The core's loopback HTTPS webhook tunnel has a self-signed certificate made at its start.
  return { simulator, drafts, trustWebhookCa: (pem) => simulator.trustWebhookCa(pem) };
}
