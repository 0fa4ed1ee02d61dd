import type { Dispatcher } from 'undici';
import type {
  JsonObject,
  Pagination,
  QuoteDecisionResult,
  QuoteDetails,
  QuoteListItem,
  QuotePdfLink,
  QuoteStatus,
  WebhookInfo,
  WebhookRegistration,
} from '../../../preload/contract';

export interface ListQuotesParams {
  page: number;
  limit: number;
  status?: QuoteStatus;
  search?: string;
}

export interface QuotePage {
  data: QuoteListItem[];
  pagination: Pagination;
}

/**
 * Outcome of accept/decline. `confirmed-after-uncertainty` means the request's answer was
 * lost (network error, timeout) or unreadable (a 2xx off the interface) and re-reading the
 * quote showed the action took effect.
 */
export interface DecisionOutcome {
  result: QuoteDecisionResult;
  via: 'response' | 'confirmed-after-uncertainty';
  /**
   * The quote as it stands after the decision, when the client already has it: the answer
   * carried it, or the re-read that confirmed a lost answer read it. Absent: read it once.
   */
  quote?: QuoteDetails;
}

/** The POST's answer: what the spec promises, and the quote when the service sent it along. */
export interface DecisionAnswer {
  result: QuoteDecisionResult;
  quote: QuoteDetails | null;
}

export interface QuotesResource {
  list(params: ListQuotesParams, signal?: AbortSignal): Promise<QuotePage>;
  get(id: string, signal?: AbortSignal): Promise<QuoteDetails>;
  accept(id: string): Promise<DecisionOutcome>;
  decline(id: string, reason?: string): Promise<DecisionOutcome>;
  pdf(id: string, signal?: AbortSignal): Promise<QuotePdfLink>;
  filters(signal?: AbortSignal): Promise<JsonObject>;
  projectTeamUsers(id: string, signal?: AbortSignal): Promise<JsonObject[]>;
  summary(id: string, signal?: AbortSignal): Promise<JsonObject>;
}

export interface WebhooksResource {
  register(url: string): Promise<WebhookRegistration>;
  get(signal?: AbortSignal): Promise<WebhookInfo | null>;
  remove(): Promise<void>;
}

/** One account's door to the Quoting Service. */
export interface QuotingClient {
  readonly baseUrl: string;
  /**
   * The account's HTTP agent (its pool and connect timeout), for downloads outside the API
   * such as a signed PDF link. Read-only: closing it is the client's business.
   */
  readonly dispatcher: Dispatcher;
  readonly quotes: QuotesResource;
  readonly webhooks: WebhooksResource;
}
