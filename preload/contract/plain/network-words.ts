// Node's and undici's own words for a failed connection ("getaddrinfo ENOTFOUND host",
// "connect ECONNREFUSED 127.0.0.1:443") mean nothing to an account manager. This finds them in
// a message; i18n/words/network-words.ts (plainNetworkWords) puts plain words in their place.

/** A raw connection failure, by what a person can do about it; `at` is the host or address Node named, if any. */
export type NetworkFailure =
  | { kind: 'address-not-found'; at: string | null }
  | { kind: 'refused'; at: string | null }
  | { kind: 'reset' }
  | { kind: 'timeout' }
  | { kind: 'no-answer' }
  | { kind: 'unreachable' }
  | { kind: 'certificate-other-host' }
  | { kind: 'certificate-untrusted' }
  | { kind: 'developer-hint' };

const FAILURES: readonly [RegExp, (match: RegExpExecArray) => NetworkFailure][] = [
  [/getaddrinfo (?:ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL) ?([^\s,;)]*)/i, (m) => ({ kind: 'address-not-found', at: m[1] || null })],
  [/connect ECONNREFUSED ?([^\s,;)]*)/i, (m) => ({ kind: 'refused', at: m[1] || null })],
  [/\b(?:read |write )?ECONNRESET\b|socket hang up|\bEPIPE\b|other side closed/i, () => ({ kind: 'reset' })],
  [/\b(?:connect )?ETIMEDOUT\b ?[^\s,;)]*|Connect Timeout Error(?: \(attempted addresse?s?:[^)]*\))?/i, () => ({ kind: 'timeout' })],
  // undici's waits for an answer, and AbortSignal.timeout()'s own words.
  [/Headers Timeout Error|Body Timeout Error|The operation was aborted due to timeout/i, () => ({ kind: 'no-answer' })],
  [/\b(?:connect )?(?:EHOSTUNREACH|ENETUNREACH)\b ?[^\s,;)]*/i, () => ({ kind: 'unreachable' })],
  [/Hostname\/IP does not match certificate's altnames[^;]*/i, () => ({ kind: 'certificate-other-host' })],
  [/self[- ]signed certificate[^.;]*|unable to verify the first certificate|\bCERT_[A-Z_]+\b|certificate has expired|ERR_TLS_CERT_ALTNAME_INVALID[^.;]*/i, () => ({ kind: 'certificate-untrusted' })],
  // Node 24 adds a hint for developers after a certificate it cannot verify: it is dropped.
  [/; if the root CA is installed locally, try running Node\.js with --use-system-ca/i, () => ({ kind: 'developer-hint' })],
];

/** The message with each raw connection failure replaced by `words(failure)`; anything else is left as it was. */
export function rewriteNetworkFailures(message: string, words: (failure: NetworkFailure) => string): string {
  let text = message;
  for (const [pattern, failure] of FAILURES) {
    const match = pattern.exec(text);
    if (match) text = text.slice(0, match.index) + words(failure(match)) + text.slice(match.index + match[0].length);
  }
  return text;
}
