// Demo mode: the simulator on a random loopback port, one client account draft per seeded
// company (alternating the two credential mechanisms so demo mode exercises both), and one
// internal account over the admin key, which sees every company's stored statuses.
import type { AccountDraft } from '../../preload/contract';
import type { Simulator } from './index';
import { startSimulator } from './index';

export const DEMO_SEED = 7;
export const DEMO_QUOTES = 120;

export async function startDemo(options: { seed?: number; quotes?: number } = {}): Promise<{ simulator: Simulator; drafts: AccountDraft[]; trustWebhookCa(pem: string): void }> {
  const simulator = await startSimulator({ port: 0, seed: options.seed ?? DEMO_SEED, quotes: options.quotes ?? DEMO_QUOTES });
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
