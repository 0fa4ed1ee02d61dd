import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { clientFacingStatus } from '../../preload/contract';
import type { KeyAccess, QuoteStatus } from '../../preload/contract';
import { detailsOf, listItemOf } from './service-fixtures';
import type { FakeQuote } from './service-fixtures';

// A small, precisely controllable stand-in for the Quoting Service, written from the spec.
// Tests use it where the embedded simulator would be too coarse (exact fault timing,
// counting token exchanges, malformed bodies).

export interface Principal {
  kind: KeyAccess;
  /** null: an internal key that sees every company. */
  companyId: string | null;
}

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FaultAction =
  | { type: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { type: 'body'; body: string; status?: number }
  | { type: 'reset'; afterProcessing?: boolean }
  | { type: 'hang' };

export interface Fault {
  method?: string;
  pathPrefix?: string;
  /** How many matching requests it affects; default 1. */
  times?: number;
  action: FaultAction;
}

export interface FakeServiceOptions {
  quotes?: FakeQuote[];
  apiKeys?: Record<string, Principal>;
  clients?: Record<string, Principal & { secret: string }>;
  tokenLifetimeSeconds?: number;
}

export interface FakeService {
  baseUrl: string;
  requests: Recorded[];
  quotes: Map<string, FakeQuote>;
  tokenExchanges(): number;
  /** Revokes a key or a client: its tokens die at once and the exchange refuses it. */
  revoke(keyOrClientId: string): void;
  addFault(fault: Fault): void;
  /** Extra routes (or overrides) checked before the built-in ones. */
  route(method: string, path: string, handler: (req: Recorded, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

const PREFIX = '/api/public/v1';

export async function startFakeService(options: FakeServiceOptions = {}): Promise<FakeService> {
  const quotes = new Map((options.quotes ?? []).map((quote) => [quote.id, { ...quote }]));
  const apiKeys = new Map(Object.entries(options.apiKeys ?? {}));
  const clients = new Map(Object.entries(options.clients ?? {}));
  const tokens = new Map<string, { principal: Principal; clientId: string }>();
  const revoked = new Set<string>();
  const faults: (Fault & { left: number })[] = [];
  const routes = new Map<string, (req: Recorded, res: ServerResponse) => void>();
  const requests: Recorded[] = [];
  const sockets = new Set<Socket>();
  let exchanges = 0;
  let webhook: { id: string; url: string; secret: string; createdAt: string } | null = null;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: Recorded = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      handle(recorded, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function handle(req: Recorded, res: ServerResponse): void {
    const fault = faults.find((candidate) => candidate.left > 0 && (!candidate.method || candidate.method === req.method) && (!candidate.pathPrefix || req.path.startsWith(candidate.pathPrefix)));
    if (fault) {
      fault.left -= 1;
      const { action } = fault;
      if (action.type === 'hang') return;
      if (action.type === 'reset') {
        if (action.afterProcessing) route(req, { writeHead: () => res, end: () => res.socket?.destroy(), setHeader: () => undefined } as unknown as ServerResponse);
        else res.socket?.destroy();
        return;
      }
      if (action.type === 'status') return send(res, action.status, action.body ?? '', action.headers);
      return send(res, action.status ?? 200, action.body, { 'content-type': 'application/json' });
    }
    route(req, res);
  }

  function route(req: Recorded, res: ServerResponse): void {
    const custom = routes.get(`${req.method} ${req.path}`);
    if (custom) return custom(req, res);
    if (req.method === 'POST' && req.path === '/api/credentials/token') return token(req, res);
    if (req.path.startsWith('/files/')) return pdfFile(req, res);
    const principal = authenticate(req);
    if (!principal) return send(res, 401, 'Unauthorized');
    if (req.path === `${PREFIX}/webhooks`) return webhooks(req, res);
    if (req.method === 'GET' && req.path === `${PREFIX}/quotes`) return list(req, res, principal);
    if (req.method === 'GET' && req.path === `${PREFIX}/quotes/filters`) return ok(res, { statuses: ['PENDING', 'REVISED'], companies: [] });
    const match = /^\/api\/public\/v1\/quotes\/([^/]+)(?:\/([a-z-]+))?$/.exec(req.path);
    if (!match) return send(res, 404, 'No such route');
    const quote = quotes.get(decodeURIComponent(match[1] ?? ''));
    if (!quote) return send(res, 404, JSON.stringify({ message: 'Quote not found' }));
    if (principal.companyId !== null && principal.companyId !== quote.companyId) return send(res, 403, 'Forbidden');
    const shown = (status: QuoteStatus) => (principal.kind === 'client' ? clientFacingStatus(status) : status);
    const action = match[2];
    if (req.method === 'GET' && !action) return ok(res, detailsOf(quote, shown(quote.status)));
    if (req.method === 'GET' && action === 'pdf') return ok(res, { downloadUrl: `${baseUrl}/files/${quote.id}.pdf?sig=s3cr3tsig`, fileName: `${quote.quoteNumber}.pdf`, expiresIn: 3600 });
    if (req.method === 'GET' && action === 'project-team-users') return ok(res, [{ id: 'u1', name: 'Ana Project' }]);
    if (req.method === 'GET' && action === 'summary') return ok(res, { quoteId: quote.id, teams: [] });
    if (req.method === 'POST' && (action === 'accept' || action === 'decline')) {
      if (quote.status !== 'SENT' && quote.status !== 'REVISED') return send(res, 400, `Quote cannot be ${action}ed in status ${quote.status}`);
      quote.status = action === 'accept' ? 'CHANGED_TO_PROJECT' : 'REJECTED';
      return ok(res, { id: quote.id, status: quote.status, message: `Quote ${action}ed` });
    }
    send(res, 404, 'No such route');
  }

  function authenticate(req: Recorded): Principal | null {
    const key = req.headers['api-key'];
    if (typeof key === 'string') return revoked.has(key) ? null : apiKeys.get(key) ?? null;
    const bearer = req.headers['authorisation'] ?? req.headers['authorization'];
    const token = typeof bearer === 'string' ? /^Bearer (.+)$/.exec(bearer)?.[1] : undefined;
    const issued = token ? tokens.get(token) : undefined;
    return issued && !revoked.has(issued.clientId) ? issued.principal : null;
  }

  function token(req: Recorded, res: ServerResponse): void {
    exchanges += 1;
    let body: { clientId?: unknown; clientSecret?: unknown };
    try {
      body = JSON.parse(req.body) as typeof body;
    } catch {
      return send(res, 400, 'Body must be JSON');
    }
    const client = typeof body.clientId === 'string' ? clients.get(body.clientId) : undefined;
    if (!client || client.secret !== body.clientSecret || revoked.has(body.clientId as string)) return send(res, 401, 'Invalid client credentials');
    const accessToken = `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ${exchanges}x${Math.random().toString(36).slice(2)}.c2lnbmF0dXJl`;
    tokens.set(accessToken, { principal: client, clientId: body.clientId as string });
    send(res, 200, JSON.stringify({ success: true, accessToken, expiresIn: options.tokenLifetimeSeconds ?? 3600 }));
  }

  function list(req: Recorded, res: ServerResponse, principal: Principal): void {
    const page = Number(req.query.get('page') ?? '1');
    const limit = Number(req.query.get('limit') ?? '20');
    const status = req.query.get('status');
    const search = req.query.get('search')?.toLowerCase();
    const visible = [...quotes.values()]
      .filter((quote) => principal.companyId === null || quote.companyId === principal.companyId)
      .map((quote) => listItemOf(quote, principal.kind === 'client' ? clientFacingStatus(quote.status) : quote.status))
      .filter((item) => !status || item.status === status)
      .filter((item) => !search || `${item.projectName} ${item.quoteNumber}`.toLowerCase().includes(search));
    const totalPages = Math.ceil(visible.length / limit);
    send(res, 200, JSON.stringify({
      success: true,
      data: visible.slice((page - 1) * limit, page * limit),
      pagination: { page, limit, total: visible.length, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 },
    }));
  }

  function webhooks(req: Recorded, res: ServerResponse): void {
    if (req.method === 'POST') {
      const { url } = JSON.parse(req.body) as { url: string };
      if (!url.startsWith('https://')) return send(res, 400, 'url must be https');
      webhook = { id: '44444444-4444-4444-8444-444444444444', url, secret: `whsec_${Math.random().toString(36).slice(2)}`, createdAt: '2025-03-01T09:00:00.000Z' };
      return send(res, 201, JSON.stringify({ success: true, data: { ...webhook, isActive: true } }));
    }
    if (req.method === 'GET') {
      if (!webhook) return send(res, 404, 'No webhook');
      const { secret: _secret, ...info } = webhook;
      return send(res, 200, JSON.stringify({ ...info, isActive: true, updatedAt: info.createdAt }));
    }
    if (req.method === 'DELETE') {
      webhook = null;
      return send(res, 204, '');
    }
    send(res, 405, 'Method not allowed');
  }

  function pdfFile(req: Recorded, res: ServerResponse): void {
    if (req.query.get('sig') !== 's3cr3tsig') return send(res, 403, 'Link expired');
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'));
  }

  return {
    baseUrl,
    requests,
    quotes,
    tokenExchanges: () => exchanges,
    revoke: (id) => revoked.add(id),
    addFault: (fault) => faults.push({ ...fault, left: fault.times ?? 1 }),
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function ok(res: ServerResponse, data: unknown): void {
  send(res, 200, JSON.stringify({ success: true, data }));
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': body.startsWith('{') || body.startsWith('[') ? 'application/json' : 'text/plain', ...headers });
  res.end(body);
}
