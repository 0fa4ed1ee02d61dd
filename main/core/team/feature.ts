// The team desk as a feature of the core: the data folder's desk opened at start (when it is on
// a team) and followed while the app runs, the team.* methods, and 'team.changed' and
// 'team.quotesChanged' pushed when entries arrive or the connection moves.
import type { TeamInboxView, TeamQuoteInput, TeamRowMark, TeamView } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { Feature } from '../bridge/feature';
import type { AcceptApproval } from '../decisions/accept-approval';
import type { QuoteCache } from '../cache';
import { AppError, errorText } from '../errors';
import type { TeamNotices } from '../notify/team-notice';
import type { Clock, Logger, SecretStore, SettingsStore } from '../ports';
import { teamAcceptApproval } from './accept-approval';
import { accountsByService, createTeamHandlers, teamView } from './bridge';
import { TeamSession } from './session';
import { serviceToken } from './keys';
import { createMineQuotes } from './mine-quotes';
import { quoteRevision } from './policy';
import { approvalOfRevision, createQuoteStates, refKey } from './quote-states';
import type { TeamQuoteStates } from './quote-states';
import { noticesFor } from './notices';
import type { TeamSessionOptions } from './session';

export interface TeamFeatureDeps {
  userData: string;
  settings: SettingsStore;
  secrets: SecretStore;
  accounts: Pick<AccountsService, 'get' | 'list'>;
  cache: Pick<QuoteCache, 'get'>;
  clock: Clock;
  logger: Logger;
  /** Told what concerns this person whenever the desk's entries moved (notify tells each once). */
  notify?: (batch: TeamNotices) => void;
  /** The team's server was saved, changed or forgotten: the team relay follows it (core.ts wires it). */
  onServerChanged?: () => Promise<unknown>;
  /** Tests: how often the outbox and connection are looked after, and how long a first connection may take. */
  session?: Pick<TeamSessionOptions, 'tendMs' | 'connectTimeoutMs'>;
}

export interface TeamFeature extends Feature {
  acceptApproval: AcceptApproval;
  /** The quote ids in one of my team views now (the inbox filters its team views by them); none when on no team. */
  mineQuotes: ((view: TeamInboxView) => ReadonlySet<string>) & { assigneeOf: () => ReadonlyMap<string, { name: string; email: string }> };
  /** Every quote's assignee and approvals, folded once per revision that arrived; empty on no team. */
  quoteStates(): TeamQuoteStates;
  /** The rows' marks of these quotes (null: the team says nothing, or the quote's account is gone); none on no team. */
  teamMarks(quotes: readonly TeamQuoteInput[]): Promise<(TeamRowMark | null)[]>;
}

export function createTeamFeature(deps: TeamFeatureDeps): TeamFeature {
  const folder = { dir: deps.userData, settings: deps.settings, secrets: deps.secrets, clock: deps.clock, logger: deps.logger };
  const changed = new Set<() => void>();
  const quotes = new Set<(quoteIds: string[]) => void>();
  const accountOfService = () => accountsByService(deps.accounts);
  // Once per revision that arrived: notify sorts out what was told already.
  let toldVersion: { desk: object; version: number } | null = null;
  const tellNotices = () => {
    const desk = session.desk;
    if (!desk || !deps.notify || (toldVersion?.desk === desk && toldVersion.version === desk.log.version)) return;
    toldVersion = { desk, version: desk.log.version };
    const me = { key: desk.author.key, email: desk.profile.email };
    void accountOfService()
      .then((accountOf) => deps.notify?.({ me: me.key, notices: noticesFor(desk.state(), me, accountOf) }))
      .catch((error: unknown) => deps.logger.warn('the team notices could not be read', { error: errorText(error) }));
  };
  const session = new TeamSession(folder, {
    ...deps.session,
    onChanged: () => {
      tellNotices();
      changed.forEach((listener) => listener());
    },
    onQuotes: (quoteIds) => quotes.forEach((listener) => listener(quoteIds)),
  });
  const quoteStates = createQuoteStates(() => session.desk);
  // The inbox narrows by both: my views' quotes and each quote's assignee (the facet).
  const mineQuotes = Object.assign(createMineQuotes(() => session.desk), { assigneeOf: () => quoteStates().assigneeOf });
  const serviceOf = async (accountId: string): Promise<string | null> => {
    try {
      return serviceToken((await deps.accounts.get(accountId)).baseUrl);
    } catch (error) {
      // An account removed meanwhile shows no marks; anything else is a fault.
      if (error instanceof AppError && error.code !== 'internal') return null;
      throw error;
    }
  };
  const teamMarks = async (quotes: readonly TeamQuoteInput[]): Promise<(TeamRowMark | null)[]> => {
    if (!session.desk) return quotes.map(() => null);
    const states = quoteStates();
    const services = new Map<string, Promise<string | null>>();
    return Promise.all(
      quotes.map(async ({ accountId, quoteId }) => {
        if (!services.has(accountId)) services.set(accountId, serviceOf(accountId));
        const service = await services.get(accountId)!;
        const quote = service === null ? undefined : states.byRef.get(refKey(service, quoteId));
        if (!quote) return null;
        const details = deps.cache.get(accountId, quoteId)?.details;
        const approval = approvalOfRevision(quote, details ? quoteRevision(details) : null);
        return { quoteId, assignee: quote.assignee ? { name: quote.assignee.name, email: quote.assignee.email } : null, approval };
      }),
    );
  };
  return {
    name: 'team',
    // For decisions (below this folder): an accept above the policy waits for an approval.
    acceptApproval: teamAcceptApproval({ folder, session, accounts: deps.accounts }),
    mineQuotes,
    quoteStates,
    teamMarks,
    handlers: createTeamHandlers({ folder, session, accounts: deps.accounts, cache: deps.cache, serverChanged: deps.onServerChanged }),
    project(hub) {
      // Only when something a person sees moved: the timer's rounds are silent otherwise.
      let last = '';
      const pushView = () =>
        void teamView({ folder, session }, accountOfService)
          .then((view: TeamView) => {
            const text = JSON.stringify(view);
            if (text === last) return;
            last = text;
            hub.emit('team.changed', view);
          })
          .catch((error: unknown) => deps.logger.warn('the team view could not be made', { error: errorText(error) }));
      const pushQuotes = (quoteIds: string[]) => hub.emit('team.quotesChanged', { quoteIds });
      changed.add(pushView);
      quotes.add(pushQuotes);
      return () => {
        changed.delete(pushView);
        quotes.delete(pushQuotes);
      };
    },
    async start() {
      await session.serial(() => session.open());
      session.start();
    },
    close: () => session.close(),
  };
}
