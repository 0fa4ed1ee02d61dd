// The relay namespace of the bridge: Settings → Webhooks → Team relay.
import type { Handlers, TeamRelayInput } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import { AppError, errorText } from '../errors';
import type { TeamRelay, TeamRelayConfig } from '../relay/team-relay';

export type RelayMethod = 'relay.status' | 'relay.configure' | 'relay.test' | 'relay.forget';
export type RelayHandlers = Pick<Handlers, RelayMethod>;

export function createRelayHandlers(relay: TeamRelay, accounts: Pick<AccountsService, 'get'>): RelayHandlers {
  const config = async (input: TeamRelayInput): Promise<TeamRelayConfig> => {
    await accounts.get(input.accountId);
    return {
      url: input.url,
      auth: input.user === '' ? { kind: 'none' } : { kind: 'user', user: input.user, password: input.password },
      stream: input.stream,
      accountId: input.accountId,
      consumer: input.consumer === '' ? undefined : input.consumer,
    };
  };
  const plainly = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A URL or name the relay refuses: said as it is (it names no credential).
      throw new AppError('invalid-input', errorText(error));
    }
  };
  return {
    'relay.status': async () => relay.status(),
    'relay.configure': (input) => plainly(async () => relay.configure(await config(input))),
    'relay.test': (input) => plainly(async () => relay.test(await config(input))),
    'relay.forget': () => relay.configure(null),
  };
}

