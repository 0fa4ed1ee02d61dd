// Every quote's team state as the inbox reads it at each window and keystroke: its assignee and
// its approval requests with the revision each is about. Folded once per revision that arrived
// (like the team views' quote ids), never once per row: a window of 40 rows reads this map.
import type { TeamRowApproval } from '../../../preload/contract';
import type { MineSource } from './mine-quotes';
import type { TeamState } from './state';

export interface TeamAssignee {
  /** The member's public key: one assignee whatever name they go by. */
  key: string;
  name: string;
  email: string;
}

export interface QuoteTeamState {
  assignee: TeamAssignee | null;
  /** In the order they were asked (oldest first), each with the revision it is about. */
  requests: { revision: string; approval: TeamRowApproval }[];
}

export interface TeamQuoteStates {
  /** Keyed `service.quote`: a quote on one service, whichever of its accounts shows it. */
  byRef: ReadonlyMap<string, QuoteTeamState>;
  /** Each quote id's assignee (the inbox's rows are quote ids; a quote seen by two accounts is one). */
  assigneeOf: ReadonlyMap<string, TeamAssignee>;
}

export const refKey = (service: string, quote: string) => `${service}.${quote}`;

export function quoteTeamStates(state: TeamState): TeamQuoteStates {
  const byRef = new Map<string, QuoteTeamState>();
  const assigneeOf = new Map<string, TeamAssignee>();
  for (const quote of state.quotes()) {
    const to = quote.assignee?.to ?? null;
    const assignee = to ? { key: to.key, name: to.name, email: to.email } : null;
    const requests = quote.requests.map(({ request, decision }) => ({
      revision: request.body.revision,
      approval: (decision === null ? 'requested' : decision.body.approved ? 'approved' : 'refused') as TeamRowApproval,
    }));
    byRef.set(refKey(quote.ref.service, quote.ref.quote), { assignee, requests });
    if (assignee) assigneeOf.set(quote.ref.quote, assignee);
  }
  return { byRef, assigneeOf };
}

/** The approval of the revision this computer has: the newest request about it; one about an earlier revision says nothing. */
export function approvalOfRevision(quote: QuoteTeamState, revision: string | null): TeamRowApproval | null {
  if (revision === null) return null;
  return quote.requests.findLast((request) => request.revision === revision)?.approval ?? null;
}

const NONE: TeamQuoteStates = { byRef: new Map(), assigneeOf: new Map() };

/** The states of the window's desk, folded again only when its log moved; empty on no team. */
export function createQuoteStates(deskOf: () => MineSource | null): () => TeamQuoteStates {
  let cached: { desk: object; version: number; states: TeamQuoteStates } | null = null;
  return () => {
    const desk = deskOf();
    if (!desk) return NONE;
    if (cached?.desk !== desk || cached.version !== desk.log.version) cached = { desk, version: desk.log.version, states: quoteTeamStates(desk.state()) };
    return cached.states;
  };
}
