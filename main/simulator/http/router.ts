// A small path router: exact methods per path pattern, 404 for unknown paths and 405
// (with Allow) for a known path asked with the wrong method.
import type { IncomingMessage } from 'node:http';
import type { Reply } from './reply';
import { HttpError } from './reply';

export interface RouteRequest {
  req: IncomingMessage;
  url: URL;
  params: string[];
  /** The body parsed as JSON (undefined when empty); read only by endpoints that take one, after their checks. */
  json: () => Promise<unknown>;
}

export type RouteHandler = (request: RouteRequest) => Promise<Reply> | Reply;

interface Route {
  method: string;
  pattern: RegExp;
  handler: RouteHandler;
}

export class Router {
  private readonly routes: Route[] = [];

  on(method: string, pattern: RegExp, handler: RouteHandler): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  /** The handler and path parameters for a request, or the 404/405 to answer. */
  match(method: string, path: string): { handler: RouteHandler; params: string[] } {
    const allowed: string[] = [];
    for (const route of this.routes) {
      const found = route.pattern.exec(path);
      if (!found) continue;
      if (route.method === method) return { handler: route.handler, params: found.slice(1).map(decodeSegment) };
      allowed.push(route.method);
    }
    if (allowed.length > 0) {
      throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${path}`, { allow: allowed.join(', ') });
    }
    throw new HttpError(404, 'not_found', `No such endpoint: ${path}`);
  }
}

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? '');
  } catch {
    return '';
  }
}
