// Two data folders with the same stored account of the embedded service, a real nats-server,
// and `quotedesk` run in process on either folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDataFolder } from '../../../../main/cli/data-folder';
import { runCli } from '../../../../main/cli';
import { createAccountsService } from '../../../../main/core/accounts';
import { createQuotingClient } from '../../../../main/core/api';
import { createSilentLogger } from '../../../../main/core/log';
import type { Simulator } from '../../../../main/simulator';

export { natsServerMissing, startNatsServer } from '../../../helpers/nats-server';
export type { NatsServer } from '../../../helpers/nats-server';

const logger = createSilentLogger();

export interface Folder {
  dir: string;
  /** `quotedesk ...argv --data-dir <this folder>` in process. */
  run(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string; json: () => unknown }>;
  dispose(): void;
}

export async function folderWithAccount(sim: Simulator, name = 'Acme'): Promise<Folder> {
  const dir = mkdtempSync(join(tmpdir(), 'qd-team-cli-'));
  const folder = await openDataFolder(dir, logger);
  const accounts = createAccountsService({ settings: folder.settings, secrets: folder.secrets, logger });
  await accounts.add({ name, environment: 'custom', baseUrl: sim.baseUrl, access: 'client', credentials: { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey } });
  await accounts.close();
  await folder.close();
  return {
    dir,
    run: async (...argv) => {
      let stdout = '';
      let stderr = '';
      const code = await runCli([...argv, '--data-dir', dir], { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (stderr += text) }, env: {}, cwd: dir });
      return { code, stdout, stderr, json: () => JSON.parse(stdout) as unknown };
    },
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A quote the account can accept now (stored REVISED: decidable with a client key), with a number and a total. */
export async function acceptableQuote(sim: Simulator): Promise<{ id: string; quoteNumber: string; total: { amount: number; currency: string } }> {
  const client = createQuotingClient({ baseUrl: sim.baseUrl, credentials: { mechanism: 'api-key', apiKey: sim.credentials.companies[0]!.apiKey }, logger });
  try {
    const page = await client.quotes.list({ limit: 100, page: 1 });
    const found = page.data.find((quote) => quote.status === 'REVISED' && quote.quoteNumber !== null && quote.totalPrice !== null);
    if (!found) throw new Error('no REVISED quote in the simulator');
    return { id: found.id, quoteNumber: found.quoteNumber!, total: found.totalPrice! };
  } finally {
    await client.close();
  }
}
