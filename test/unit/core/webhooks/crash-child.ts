// A receiver in its own process, for the kill -9 test: processing appends to a file.
import { appendFileSync } from 'node:fs';
import { createSilentLogger } from '../../../../main/core/log';
import { systemClock } from '../../../../main/core/ports';
import { EventLog } from '../../../../main/core/webhooks/event-log';
import { createWebhookReceiver } from '../../../../main/core/webhooks/receiver';
import { singleRoute } from './harness';

const [dir, processedFile] = process.argv.slice(2) as [string, string];
const logger = createSilentLogger();
const opened = await EventLog.open({ dir, clock: systemClock, logger });
const receiver = createWebhookReceiver({
  routes: singleRoute(),
  log: opened.log,
  pending: opened.pending,
  clock: systemClock,
  logger,
  process: (event) => {
    appendFileSync(processedFile, `${event.event} ${event.key}\n`);
    return 'appended';
  },
  // The parent kills this process only once processing is recorded: between the two, a crash
  // means the event is processed again at start (at least once; the cache dedupes by content).
  onProcessed: (event) => process.stdout.write(`processed ${event.key}\n`),
});
const port = await receiver.start();
process.stdout.write(`port ${port}\n`);
