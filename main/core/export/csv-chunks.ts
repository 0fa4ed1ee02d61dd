import { setImmediate as nextTurn } from 'node:timers/promises';
import { ByteSink } from './byte-sink';
import { COMMA_CSV, CSV_TYPE, csvHead, csvLines } from './csv';
import type { CsvDialect } from './csv';
import type { ExportFile, ExportTable } from './table';
import { rowsBetween } from './table';

/** Rows written between two turns of the event loop: a few milliseconds of work each. */
const ROWS_PER_CHUNK = 2_000;
/** Room above the first chunk's bytes per row when estimating the file (later rows may be longer). */
const ESTIMATE_MARGIN = 1.1;

/**
 * toCsv's very file, written a chunk of rows at a time with a turn of the event loop between
 * chunks, so a 100,000-row export never holds the core (webhook deliveries, the bridge) for
 * more than a chunk. Each chunk's rows are made, written as bytes and let go: the file's
 * bytes are the only thing that grows (one buffer, sized from the first chunk). The lines
 * are csv.ts's, so the escaping is the same.
 */
export async function toCsvInChunks(table: ExportTable, rowsPerChunk = ROWS_PER_CHUNK, dialect: CsvDialect = COMMA_CSV): Promise<ExportFile> {
  const sink = new ByteSink();
  sink.write(csvHead(table.columns, dialect));
  const total = table.rows.length;
  for (let start = 0; start < total; start += rowsPerChunk) {
    await nextTurn();
    const end = Math.min(total, start + rowsPerChunk);
    sink.write(csvLines(table.columns, rowsBetween(table.rows, start, end), dialect));
    if (start === 0 && end < total) sink.reserve(Math.ceil((sink.length / end) * total * ESTIMATE_MARGIN));
  }
  return { bytes: sink.bytes(), ...CSV_TYPE };
}
