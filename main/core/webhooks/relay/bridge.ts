// The relay namespace of the bridge: Settings → Team → Team relay, the fourth way deliveries
// reach this computer. Saving it makes it the choice (the tunnel stops: nothing is registered
// from here); choosing another way forgets it (webhooks/bridge.ts). On the team's server the
// relay is given no server or credentials here: it reads the team's (team-server.ts).
import type { Handlers, ParsedInput } from '../../../../preload/contract';
import type { AccountsService } from '../../accounts/types';
import { AppError, errorText } from '../../errors';
import type { TeamRelay, TeamRelayConfig } from './team-relay';
import type { Webhooks } from '../webhooks';

export type RelayMethod = 'relay.status' | 'relay.configure' | 'relay.test';
export type RelayHandlers = Pick<Handlers, RelayMethod>;

export function createRelayHandlers(relay: TeamRelay, accounts: Pick<AccountsService, 'get'>, webhooks: Pick<Webhooks, 'useRelay'>): RelayHandlers {
  const config = async (input: ParsedInput<'relay.configure'>): Promise<TeamRelayConfig> => {
    await accounts.get(input.accountId);
    const own = { stream: input.stream, accountId: input.accountId, consumer: input.consumer === '' ? undefined : input.consumer };
    if (input.useTeamServer) return own;
    return { url: input.url, auth: input.user === '' ? { kind: 'none' } : { kind: 'user', user: input.user, password: input.password }, ...own };
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
    // Saved (and connected) first, then chosen: a crash in between leaves the relay unchosen, and it is forgotten at the next start.
    'relay.configure': (input) =>
      plainly(async () => {
        await relay.configure(await config(input));
        try {
          await webhooks.useRelay();
        } catch (error) {
          // Not the choice after all (the receiver did not start): not left running unchosen either.
          await relay.configure(null);
          throw error;
        }
        return relay.status();
      }),
    'relay.test': (input) => plainly(async () => relay.test(await config(input))),
  };
}

