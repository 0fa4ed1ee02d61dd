import { createServer } from 'node:net';
import type { AddressInfo, Server, Socket } from 'node:net';
import { connect } from 'node:net';
import type { AccountView, Credentials, KeyAccess } from '../../../../preload/contract';
import { createQuotingClient } from '../../../../main/core/api';
import type { ClosableQuotingClient, QuotingClient } from '../../../../main/core/api';
import type { Clock } from '../../../../main/core/ports';

/**
 * A TCP relay on 127.0.0.1 in front of the embedded service: stopping it is the service
 * going away (connections refused) while the operator keeps changing quotes behind it.
 */
export interface Relay {
  baseUrl: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startRelay(targetBaseUrl: string): Promise<Relay> {
  const target = new URL(targetBaseUrl);
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const created = createServer((inbound) => {
        const outbound = connect(Number(target.port), target.hostname);
        sockets.add(inbound).add(outbound);
        inbound.pipe(outbound).pipe(inbound);
        const drop = () => {
          inbound.destroy();
          outbound.destroy();
          sockets.delete(inbound);
          sockets.delete(outbound);
        };
        inbound.on('error', drop).on('close', drop);
        outbound.on('error', drop).on('close', drop);
      });
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        port = (created.address() as AddressInfo).port;
        server = created;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      if (!server) return resolve();
      server.close(() => resolve());
      server = null;
    });
  await listen();
  return { baseUrl: `http://127.0.0.1:${port}`, stop, start: listen, close: stop };
}

export interface TestAccount {
  view: AccountView;
  client: ClosableQuotingClient;
}

export function testAccount(id: string, access: KeyAccess, baseUrl: string, credentials: Credentials, clock: Clock): TestAccount {
  return {
    view: {
      id,
      name: id,
      environment: 'custom',
      baseUrl,
      mechanism: credentials.mechanism,
      access,
      credentialsSet: true,
      status: 'ok',
      statusMessage: null,
      demo: false,
    },
    // One attempt and short timeouts: the sync engine, not the client, decides when to try again.
    client: createQuotingClient({ baseUrl, credentials, clock, retry: { maxAttempts: 1 }, timeouts: { connectMs: 1000, headersMs: 2000, bodyMs: 2000 } }),
  };
}

/** The two methods of the accounts service that sync uses. */
export function accountsOf(accounts: TestAccount[]) {
  return {
    list: async () => accounts.map((account) => account.view),
    client: async (id: string): Promise<QuotingClient> => {
      const found = accounts.find((account) => account.view.id === id);
      if (!found) throw Object.assign(new Error(`No account ${id}`), { code: 'account-not-found', retryable: false });
      return found.client;
    },
  };
}
