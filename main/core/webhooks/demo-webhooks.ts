// Demo mode's webhooks: the embedded service delivers over a loopback HTTPS tunnel whose
// certificate only it is told to trust, and every demo account registers by itself (a real
// account's registration is always the person's act). Once a real account has replaced the
// demo ones, the saved tunnel choice comes back: a real service must never get a loopback URL.
import type { AccountsService } from '../accounts/types';
import type { Logger } from '../ports';
import type { WebhookService } from './service';
import type { TunnelSwitch } from './tunnel-switch';
import { createLoopbackHttpsTunnel } from './tunnels';
import type { LoopbackHttpsTunnel, Tunnel } from './tunnels';

export interface DemoWebhooksDeps {
  service(): Promise<Pick<WebhookService, 'port' | 'keyring' | 'registration'>>;
  accounts: Pick<AccountsService, 'list'>;
  tunnels: Pick<TunnelSwitch, 'serially' | 'use'>;
  /** The tunnel of the saved choice, taken back when demo mode ends. */
  savedTunnel(port: number): Tunnel;
  logger: Logger;
}

export interface DemoWebhooks {
  /** Uses the loopback tunnel (started once), has the embedded service trust its certificate, and registers the demo accounts. */
  start(trustCertificate: (pem: string) => void): Promise<void>;
  /** After the accounts changed: registers the demo accounts not registered yet, or leaves the loopback tunnel once demo mode ended. */
  followAccounts(): Promise<void>;
  /** The person chose a tunnel, which replaces the loopback one; called inside that switch. */
  tunnelReplaced(): void;
  /** The loopback tunnel's certificate while it is in use (the self-test trusts it), else null. */
  certificate(): string | null;
  /** Resolves once the pass over the accounts under way has ended. */
  settled(): Promise<void>;
}

export function createDemoWebhooks(deps: DemoWebhooksDeps): DemoWebhooks {
  const { tunnels, logger } = deps;
  let tunnel: LoopbackHttpsTunnel | null = null;

  // One pass at a time: each demo account added publishes 'accounts.changed', and two
  // overlapping passes would register the same account twice (rotating its secret for nothing).
  let pass: Promise<void> = Promise.resolve();
  const followAccounts = (): Promise<void> => {
    pass = pass.then(async () => {
      if (!tunnel) return;
      const running = await deps.service();
      const accounts = await deps.accounts.list();
      // None yet: the demo accounts are being added.
      if (accounts.length > 0 && !accounts.some((account) => account.demo)) {
        // Demo mode ended (a real account replaced it): a real service must never get a loopback URL.
        await tunnels.serially(async () => {
          tunnel = null;
          await tunnels.use(deps.savedTunnel(running.port));
        });
        return;
      }
      const registered = new Set(running.keyring.registeredAccounts());
      for (const account of accounts) {
        if (!account.demo || registered.has(account.id)) continue;
        await running.registration.register(account.id, true).catch((error: unknown) => logger.warn('a demo account could not register its webhook', { accountId: account.id, error: String(error) }));
      }
    }).catch((error: unknown) => logger.warn('demo webhooks could not follow the accounts', { error: String(error) }));
    return pass;
  };

  return {
    start: (trustCertificate) =>
      tunnels
        .serially(async () => {
          const running = await deps.service();
          if (!tunnel) {
            const next = createLoopbackHttpsTunnel({ targetPort: running.port, logger });
            tunnel = next;
            await tunnels.use(next);
          }
          trustCertificate(tunnel.certificate()!);
          await running.registration.settled();
        })
        .then(() => followAccounts()),
    followAccounts,
    tunnelReplaced: () => {
      tunnel = null;
    },
    certificate: () => tunnel?.certificate() ?? null,
    settled: () => pass,
  };
}
