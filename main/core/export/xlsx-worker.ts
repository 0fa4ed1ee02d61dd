import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors';

// Plain JavaScript run as a worker (no file to bundle, as the database's integrity check does):
// it deflates each part of the file into a zip as its text arrives, keeping only the
// compressed bytes, and hands them back at the end. The text itself is written on the core's
// side a chunk of rows at a time (xlsx-parts.ts), so neither side ever holds the whole sheet:
// the library this replaced (write-excel-file) built the workbook's every cell as objects
// and strings at once, about 1.8 GB for 100,000 rows. When the worker ends, its heap goes with it.
const ZIP_PARTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { Zip, ZipDeflate, strToU8 } = require(workerData.library);
const chunks = [];
let failed = false;
const zip = new Zip((error, chunk, final) => {
  if (error) {
    failed = true;
    parentPort.postMessage({ kind: 'failed', message: error.message || String(error) });
    return;
  }
  chunks.push(chunk);
  if (!final) return;
  let length = 0;
  for (const part of chunks) length += part.length;
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of chunks.splice(0)) {
    bytes.set(part, at);
    at += part.length;
  }
  parentPort.postMessage({ kind: 'written', bytes }, [bytes.buffer]);
});
let entry = null;
parentPort.on('message', (message) => {
  if (failed) return;
  try {
    if (message.kind === 'begin') {
      entry = new ZipDeflate(message.name, { level: 6 });
      zip.add(entry);
    } else if (message.kind === 'text') {
      entry.push(strToU8(message.text), false);
      parentPort.postMessage({ kind: 'taken' });
    } else if (message.kind === 'end') {
      entry.push(new Uint8Array(0), true);
      entry = null;
    } else if (message.kind === 'finish') {
      zip.end();
    }
  } catch (error) {
    failed = true;
    parentPort.postMessage({ kind: 'failed', message: error && error.message ? error.message : String(error) });
  }
});
`;

/**
 * Where fflate is, for the worker (which resolves nothing from the working directory). Found
 * when the first worker starts, not at import: the renderer's test harness bundles the fake
 * bridge, which runs the core's Insights handlers, for a browser, where `node:module` is empty.
 */
let library: string | undefined;
const fflatePath = () => (library ??= createRequire(import.meta.url).resolve('fflate'));

/** Chunks of text sent and not yet deflated before a write waits: bounds what the queue holds. */
const MAX_QUEUED = 4;

export interface ZipWorker {
  /** Starts the next file in the zip (the previous one ended). */
  begin(name: string): void;
  /** Appends text to the file begun; resolves once the worker's queue has room for more. */
  write(text: string): Promise<void>;
  /** Ends the file begun. */
  end(): void;
  /** Closes the zip and answers its bytes; the worker ends after. */
  finish(): Promise<Uint8Array>;
  /** Ends the worker without writing (an export given up). */
  stop(): void;
}

const writeFailed = (why: string) => new AppError('internal', `The XLSX file could not be written: ${why}`);

type FromWorker = { kind: 'taken' } | { kind: 'written'; bytes: Uint8Array } | { kind: 'failed'; message: string };

/** A worker thread that deflates one zip file from the text it is sent, part by part. */
export function startZipWorker(): ZipWorker {
  // Not unref'd: someone awaits this file, and the hosts quit with process.exit, which ends the worker too.
  const worker = new Worker(ZIP_PARTS, { eval: true, workerData: { library: fflatePath() } });
  let queued = 0;
  let room: (() => void) | null = null;
  let settle: { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void } | null = null;
  const outcome = new Promise<Uint8Array>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be waiting yet when the worker fails; the rejection is read by write() or finish().
  outcome.catch(() => undefined);
  let ended = false;
  const fail = (error: Error) => {
    ended = true;
    settle?.reject(error);
    room?.();
  };
  worker.on('message', (message: FromWorker) => {
    if (message.kind === 'taken') {
      queued--;
      if (queued < MAX_QUEUED) room?.();
    } else if (message.kind === 'written') settle?.resolve(message.bytes);
    else fail(writeFailed(message.message));
  });
  worker.once('error', (error) => fail(writeFailed(error.message)));
  worker.once('exit', (code) => fail(writeFailed(`its writer stopped (exit ${code})`)));

  return {
    begin(name) {
      worker.postMessage({ kind: 'begin', name });
    },
    async write(text) {
      worker.postMessage({ kind: 'text', text });
      queued++;
      while (queued >= MAX_QUEUED && !ended) await new Promise<void>((resolve) => (room = resolve));
      if (ended) await outcome;
    },
    end() {
      worker.postMessage({ kind: 'end' });
    },
    async finish() {
      worker.postMessage({ kind: 'finish' });
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
