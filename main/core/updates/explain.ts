// An update failure in words a person can act on. electron-updater's errors carry a code
// (ERR_CHECKSUM_MISMATCH, ERR_UPDATER_*) or a Node network code, or an HttpError's status.
// Said in main's language, followed by what happens next.
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'ENETUNREACH', 'ERR_STREAM_PREMATURE_CLOSE']);

export function explainUpdateFailure(error: unknown, stage: 'check' | 'download'): string {
  // Japanese sets sentences side by side; the others put a space between them.
  return `${whatFailed(error, stage)}${getLocale() === 'ja' ? '' : ' '}${m.core_update_later()}`;
}

function whatFailed(error: unknown, stage: 'check' | 'download'): string {
  const failure = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) {
    return m.core_update_checksum();
  }
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || code === 'ERR_UPDATER_INVALID_RELEASE_FEED' || /Cannot parse update info/i.test(message)) {
    return m.core_update_feed_unreadable();
  }
  if (typeof failure.statusCode === 'number') {
    const status = failure.statusCode;
    return stage === 'check' ? m.core_update_http_check({ status }) : m.core_update_http_download({ status });
  }
  if (NETWORK_CODES.has(code) || /socket hang up|aborted|premature close|ECONNRESET|ECONNREFUSED|ENOTFOUND/i.test(message)) {
    return stage === 'download' ? m.core_update_download_interrupted() : m.core_update_server_unreachable();
  }
  // First line only, bounded: an unexpected failure's text may be long.
  const detail = message.split('\n')[0]!.slice(0, 160);
  return stage === 'check' ? m.core_update_check_failed({ detail }) : m.core_update_download_failed({ detail });
}
