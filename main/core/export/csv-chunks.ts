import { setImmediate as nextTurn } from 'node:timers/promises';
import { toCsv } from './csv';
import type { ExportFile, ExportTable } from './table';

/** Rows written between two turns of the event loop: a few milliseconds of work each. */
const ROWS_PER_CHUNK = 2_000;

/**
 * toCsv's very file, written a chunk of rows at a time with a turn of the event loop between
 * chunks, so a 100,000-row export never holds the core (webhook deliveries, the bridge) for
 * more than a chunk, and never builds the whole text as one string. Each chunk is toCsv's own
 * output for its rows with the header line cut off, so the escaping is csv.ts's, unchanged.
 */
export async function toCsvInChunks(table: ExportTable, rowsPerChunk = ROWS_PER_CHUNK): Promise<ExportFile> {
  const head = toCsv({ ...table, rows: [] });
  const parts: Uint8Array[] = [head.bytes];
  let length = head.bytes.length;
  for (let start = 0; start < table.rows.length; start += rowsPerChunk) {
    await nextTurn();
    const part = toCsv({ ...table, rows: table.rows.slice(start, start + rowsPerChunk) }).bytes.subarray(head.bytes.length);
    parts.push(part);
    length += part.length;
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const part of parts.splice(0)) {
    bytes.set(part, at);
    at += part.length;
  }
  return { ...head, bytes };
}
