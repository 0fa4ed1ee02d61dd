// The relay registering its own public URL with a key, like the app does (the same keyring and
// registration code), its secret kept in the relay's own secret store, never printed.
import type { QuotingClient } from '../../api/types';
import type { Clock, Logger, SecretStore } from '../../ports';
import { WebhookInspector } from '../inspector';
import { WebhookKeyring } from '../keyring';
import { WebhookRegistration } from '../registration';
import type { RegisterResult } from '../registration';
import { saidError } from '../../errors';
import { m } from '../../../../i18n/paraglide/messages.js';

export interface SelfRegistrationOptions {
  /** The name the relay keeps this key's registration under (`--account`). */
  account: string;
  /** The relay's public https origin (a reverse proxy or tunnel in front of its loopback port). */
  publicOrigin: string;
  client: QuotingClient;
  secrets: SecretStore;
  clock: Clock;
  logger: Logger;
  /** Replace a registration this relay did not make (another installation's URL). */
  replace: boolean;
}

export interface SelfRegistration {
  /** The keyring: the receiver's routes (`/hooks/<token>` of each registered account). */
  keyring: WebhookKeyring;
  result: RegisterResult;
  /** Reads the registration again: what is wrong with it in plain words, or null while it points at the relay. */
  check(): Promise<string | null>;
}

export async function registerRelay(options: SelfRegistrationOptions): Promise<SelfRegistration> {
  const { clock, logger, account } = options;
  const keyring = await WebhookKeyring.load(options.secrets, clock, logger);
  // This key's client serves this account only: another account kept in the same store is
  // never re-registered with it (setPublicOrigin moves every registered account).
  const clientFor = (accountId: string) => {
    if (accountId !== account) throw saidError('invalid-state', m.core_relay_key_of_account({ account }));
    return options.client;
  };
  const registration = new WebhookRegistration({ keyring, inspector: new WebhookInspector(), clientFor, clock, logger });
  await registration.setPublicOrigin(options.publicOrigin);
  const result = await registration.register(account, options.replace);
  return {
    keyring,
    result,
    check: async () => {
      const health = await registration.checkHealth(account);
      if (health.state === 'registered') return null;
      if (health.state === 'taken-over') return `the key's webhook now points at ${health.registeredUrl ?? 'another address'}, not at the relay: the team gets no events until the relay is started again with --replace`;
      if (health.state === 'missing') return "the key's webhook registration was deleted at the service: the team gets no events until the relay is started again";
      return health.problem ?? `the registration could not be checked (${health.state})`;
    },
  };
}
