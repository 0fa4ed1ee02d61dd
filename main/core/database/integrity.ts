import { Worker } from 'node:worker_threads';

// Plain JavaScript run as a worker (no file to bundle): its own connection, so the check
// reads the whole file without holding the main thread, and WAL lets it read beside the writer.
const CHECK = `
const { parentPort, workerData } = require('node:worker_threads');
const { DatabaseSync } = require('node:sqlite');
let findings;
try {
  const db = new DatabaseSync(workerData.path);
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    findings = db.prepare('PRAGMA quick_check').all().map((row) => String(row.quick_check));
  } finally {
    db.close();
  }
} catch (error) {
  findings = ['the file could not be read: ' + (error && error.message ? error.message : String(error))];
}
parentPort.postMessage(findings);
`;

/** SQLite's quick_check of the file at `path`, in a worker thread: ['ok'] when sound, else what it found. */
export function quickCheckInWorker(path: string): Promise<string[]> {
  return new Promise((resolve) => {
    const worker = new Worker(CHECK, { eval: true, workerData: { path } });
    // A check still running never keeps Quotedesk from exiting.
    worker.unref();
    worker.once('message', (findings: string[]) => resolve(findings));
    worker.once('error', (error) => resolve([`the check could not run: ${error.message}`]));
    worker.once('exit', (code) => resolve([`the check stopped (exit ${code})`]));
  });
}
