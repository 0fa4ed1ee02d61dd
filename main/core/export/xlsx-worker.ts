import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';

/** A cell as it crosses to the worker: write-excel-file's cell with its type named, not a constructor (which does not clone). */
export type PlainXlsxCell = { value: string | number | Date; type: 'String' | 'Number' | 'Date'; format?: string; fontWeight?: 'bold' } | null;

// Plain JavaScript run as a worker (no file to bundle, as the database's integrity check does):
// it gathers the rows it is sent, writes the file with write-excel-file, and hands the bytes
// back, so zipping 100,000 rows never holds the core's event loop.
const WRITE_XLSX = `
const { parentPort, workerData } = require('node:worker_threads');
const library = require(workerData.library);
const writeXlsxFile = library.default || library;
const TYPES = { String, Number, Date };
let rows = [];
parentPort.on('message', (message) => {
  if (message.kind === 'rows') {
    for (const row of message.rows) rows.push(row.map((cell) => (cell === null ? null : { ...cell, type: TYPES[cell.type] })));
    return;
  }
  const data = rows;
  rows = [];
  Promise.resolve()
    .then(() => writeXlsxFile(data, message.options).toBuffer())
    .then((buffer) => {
      const bytes = new Uint8Array(buffer.byteLength);
      bytes.set(buffer);
      parentPort.postMessage({ kind: 'written', bytes }, [bytes.buffer]);
    })
    .catch((error) => parentPort.postMessage({ kind: 'failed', message: error && error.message ? error.message : String(error) }));
});
`;

/** Where write-excel-file is, for the worker (which resolves nothing from the working directory). */
const library = createRequire(import.meta.url).resolve('write-excel-file/node');

export interface XlsxWorker {
  /** Queues a chunk of rows (in order). */
  send(rows: readonly (readonly PlainXlsxCell[])[]): void;
  /** Writes the rows sent as one sheet; the worker ends after. */
  write(options: { sheet: string; stickyRowsCount: number }): Promise<Uint8Array>;
  /** Ends the worker without writing (an export given up). */
  stop(): void;
}

const writeFailed = (why: string) => new AppError('internal', `The XLSX file could not be written: ${why}`);

/** A worker thread that writes one XLSX file from the rows it is sent. */
export function startXlsxWorker(): XlsxWorker {
  // Not unref'd: someone awaits this file, and the hosts quit with process.exit, which ends the worker too.
  const worker = new Worker(WRITE_XLSX, { eval: true, workerData: { library } });
  const outcome = new Promise<Uint8Array>((resolve, reject) => {
    worker.once('message', (message: { kind: 'written'; bytes: Uint8Array } | { kind: 'failed'; message: string }) => {
      if (message.kind === 'written') resolve(message.bytes);
      else reject(writeFailed(message.message));
    });
    worker.once('error', (error) => reject(writeFailed(error.message)));
    worker.once('exit', (code) => reject(writeFailed(`its writer stopped (exit ${code})`)));
  });
  // Nobody may be waiting yet when the worker fails; the rejection is read by write().
  outcome.catch(() => undefined);
  return {
    send(rows) {
      worker.postMessage({ kind: 'rows', rows });
    },
    async write(options) {
      worker.postMessage({ kind: 'write', options });
      try {
        return await outcome;
      } finally {
        void worker.terminate();
      }
    },
    stop() {
      void worker.terminate();
    },
  };
}
