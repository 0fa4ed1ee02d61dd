import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuoteListItem } from '../../preload/contract';
import type { SimulatorCredentials } from '../../main/simulator/types';
import { startTsxProcess } from './web-host-process';

// The credentials file is the simulator's published format (--credentials-out).
export type { CompanyCredentials as SimulatorCompany, SimulatorCredentials } from '../../main/simulator/types';
/** A listed quote as the service sends it; the e2e tests compare it with what the UI shows. */
export type { QuoteListItem as ListedQuote } from '../../preload/contract';

export interface SimulatorProcess {
  credentials: SimulatorCredentials;
  /** GET /api/public/v1/quotes with the admin key: the service's own view of the data. */
  listQuotes(query: Record<string, string>): Promise<QuoteListItem[]>;
  /** POST /__operator/... with the admin key; resolves with `data` (undefined for 204). */
  operator(path: string, body?: unknown): Promise<unknown>;
  stop(): Promise<number | null>;
}

const READY = /Credentials \(admin key, API keys, client credentials\) written to /;

/** Runs `tsx main/simulator/main.ts` as `npm run sim` would, on a random port. */
export async function startSimulatorProcess(): Promise<SimulatorProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'quotedesk-e2e-sim-'));
  const file = join(dir, 'credentials.json');
  const removeDir = () => rm(dir, { recursive: true, force: true });
  try {
    const started = await startTsxProcess('the simulator', ['main/simulator/main.ts', '--port', '0', '--credentials-out', file], READY);
    let credentials: SimulatorCredentials;
    try {
      credentials = JSON.parse(await readFile(file, 'utf8')) as SimulatorCredentials;
    } catch (error) {
      await started.stop();
      throw error;
    }
    const headers = { 'Api-key': credentials.adminApiKey, 'Content-Type': 'application/json' };
    return {
      credentials,
      listQuotes: async (query) => {
        const response = await fetch(`${credentials.baseUrl}/api/public/v1/quotes?${new URLSearchParams(query)}`, { headers });
        const body = (await response.json()) as { data?: QuoteListItem[] };
        if (!response.ok || !body.data) throw new Error(`Listing quotes failed with HTTP ${response.status}`);
        return body.data;
      },
      operator: async (path, body) => {
        const response = await fetch(`${credentials.baseUrl}/__operator${path}`, {
          method: 'POST',
          headers,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (!response.ok) throw new Error(`Operator POST ${path} failed with HTTP ${response.status}: ${await response.text()}`);
        if (response.status === 204) return undefined;
        return ((await response.json()) as { data: unknown }).data;
      },
      stop: async () => {
        const code = await started.stop();
        await removeDir();
        return code;
      },
    };
  } catch (error) {
    await removeDir();
    throw error;
  }
}
