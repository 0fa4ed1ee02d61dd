// Node's and undici's own words for a failed connection ("getaddrinfo ENOTFOUND host",
// "connect ECONNREFUSED 127.0.0.1:443") mean nothing to an account manager. Whatever shows a
// message that may carry them (the renderer's error words, a webhook self-test, the CLI)
// passes it through here first.

const REWRITES: readonly [RegExp, (match: RegExpExecArray) => string][] = [
  [/getaddrinfo (?:ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL) ?([^\s,;)]*)/i, (m) => (m[1] ? `the address ${m[1]} could not be found (check it, and the network)` : 'the address could not be found (check it, and the network)')],
  [/connect ECONNREFUSED ?([^\s,;)]*)/i, (m) => (m[1] ? `nothing accepted the connection at ${m[1]}` : 'nothing accepted the connection')],
  [/\b(?:read |write )?ECONNRESET\b|socket hang up|\bEPIPE\b|other side closed/i, () => 'the connection was cut off before an answer came'],
  [/\b(?:connect )?ETIMEDOUT\b ?[^\s,;)]*|Connect Timeout Error(?: \(attempted addresse?s?:[^)]*\))?/i, () => 'the connection timed out'],
  // undici's waits for an answer, and AbortSignal.timeout()'s own words.
  [/Headers Timeout Error|Body Timeout Error|The operation was aborted due to timeout/i, () => 'no answer came in time'],
  [/\b(?:connect )?(?:EHOSTUNREACH|ENETUNREACH)\b ?[^\s,;)]*/i, () => 'the network has no way to that address'],
  [/Hostname\/IP does not match certificate's altnames[^;]*/i, () => "the certificate is for another address"],
  [/self[- ]signed certificate[^.;]*|unable to verify the first certificate|\bCERT_[A-Z_]+\b|certificate has expired|ERR_TLS_CERT_ALTNAME_INVALID[^.;]*/i, () => "the service's certificate could not be trusted"],
  // Node 24 adds a hint for developers after a certificate it cannot verify.
  [/; if the root CA is installed locally, try running Node\.js with --use-system-ca/i, () => ''],
];

/** The message with every raw connection error said in plain words; anything else is left as it was. */
export function plainNetworkWords(message: string): string {
  let text = message;
  for (const [pattern, words] of REWRITES) {
    const match = pattern.exec(text);
    if (match) text = text.slice(0, match.index) + words(match) + text.slice(match.index + match[0].length);
  }
  return text;
}
