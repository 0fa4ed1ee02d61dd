// A PDF cache over a real folder, a real SQLite index and a local service that serves signed
// PDF links: shared by the PDF cache's disk and eviction tests.
import * as fsp from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { QuotingClient } from '../../../../main/core/api';
import { createPdfCache } from '../../../../main/core/cache';
import type { PdfCache, PdfCacheOptions, PdfFileSystem } from '../../../../main/core/cache';
import { createSilentLogger } from '../../../../main/core/log';
import { startFakeService } from '../../../helpers/fake-service';
import type { FakeService } from '../../../helpers/fake-service';
import { listItemOf } from '../../../helpers/service-fixtures';
import type { FakeQuote } from '../../../helpers/service-fixtures';
import { cacheRig } from './helpers';
import type { CacheRig } from './helpers';

export const TIMEOUTS = { connectMs: 500, headersMs: 300, bodyMs: 150, bodyTotalMs: 2000 };
export const pdfBytes = (size = 1024, mark = 'A') => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, mark), Buffer.from('\n%%EOF\n')]);

export interface PdfRig {
  dir: string;
  folder: string;
  rig: CacheRig;
  service: FakeService;
  /** Each download (whatever its link) gets the body this returns for its number (1, 2, ...). */
  serve(body: (download: number) => Buffer): void;
  cache(options?: Partial<PdfCacheOptions>, fs?: PdfFileSystem): Promise<PdfCache>;
  seen(quote: FakeQuote): void;
  close(): Promise<void>;
}

export async function startPdfRig(): Promise<PdfRig> {
  const service = await startFakeService();
  const dir = await mkdtemp(join(tmpdir(), 'qd-pdfs-'));
  const folder = join(dir, 'pdfs');
  const rig = cacheRig();
  let links = 0;
  let downloads = 0;
  let body: (download: number) => Buffer = () => pdfBytes();
  const stops: Array<() => void> = [];
  const client: QuotingClient = {
    baseUrl: service.baseUrl,
    dispatcher: {} as Dispatcher,
    webhooks: {} as QuotingClient['webhooks'],
    quotes: {
      async pdf() {
        links += 1;
        const link = links;
        service.route('GET', `/files/${link}/quote.pdf`, (_req, res) => {
          downloads += 1;
          const bytes = body(downloads);
          res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(bytes.length) }).end(bytes);
        });
        return { downloadUrl: `${service.baseUrl}/files/${link}/quote.pdf`, fileName: 'quote.pdf', expiresIn: 3600 };
      },
    } as unknown as QuotingClient['quotes'],
  };
  return {
    dir,
    folder,
    rig,
    service,
    serve(next) {
      body = next;
    },
    async cache(options = {}, fs) {
      const cache = createPdfCache({
        store: rig.store,
        cache: rig.cache,
        accounts: { client: async () => client },
        bus: rig.bus,
        clock: rig.clock,
        logger: createSilentLogger(),
        folder,
        options: { timeouts: TIMEOUTS, ...options },
        ...(fs ? { fs } : {}),
      });
      stops.push(await cache.start());
      return cache;
    },
    seen(quote) {
      rig.cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: [listItemOf(quote)] } });
    },
    async close() {
      for (const stop of stops) stop();
      rig.close();
      await service.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** Where a download's file calls fail, as a full or broken disk would. */
export type DiskFault =
  | { at: 'write'; afterBytes: number; error?: string }
  | { at: 'sync'; error: string }
  | { at: 'rename'; error: string };

/**
 * The real file system, but the download's temporary file fails at the step asked for once
 * `armed` is set: writes stop after `afterBytes` (with an error, or silently taking nothing,
 * as some full disks do), fsync fails, or the rename is refused.
 */
export function faultyPdfFs(fault: DiskFault, armed: () => boolean): PdfFileSystem {
  return {
    ...fsp,
    open: (async (path: string, flags?: string | number, mode?: number) => {
      const handle = await fsp.open(path, flags, mode);
      if (!armed() || !path.endsWith('.part')) return handle;
      let written = 0;
      const write = handle.write.bind(handle) as (buffer: Buffer, offset: number, length: number) => Promise<{ bytesWritten: number; buffer: Buffer }>;
      const sync = async () => {
        if (fault.at === 'sync') throw errno(fault.error);
        return handle.sync();
      };
      const faultyWrite = async (buffer: Buffer, offset = 0, length = buffer.length - offset) => {
        if (fault.at !== 'write') return write(buffer, offset, length);
        const room = fault.afterBytes - written;
        if (room <= 0) {
          if (fault.error) throw errno(fault.error);
          return { bytesWritten: 0, buffer };
        }
        const result = await write(buffer, offset, Math.min(length, room));
        written += result.bytesWritten;
        return result;
      };
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'write') return faultyWrite;
          if (property === 'sync') return sync;
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
    }) as typeof fsp.open,
    rename: (async (from: string, to: string) => {
      if (fault.at === 'rename' && armed() && from.endsWith('.part')) throw errno(fault.error);
      return fsp.rename(from, to);
    }) as typeof fsp.rename,
  };
}
