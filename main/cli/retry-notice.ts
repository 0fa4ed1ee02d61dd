// Says on stderr when a read is being tried again, so a service that is down is not a long
// silence: the shared retry policy (main/core/api/retry.ts) logs each retry, and the CLI's
// logger turns that entry into a sentence. Everything else the client logs stays unsaid.
import { createSilentLogger } from '../core/log';
import type { Logger } from '../core/ports';
import { m } from '../../i18n/paraglide/messages.js';
import { ltr } from './locale';

function whatHappened(code: string): string {
  switch (code) {
    case 'network':
      return m.cli_retry_unreachable();
    case 'timeout':
      return m.cli_retry_no_answer();
    case 'rate-limited':
      return m.cli_retry_rate_limited();
    case 'server':
      return m.cli_retry_server_error();
    default:
      return m.cli_retry_failed();
  }
}

/** A logger that writes "…; trying again (2 of 4)…" for each retry of a read. */
export function retryNoticeLogger(baseUrl: string, maxAttempts: number, stderr: { write(text: string): unknown }): Logger {
  const silent = createSilentLogger();
  return {
    ...silent,
    warn(message, fields) {
      if (message !== 'retrying a read' || typeof fields?.attempt !== 'number') return;
      const status = typeof fields.status === 'number' && fields.status > 0 ? ` (HTTP ${fields.status})` : '';
      const said = { url: ltr(baseUrl), problem: `${whatHappened(String(fields.code))}${status}`, attempt: ltr(String(fields.attempt + 1)), attempts: ltr(String(maxAttempts)) };
      const notice = typeof fields.delayMs === 'number' ? m.cli_retry_notice_in({ ...said, seconds: ltr((fields.delayMs / 1000).toFixed(1)) }) : m.cli_retry_notice({ ...said });
      stderr.write(`quotedesk: ${notice}\n`);
    },
  };
}
