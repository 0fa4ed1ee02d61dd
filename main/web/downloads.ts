import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExportDelivery } from '../core/export/bridge';
import type { PdfDelivery } from '../core/inbox/bridge';

export const DOWNLOAD_PREFIX = '/downloads/';

export interface DownloadRoute {
  /** The core's PdfDelivery in browser mode: the file is offered once, at a fresh unguessable route. */
  deliver: PdfDelivery;
  /** The core's ExportDelivery in browser mode: the exported bytes, offered once the same way. */
  deliverExport: ExportDelivery;
  /** True when the request was for this route (answered, whatever the outcome). */
  serve(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): Promise<boolean>;
}

/** A cached PDF on disk, or an export's bytes held until fetched (or the ticket expires). */
type Ticket = ({ path: string } | { bytes: Uint8Array; contentType: string }) & {
  fileName: string;
  expiresAt: number;
};

/**
 * Browser mode's way to hand a cached PDF to the page. The page asks over the authenticated
 * socket (`pdfs.open`); the answer is a route holding 32 random bytes, usable once and for a
 * minute, so another local page or user can neither guess nor replay it, and no path on disk
 * ever reaches the page.
 */
export function createDownloadRoute(options: { ttlMs?: number; now?: () => number } = {}): DownloadRoute {
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const tickets = new Map<string, Ticket>();

  function sweep() {
    for (const [id, ticket] of tickets) if (ticket.expiresAt <= now()) tickets.delete(id);
  }

  function text(response: ServerResponse, headers: Record<string, string>, status: number, message: string) {
    response.writeHead(status, { ...headers, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    response.end(message);
  }

  function offer(ticket: Ticket): string {
    sweep();
    const id = randomBytes(32).toString('base64url');
    tickets.set(id, ticket);
    return `${DOWNLOAD_PREFIX}${id}`;
  }

  function disposition(fileName: string): string {
    const asciiName = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
    return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }

  return {
    async deliver({ path, fileName }) {
      return { kind: 'download', url: offer({ path, fileName, expiresAt: now() + ttlMs }) };
    },

    async deliverExport({ bytes, contentType, fileName }) {
      return { kind: 'download', url: offer({ bytes, contentType, fileName, expiresAt: now() + ttlMs }) };
    },

    async serve(request, response, headers) {
      const rawPath = (request.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
      if (!rawPath.startsWith(DOWNLOAD_PREFIX)) return false;
      if (request.method !== 'GET') {
        response.writeHead(405, { ...headers, Allow: 'GET', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed');
        return true;
      }
      sweep();
      const id = rawPath.slice(DOWNLOAD_PREFIX.length);
      const ticket = tickets.get(id);
      tickets.delete(id);
      if (!ticket) {
        text(response, headers, 404, 'This download link was used already or has expired. Open the PDF or export again from Quotedesk.');
        return true;
      }
      if ('bytes' in ticket) {
        response.writeHead(200, {
          ...headers,
          'Content-Type': ticket.contentType,
          'Content-Length': String(ticket.bytes.byteLength),
          'Content-Disposition': disposition(ticket.fileName),
          'Cache-Control': 'no-store',
        });
        response.end(ticket.bytes);
        return true;
      }
      let size: number;
      try {
        size = (await stat(ticket.path)).size;
      } catch {
        text(response, headers, 410, 'The PDF is no longer in the cache on this computer. Open it again from Quotedesk.');
        return true;
      }
      response.writeHead(200, {
        ...headers,
        'Content-Type': 'application/pdf',
        'Content-Length': String(size),
        'Content-Disposition': disposition(ticket.fileName),
        'Cache-Control': 'no-store',
      });
      await new Promise<void>((resolve) => {
        const stream = createReadStream(ticket.path);
        stream.on('error', () => {
          response.destroy();
          resolve();
        });
        stream.on('end', resolve);
        stream.pipe(response);
      });
      return true;
    },
  };
}
