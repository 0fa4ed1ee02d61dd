import {
  DECLINE_REASON_MAX,
  LIST_LIMIT_MAX,
  PATHS,
  ProjectTeamUsersResponse,
  QuoteDetailsResponse,
  QuoteFiltersResponse,
  QuoteListResponse,
  QuotePdfResponse,
  QuoteStatus,
  QuoteSummaryResponse,
} from '../../../preload/contract';
import { AppError, saidError } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Clock, Logger } from '../ports';
import type { Caller } from './caller';
import { decide, readDecisionAnswer } from './decisions';
import type { ListQuotesParams, QuotesResource } from './types';
import { bodyParser, parseBody } from './validate';

// The two reads a sync makes by the thousand, each with its parser made once.
const parseDetail = bodyParser(QuoteDetailsResponse);
const parseList = bodyParser(QuoteListResponse);

export function createQuotesResource(call: Caller, clock: Clock, logger: Logger): QuotesResource {
  const read = { retry: true };
  const write = { retry: false };

  async function get(id: string, signal?: AbortSignal) {
    const response = await call({ method: 'GET', path: PATHS.quote(requireId(id)), kind: 'read', signal }, read);
    return parseDetail(response).data;
  }

  return {
    async list(params, signal) {
      const response = await call({ method: 'GET', path: PATHS.quotes, kind: 'read', query: listQuery(params), signal }, read);
      const { data, pagination } = parseList(response);
      return { data, pagination };
    },

    get,

    async accept(id) {
      const path = PATHS.accept(requireId(id));
      return decide('accept', id, {
        clock,
        logger,
        send: async () => readDecisionAnswer(await call({ method: 'POST', path, kind: 'decision' }, write)),
        reread: () => get(id),
      });
    },

    async decline(id, reason) {
      const path = PATHS.decline(requireId(id));
      const trimmed = reason?.trim();
      if (trimmed !== undefined && trimmed.length > DECLINE_REASON_MAX) {
        throw saidError('validation', m.core_api_reason_too_long({ length: trimmed.length, max: DECLINE_REASON_MAX }));
      }
      // The body may be omitted when there is no reason.
      const json = trimmed ? { reason: trimmed } : undefined;
      return decide('decline', id, {
        clock,
        logger,
        send: async () => readDecisionAnswer(await call({ method: 'POST', path, kind: 'decision', json }, write)),
        reread: () => get(id),
      });
    },

    async pdf(id, signal) {
      const response = await call({ method: 'GET', path: PATHS.pdf(requireId(id)), kind: 'read', signal }, read);
      return parseBody(response, QuotePdfResponse).data;
    },

    async filters(signal) {
      const response = await call({ method: 'GET', path: PATHS.filters, kind: 'read', signal }, read);
      return parseBody(response, QuoteFiltersResponse).data;
    },

    async projectTeamUsers(id, signal) {
      const response = await call({ method: 'GET', path: PATHS.projectTeamUsers(requireId(id)), kind: 'read', signal }, read);
      return parseBody(response, ProjectTeamUsersResponse).data;
    },

    async summary(id, signal) {
      const response = await call({ method: 'GET', path: PATHS.summary(requireId(id)), kind: 'read', signal }, read);
      return parseBody(response, QuoteSummaryResponse).data;
    },
  };
}

function listQuery(params: ListQuotesParams): Record<string, string | undefined> {
  const { page, limit, status, search } = params;
  if (!Number.isInteger(page) || page < 1) throw new AppError('validation', `The page must be a whole number from 1 (got ${page}).`);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw new AppError('validation', `The page size must be a whole number from 1 to ${LIST_LIMIT_MAX} (got ${limit}).`);
  }
  if (status !== undefined && !QuoteStatus.safeParse(status).success) {
    throw new AppError('validation', `Unknown quote status "${String(status)}".`);
  }
  const trimmed = search?.trim();
  return { page: String(page), limit: String(limit), status, search: trimmed ? trimmed : undefined };
}

function requireId(id: string): string {
  if (typeof id !== 'string' || id.trim() === '') throw new AppError('validation', 'A quote id is required.');
  return id.trim();
}
