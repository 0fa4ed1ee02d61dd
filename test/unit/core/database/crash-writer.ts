// A writer for the crash test: it keeps rewriting one account's quotes (all in one
// generation per transaction) and downloading PDFs into the cache, until it is killed.
// Usage: node --import tsx crash-writer.ts <folder>
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createPdfCache, createQuoteCache } from '../../../../main/core/cache';
import { createEventBus } from '../../../../main/core/events';
import type { DomainEvents } from '../../../../main/core/events';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { openSqliteStore } from '../../../../main/core/database';
import type { QuotingClient } from '../../../../main/core/api';
import type { QuoteListItem } from '../../../../preload/contract';

export const CRASH_QUOTES = 40;
const folder = process.argv[2]!;
const logger = createSilentLogger();
const store = openSqliteStore({ path: join(folder, 'cache.db'), logger });
const bus = createEventBus<DomainEvents>({ logger });
const cache = createQuoteCache({ store, bus, clock: systemClock, logger });
cache.start();

const server = createServer((req, res) => {
  const size = 20_000 + Number(new URL(req.url!, 'http://x').searchParams.get('n')) * 37;
  res.writeHead(200, { 'content-type': 'application/pdf' });
  res.end(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size, 'p'), Buffer.from('\n%%EOF\n')]));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
let n = 0;
const client = {
  quotes: { pdf: async () => ({ downloadUrl: `http://127.0.0.1:${port}/f?n=${n++}`, fileName: 'q.pdf', expiresIn: 3600 }) },
} as unknown as QuotingClient;
const pdfs = createPdfCache({ store, cache, accounts: { client: async () => client }, bus, clock: systemClock, logger, folder: join(folder, 'pdfs'), options: { maxBytes: 400_000 } });
await pdfs.start();

const ids = Array.from({ length: CRASH_QUOTES }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`);
const item = (id: string, generation: number): QuoteListItem => ({
  id,
  quoteNumber: `Q-${id.slice(-4)}`,
  projectName: `generation ${generation}`,
  projectDescription: null,
  status: 'SENT',
  companyId: null,
  companyName: 'Acme',
  totalPrice: { amount: generation, currency: 'EUR' },
  quoteDate: null,
  deadlineForQuote: null,
  projectDueDate: null,
});

// Carry on from what the previous (killed) writer left, so generations only grow.
const stored = store.allQuotes('acc')[0]?.projectName;
const start = stored ? Number(stored.split(' ')[1]) + 1 : 1;
process.stdout.write('ready\n');
for (let generation = start; ; generation += 1) {
  cache.ingest({ accountId: 'acc', access: 'internal', source: 'sync', observation: { kind: 'list', items: ids.map((id) => item(id, generation)) } });
  process.stdout.write(`committed ${generation}\n`);
  await pdfs.get('acc', ids[generation % CRASH_QUOTES]!);
}
