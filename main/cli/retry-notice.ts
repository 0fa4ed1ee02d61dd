// Says on stderr when a read is being tried again, so a service that is down is not a long
// silence: the shared retry policy (main/core/api/retry.ts) logs each retry, and the CLI's
// logger turns that entry into a sentence. Everything else the client logs stays unsaid.
import { createSilentLogger } from '../core/log';
import type { Logger } from '../core/ports';

const WHAT_HAPPENED: Record<string, string> = {
  network: 'could not be reached',
  timeout: 'did not answer in time',
  'rate-limited': 'is receiving too many requests',
  server: 'answered with an error',
};

/** A logger that writes "…; trying again (2 of 4)…" for each retry of a read. */
export function retryNoticeLogger(baseUrl: string, maxAttempts: number, stderr: { write(text: string): unknown }): Logger {
  const silent = createSilentLogger();
  return {
    ...silent,
    warn(message, fields) {
      if (message !== 'retrying a read' || typeof fields?.attempt !== 'number') return;
      const what = WHAT_HAPPENED[String(fields.code)] ?? 'failed';
      const status = typeof fields.status === 'number' && fields.status > 0 ? ` (HTTP ${fields.status})` : '';
      const seconds = typeof fields.delayMs === 'number' ? ` in ${(fields.delayMs / 1000).toFixed(1)} s` : '';
      stderr.write(`quotedesk: the service at ${baseUrl} ${what}${status}; trying again${seconds} (${fields.attempt + 1} of ${maxAttempts})…\n`);
    },
  };
}
