// An update failure in words a person can act on. electron-updater's errors carry a code
// (ERR_CHECKSUM_MISMATCH, ERR_UPDATER_*) or a Node network code, or an HttpError's status.

const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EPIPE', 'ENETUNREACH', 'ERR_STREAM_PREMATURE_CLOSE']);

export function explainUpdateFailure(error: unknown, stage: 'check' | 'download'): string {
  const failure = (error ?? {}) as { code?: unknown; statusCode?: unknown; message?: unknown };
  const code = typeof failure.code === 'string' ? failure.code : '';
  const message = typeof failure.message === 'string' ? failure.message : String(error);
  const later = 'Nothing was installed; Quotedesk tries again later.';
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message)) {
    return `The downloaded update did not match its published checksum, so it was discarded. ${later}`;
  }
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || code === 'ERR_UPDATER_INVALID_RELEASE_FEED' || /Cannot parse update info/i.test(message)) {
    return `The update feed's description of the release could not be read. ${later}`;
  }
  if (typeof failure.statusCode === 'number') {
    return `The update server answered ${failure.statusCode} to the ${stage === 'check' ? 'check' : 'download'}. ${later}`;
  }
  if (NETWORK_CODES.has(code) || /socket hang up|aborted|premature close|ECONNRESET|ECONNREFUSED|ENOTFOUND/i.test(message)) {
    return stage === 'download' ? `The update download was interrupted. ${later}` : `The update server could not be reached. ${later}`;
  }
  // First line only, bounded: an unexpected failure's text may be long.
  return `The update ${stage === 'check' ? 'check' : 'download'} failed (${message.split('\n')[0]!.slice(0, 160)}). ${later}`;
}
