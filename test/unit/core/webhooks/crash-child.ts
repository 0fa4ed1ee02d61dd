// A receiver in its own process, for the kill -9 tests: processing appends to a file.
// Arguments: log folder, processed file, [log file size cap in bytes], [processing time per event in ms].
import { appendFileSync } from 'node:fs';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { openDurableReceiver } from '../../../../main/core/webhooks/durable-receiver';
import { singleRoute } from './harness';

const [dir, processedFile, maxFileBytes, delayMs] = process.argv.slice(2) as [string, string, string?, string?];
const delay = Number(delayMs ?? 0);
const logger = createSilentLogger();
const durable = await openDurableReceiver({
  dir,
  maxFileBytes: maxFileBytes === undefined ? undefined : Number(maxFileBytes),
  routes: singleRoute(),
  clock: systemClock,
  logger,
  process: async (event) => {
    if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    appendFileSync(processedFile, `${event.event} ${event.key}\n`);
    return 'appended';
  },
  // The parent kills this process only once processing is recorded: between the two, a crash
  // means the event is processed again at start (at least once; the cache dedupes by content).
  onProcessed: (event) => process.stdout.write(`processed ${event.key}\n`),
});
const port = await durable.start();
process.stdout.write(`port ${port}\n`);
