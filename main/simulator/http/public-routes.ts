// The spec's endpoints: quotes, token, webhooks, and the PDF download behind the links.
import type { QuoteStatus } from '../../../preload/contract';
import { DECLINE_REASON_MAX, LIST_LIMIT_MAX, QUOTE_STATUSES } from '../../../preload/contract';
import { authenticate } from '../auth/authenticate';
import type { Principal } from '../auth/credentials';
import type { SimulatorContext } from '../context';
import { TransitionError } from '../lifecycle/event';
import { acceptQuote, declineQuote } from '../lifecycle/quotes';
import type { CompanyRecord, QuoteRecord } from '../model';
import { isoDateTime } from '../model';
import { companyLogoSvg, companyLogoUrl, LOGO_ROUTE_PREFIX } from '../logos';
import { PDF_LINK_TTL_SECONDS, PDF_ROUTE_PREFIX, pdfFileName, renderQuotePdf } from '../pdf';
import { UUID_PATTERN } from '../random';
import { projectTeamUsers, quoteFilters, quoteSummary } from '../views/quote-extras';
import { canSee, toDetails, toListItem, visibleStatus } from '../views/quote-views';
import { checkWebhookUrl } from '../webhooks/registry';
import { isPlainObject } from './body';
import type { Reply } from './reply';
import { HttpError, ok } from './reply';
import type { RouteRequest } from './router';
import { Router } from './router';

const QUOTES = /^\/api\/public\/v1\/quotes$/;
const quotePath = (suffix: string) => new RegExp(`^/api/public/v1/quotes/([^/]+)${suffix}$`);

export function publicRouter(ctx: SimulatorContext): Router {
  const authed = (handler: (principal: Principal, request: RouteRequest) => Promise<Reply> | Reply) => async (request: RouteRequest) => {
    const principal = await authenticate(request.req.headers, ctx.credentials, ctx.tokens);
    if (!principal) throw new HttpError(401, 'unauthorized', 'Missing, invalid, expired or revoked credentials');
    return handler(principal, request);
  };
  const withQuote = (handler: (principal: Principal, quote: QuoteRecord, company: CompanyRecord, request: RouteRequest) => Promise<Reply> | Reply) =>
    authed((principal, request) => {
      const { quote, company } = findQuote(ctx, principal, request.params[0] ?? '');
      return handler(principal, quote, company, request);
    });

  return new Router()
    .on('GET', QUOTES, authed((principal, { url }) => listQuotes(ctx, principal, url)))
    .on('GET', /^\/api\/public\/v1\/quotes\/filters$/, authed((principal) => ok(quoteFilters(ctx.world, principal))))
    .on('GET', quotePath(''), withQuote((principal, quote, company) => ok(toDetails(principal, quote, company, companyLogoUrl(ctx.baseUrl(), company)))))
    // Accept takes no body: whatever comes with it is ignored.
    .on('POST', quotePath('/accept'), withQuote((principal, quote) => decide(ctx, principal, quote, 'accept', null)))
    .on('POST', quotePath('/decline'), withQuote(async (principal, quote, _company, { json }) => decide(ctx, principal, quote, 'decline', declineReason(await json()))))
    .on('GET', quotePath('/pdf'), withQuote((_principal, quote) => pdfLink(ctx, quote)))
    .on('GET', quotePath('/project-team-users'), withQuote((_principal, quote) => ok(projectTeamUsers(quote))))
    .on('GET', quotePath('/summary'), withQuote((principal, quote) => ok(quoteSummary(principal, quote))))
    .on('POST', /^\/api\/credentials\/token$/, async ({ json }) => issueToken(ctx, await json()))
    .on('POST', /^\/api\/public\/v1\/webhooks$/, authed(async (principal, { json }) => registerWebhook(ctx, principal, await json())))
    .on('GET', /^\/api\/public\/v1\/webhooks$/, authed((principal) => getWebhook(ctx, principal)))
    .on('DELETE', /^\/api\/public\/v1\/webhooks$/, authed((principal) => {
      ctx.registry.remove(principal.slotId);
      return { status: 204 };
    }))
    .on('GET', new RegExp(`^${PDF_ROUTE_PREFIX}([^/]+)/([^/]+)$`), ({ params }) => downloadPdf(ctx, params[0] ?? ''))
    .on('GET', new RegExp(`^${LOGO_ROUTE_PREFIX}([0-9a-f-]+)\\.svg$`), ({ params }) => companyLogo(ctx, params[0] ?? ''));
}

function listQuotes(ctx: SimulatorContext, principal: Principal, url: URL): Reply {
  const page = digits(url.searchParams.get('page'), 'page');
  const limit = digits(url.searchParams.get('limit'), 'limit');
  if (page < 1) throw new HttpError(400, 'invalid_query', 'page starts at 1');
  if (limit < 1 || limit > LIST_LIMIT_MAX) throw new HttpError(400, 'invalid_query', `limit must be from 1 to ${LIST_LIMIT_MAX}`);
  const statusParam = url.searchParams.get('status');
  if (statusParam !== null && !(QUOTE_STATUSES as readonly string[]).includes(statusParam)) {
    throw new HttpError(400, 'invalid_query', `status must be one of ${QUOTE_STATUSES.join(', ')}`);
  }
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  // Counted in one walk, keeping only the page asked for: a sync of 200,000 quotes asks for 2,000 pages.
  const first = (page - 1) * limit;
  const pageQuotes: QuoteRecord[] = [];
  let total = 0;
  const quotes = ctx.world.quotes;
  for (let index = quotes.length - 1; index >= 0; index--) {
    const quote = quotes[index] as QuoteRecord;
    if (!canSee(principal, quote)) continue;
    if (statusParam !== null && visibleStatus(principal, quote.status) !== (statusParam as QuoteStatus)) continue;
    if (search && !quote.projectName.toLowerCase().includes(search) && !(quote.quoteNumber ?? '').toLowerCase().includes(search)) continue;
    if (total >= first && pageQuotes.length < limit) pageQuotes.push(quote);
    total += 1;
  }
  const totalPages = Math.ceil(total / limit);
  const data = pageQuotes.map((quote) => toListItem(principal, quote, companyOf(ctx, quote)));
  return {
    status: 200,
    body: { success: true, data, pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 } },
  };
}

/**
 * A digit string of any length, leading zeros allowed. Numbers beyond the safe integers
 * are read as MAX_SAFE_INTEGER: a page that far is past the end, a limit that large is
 * over 100, and the echoed page stays an integer the contract accepts.
 */
function digits(value: string | null, name: string): number {
  if (value === null || !/^\d+$/.test(value)) throw new HttpError(400, 'invalid_query', `${name} is required and must be a string of digits`);
  // Number() reads leading zeros as the number they pad.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

/** A malformed id names no quote: 404, the same as an unknown one. */
function findQuote(ctx: SimulatorContext, principal: Principal, id: string): { quote: QuoteRecord; company: CompanyRecord } {
  const quote = UUID_PATTERN.test(id) ? ctx.world.quotesById.get(id.toLowerCase()) : undefined;
  if (!quote) throw new HttpError(404, 'quote_not_found', 'Quote not found');
  if (!canSee(principal, quote)) throw new HttpError(403, 'forbidden', 'These credentials may not access this quote');
  return { quote, company: companyOf(ctx, quote) };
}

function companyOf(ctx: SimulatorContext, quote: QuoteRecord): CompanyRecord {
  const company = ctx.world.company(quote.companyId);
  if (!company) throw new Error(`quote ${quote.id} has no company`);
  return company;
}

function declineReason(body: unknown): string | null {
  if (body === undefined) return null;
  if (!isPlainObject(body)) throw new HttpError(400, 'invalid_body', 'The body must be a JSON object like {"reason": "..."}');
  const reason = body.reason;
  if (reason === undefined) return null;
  if (typeof reason !== 'string') throw new HttpError(400, 'invalid_body', 'reason must be a string');
  if (reason.length > DECLINE_REASON_MAX) throw new HttpError(400, 'invalid_body', `reason must be at most ${DECLINE_REASON_MAX} characters`);
  return reason;
}

function decide(ctx: SimulatorContext, principal: Principal, quote: QuoteRecord, action: 'accept' | 'decline', reason: string | null): Reply {
  try {
    if (action === 'accept') acceptQuote(ctx.world, quote, ctx.clock.now(), ctx.bus.publish);
    else declineQuote(quote, reason, ctx.clock.now(), ctx.bus.publish);
  } catch (error) {
    if (!(error instanceof TransitionError)) throw error;
    // The lifecycle names the stored status; a client key must only ever see the client-facing one.
    const seen = visibleStatus(principal, quote.status);
    throw new HttpError(400, 'invalid_status', `Quote ${quote.quoteNumber ?? quote.id} is ${seen} and cannot be ${action === 'accept' ? 'accepted' : 'declined'}`);
  }
  const message = action === 'accept' ? 'Quote accepted and converted to a project' : 'Quote declined';
  return ok({ id: quote.id, status: quote.status, message });
}

function pdfLink(ctx: SimulatorContext, quote: QuoteRecord): Reply {
  const fileName = pdfFileName(quote);
  const token = ctx.pdfLinks.create(quote.id);
  return ok({ downloadUrl: `${ctx.baseUrl()}${PDF_ROUTE_PREFIX}${token}/${encodeURIComponent(fileName)}`, fileName, expiresIn: PDF_LINK_TTL_SECONDS });
}

async function downloadPdf(ctx: SimulatorContext, token: string): Promise<Reply> {
  const resolved = ctx.pdfLinks.resolve(token);
  if (resolved === 'expired') throw new HttpError(410, 'link_expired', 'This download link has expired; request a new one');
  const quote = resolved ? ctx.world.quotesById.get(resolved) : undefined;
  if (!quote) throw new HttpError(404, 'not_found', 'No such download link');
  const data = await renderQuotePdf(quote, companyOf(ctx, quote));
  return { status: 200, binary: { contentType: 'application/pdf', data, fileName: pdfFileName(quote) } };
}

function companyLogo(ctx: SimulatorContext, companyId: string): Reply {
  const company = ctx.world.company(companyId);
  if (!company || companyLogoUrl(ctx.baseUrl(), company) === null) throw new HttpError(404, 'not_found', 'No such logo');
  return { status: 200, binary: { contentType: 'image/svg+xml', data: companyLogoSvg(company), fileName: `${company.id}.svg` } };
}

async function issueToken(ctx: SimulatorContext, body: unknown): Promise<Reply> {
  if (!isPlainObject(body)) throw new HttpError(400, 'invalid_body', 'The body must be a JSON object with clientId and clientSecret');
  const { clientId, clientSecret } = body;
  if (typeof clientId !== 'string' || clientId.length === 0) throw new HttpError(400, 'invalid_body', 'clientId is required and must be a non-empty string');
  if (typeof clientSecret !== 'string' || clientSecret.length === 0) throw new HttpError(400, 'invalid_body', 'clientSecret is required and must be a non-empty string');
  const slot = ctx.credentials.byClientCredentials(clientId, clientSecret);
  if (!slot) throw new HttpError(401, 'invalid_credentials', 'Unknown or revoked client credentials');
  const accessToken = await ctx.tokens.issue(slot);
  return { status: 200, body: { success: true, message: 'Access token generated', accessToken, expiresIn: ctx.tokens.ttlSeconds } };
}

function registerWebhook(ctx: SimulatorContext, principal: Principal, body: unknown): Reply {
  if (!isPlainObject(body)) throw new HttpError(400, 'invalid_body', 'The body must be a JSON object like {"url": "https://..."}');
  const problem = checkWebhookUrl(body.url);
  if (problem) throw new HttpError(400, 'invalid_url', problem);
  const registration = ctx.registry.register(principal.slotId, body.url as string, ctx.clock.now());
  return ok(
    {
      id: registration.id,
      url: registration.url,
      secret: registration.secret,
      isActive: registration.isActive,
      createdAt: isoDateTime(registration.createdAt),
      updatedAt: isoDateTime(registration.updatedAt),
    },
    201,
  );
}

function getWebhook(ctx: SimulatorContext, principal: Principal): Reply {
  const registration = ctx.registry.get(principal.slotId);
  if (!registration) throw new HttpError(404, 'webhook_not_found', 'No webhook is registered for these credentials');
  return ok({
    id: registration.id,
    url: registration.url,
    isActive: registration.isActive,
    createdAt: isoDateTime(registration.createdAt),
    updatedAt: isoDateTime(registration.updatedAt),
  });
}
