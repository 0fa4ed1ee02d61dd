// The team namespace of the bridge: Settings → Team (create, join, the roster, the policies),
// the reading pane's thread (assign, notes, approvals, the accept gate) and the inbox's team
// views. Credentials arrive once and go to the secret store; nothing secret is answered.
import type { Handlers, TeamChange, TeamView } from '../../../preload/contract';
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { AppError, errorText, saidError } from '../errors';
import { RelayConfigError } from '../webhooks/relay/connection';
import { addNote, admit, askToJoin, assign, decide, removeMember, requestApproval, setPolicy } from './actions';
import type { Done } from './actions';
import { TeamError } from './desk';
import type { TeamDesk } from './desk';
import { quoteIdProblem, serviceToken } from './keys';
import type { QuoteRef } from './keys';
import { quoteRevision } from './policy';
import type { TeamSession } from './session';
import { changeTeamServer, createTeam, forgetTeam, joinTeam, teamProfile, teamServerUrl } from './setup';
import type { TeamFolder } from './setup';
import { keyFingerprint, mineView, policiesView, rosterView, threadView } from './views';
import { m } from '../../../i18n/paraglide/messages.js';

export type TeamMethod = Extract<keyof Handlers, `team.${string}`>;
export type TeamHandlers = Pick<Handlers, TeamMethod>;

export interface TeamHandlerDeps {
  folder: TeamFolder;
  session: TeamSession;
  accounts: Pick<AccountsService, 'get' | 'list'>;
  cache: Pick<QuoteCache, 'get'>;
  /**
   * The team's server was saved, changed or forgotten: the team relay, which uses it unless it
   * has one of its own, connects again (resolves once its first attempt ended).
   */
  serverChanged?: () => Promise<unknown>;
}

/** The team's own failures in words for the person; a wiring mistake stays internal. */
async function plainly<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The team's refusals are catalogue messages said in main's language; the relay's settings errors are not (yet).
    if (error instanceof TeamError) throw saidError('invalid-state', error.message);
    if (error instanceof RelayConfigError) throw new AppError('invalid-state', error.message);
    throw new AppError('network', m.team_server_failed({ reason: errorText(error) }), { retryable: true });
  }
}

const changeOf = (done: Done): TeamChange => ({ outcome: done.outcome, reason: done.reason });

export function createTeamHandlers(deps: TeamHandlerDeps): TeamHandlers {
  const { folder, session, accounts } = deps;

  const desk = (): TeamDesk => {
    if (!session.desk) throw new AppError('invalid-state', m.team_refuse_no_team());
    return session.desk;
  };
  const refOf = async (accountId: string, quoteId: string): Promise<QuoteRef> => {
    const account = await accounts.get(accountId);
    const problem = quoteIdProblem(quoteId);
    if (problem) throw new AppError('invalid-input', problem);
    return { service: serviceToken(account.baseUrl), quote: quoteId };
  };
  const accountOfService = () => accountsByService(accounts);
  /** A change to the team, sent (or queued) now; the window hears of it at once. */
  const change = (quoteId: string | null, work: (desk: TeamDesk) => Promise<Done>) =>
    plainly(() =>
      session.serial(async () => {
        const done = await work(desk());
        session.changedHere(quoteId);
        return changeOf(done);
      }),
    );

  /** Creating or joining: refused while this computer is on a team; answers the team as it is then. */
  const setUp = (work: () => Promise<void>) =>
    plainly(() =>
      session.serial(async () => {
        if (teamProfile(folder)) throw new TeamError(m.team_refuse_on_team_already());
        await work();
        await deps.serverChanged?.();
        return teamView(deps, accountOfService);
      }),
    );

  return {
    'team.state': () => teamView(deps, accountOfService),
    'team.create': (input) =>
      setUp(async () => {
        await createTeam(folder, input);
        await session.open();
      }),
    'team.join': (input) =>
      setUp(async () => {
        await joinTeam(folder, input);
        await session.open();
        await askToJoin(desk());
      }),
    'team.leave': () =>
      plainly(() =>
        session.serial(async () => {
          await forgetTeam(folder);
          await session.open();
          await deps.serverChanged?.();
          return teamView(deps, accountOfService);
        }),
      ),
    // Nothing is saved unless the team is found there; then the desk and the relay move to it.
    'team.setServer': (input) =>
      plainly(() =>
        session.serial(async () => {
          await changeTeamServer(folder, input);
          await session.open();
          await deps.serverChanged?.();
          return teamView(deps, accountOfService);
        }),
      ),
    'team.admit': (input) => change(null, (desk) => admit(desk, input.email, input.role, input.limits)),
    'team.remove': (input) => change(null, (desk) => removeMember(desk, input.email)),
    'team.setPolicy': async (input) => {
      const account = await accounts.get(input.accountId);
      return change(null, (desk) => setPolicy(desk, serviceToken(account.baseUrl), account.name, input.over));
    },
    'team.thread': async (input) => {
      const ref = await refOf(input.accountId, input.quoteId);
      const cached = deps.cache.get(input.accountId, input.quoteId);
      const details = cached?.details ?? null;
      const facts = details ? { revision: quoteRevision(details), total: details.totalPrice ?? null } : null;
      const current = desk();
      return threadView(current.state(), ref, current.author.key, facts, cached?.list?.totalPrice ?? null);
    },
    'team.assign': async (input) => {
      const ref = await refOf(input.accountId, input.quoteId);
      return change(input.quoteId, (desk) => assign(desk, ref, input.email));
    },
    'team.note': async (input) => {
      const ref = await refOf(input.accountId, input.quoteId);
      return change(input.quoteId, (desk) => addNote(desk, ref, input.text));
    },
    'team.requestApproval': async (input) => {
      const ref = await refOf(input.accountId, input.quoteId);
      const details = deps.cache.get(input.accountId, input.quoteId)?.details;
      if (!details) throw new AppError('invalid-state', m.team_refuse_open_quote_first());
      return change(input.quoteId, (desk) => requestApproval(desk, ref, input.approver, { revision: quoteRevision(details), total: details.totalPrice ?? null }, input.comment));
    },
    'team.decide': async (input) => {
      const ref = await refOf(input.accountId, input.quoteId);
      return change(input.quoteId, (desk) => decide(desk, ref, input.approved, input.comment));
    },
    'team.mine': async () => {
      const current = session.desk;
      if (!current) return { assignedToMe: [], waitingForMe: [], myRequests: [] };
      return mineView(current.state(), current.author.key, await accountOfService());
    },
  };
}

/** A data folder on no team. */
export function noTeamView(): TeamView {
  return { joined: false, team: null, url: null, name: null, email: null, signer: null, fingerprint: null, role: null, online: false, problem: null, queued: 0, members: [], policies: [] };
}

/** The first account on each service (a team's quotes are keyed by service): which one a quote opens in. */
export async function accountsByService(accounts: Pick<AccountsService, 'list'>): Promise<(service: string) => string | null> {
  const byService = new Map<string, string>();
  for (const account of await accounts.list()) if (!byService.has(serviceToken(account.baseUrl))) byService.set(serviceToken(account.baseUrl), account.id);
  return (service) => byService.get(service) ?? null;
}

/** Whether this folder is on a team, and the team as this computer knows it. */
export async function teamView(deps: Pick<TeamHandlerDeps, 'folder' | 'session'>, accountOfService: () => Promise<(service: string) => string | null>): Promise<TeamView> {
  const profile = teamProfile(deps.folder);
  const desk = deps.session.desk;
  if (!profile || !desk) return noTeamView();
  const state = desk.state();
  const publicKey = desk.author.key;
  return {
    joined: true,
    team: state.roster.team,
    url: await teamServerUrl(deps.folder.secrets),
    name: profile.name,
    email: profile.email,
    signer: publicKey,
    fingerprint: keyFingerprint(publicKey),
    role: state.roster.members.get(publicKey)?.role ?? 'pending',
    online: desk.online,
    problem: desk.problem,
    queued: desk.queued.length,
    members: rosterView(state),
    policies: policiesView(state, await accountOfService()),
  };
}
