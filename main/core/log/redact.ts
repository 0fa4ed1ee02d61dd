// Secrets must never reach a log line or an error message. They are recognised by what a
// value IS, wherever it appears inside a string: the secret values the app registers as it
// learns them (API keys, client secrets, access tokens), bearer and basic credentials, JWTs,
// long random key-like strings, credentials in a URL and tokens in a URL's query string.
// Field names count only where the app's own data names a secret exactly (`apiKey`,
// `clientSecret`, an Authorization header): `backupKey`, `keyPath` or a file path are kept.

export const REDACTED = '[redacted]';

// Compared lower-cased with '-' and '_' removed: `Api-key`, `api_key` and `apiKey` are one.
const SECRET_FIELD_NAMES = new Set([
  'apikey',
  'xapikey',
  'clientsecret',
  'secret',
  'webhooksecret',
  'signingsecret',
  'password',
  'passwd',
  'passphrase',
  'authorization',
  'authorisation',
  'proxyauthorization',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'cookie',
  'setcookie',
  'privatekey',
]);

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;
// scheme://user:password@host -> scheme://[redacted]@host
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]+@/gi;
// ?token=... &signature=... : query parameters that carry a credential by their role.
const URL_SECRET_PARAMETER =
  /([?&;](?:access_token|refresh_token|id_token|token|api[_-]?key|apikey|key|secret|client_secret|password|passwd|sig|signature|code|auth|x-amz-signature|x-amz-credential|x-amz-security-token|x-goog-signature|x-goog-credential)=)[^&#\s"'<>]+/gi;
// The prefixes keys announce themselves with, then a random tail: qs_live_AbC..., whsec_0f3a...
const PREFIXED_KEY = /\b(?:[a-z]{2,6}_)?(?:whsec|sk|rk|live|test|secret|key|token)_(?=[A-Za-z]*[0-9])[A-Za-z0-9]{16,}/gi;
// Candidates for a random key: long runs without separators ('/', '.', ':' split paths,
// host names and times into short pieces, so those are never candidates).
const KEY_LIKE_RUN = /[A-Za-z0-9_+=-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Random base62/base64 strings of 32 characters measure at least ~3.9 bits a character;
// timestamps, counters and words stay well under.
const MIN_KEY_ENTROPY = 3.8;

// Values shorter than this are not registered: replacing every "a" in a log would hide
// everything and protect nothing.
const MIN_SECRET_LENGTH = 4;
const MAX_DEPTH = 6;

export interface Redactor {
  /** Registers a secret value: from now on it is masked wherever it appears. */
  add(value: string | null | undefined): void;
  /** Forgets a secret value (e.g. a replaced token), keeping the set small. */
  remove(value: string): void;
  string(text: string): string;
  /** A deep copy with secret values (and the few fields the app names as secrets) masked. */
  fields(value: unknown): unknown;
}

/** Exactly the names the app uses for secrets; a name merely containing "key" or "token" is not one. */
export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/** Whether a string looks like a random key or token: long, mixed case and digits, high entropy, not a UUID. */
export function looksLikeRandomKey(text: string): boolean {
  if (text.length < 32 || UUID.test(text)) return false;
  if (!/[a-z]/.test(text) || !/[A-Z]/.test(text) || !/[0-9]/.test(text)) return false;
  return entropyPerCharacter(text) >= MIN_KEY_ENTROPY;
}

function entropyPerCharacter(text: string): number {
  const counts = new Map<string, number>();
  for (const character of text) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const share = count / text.length;
    bits -= share * Math.log2(share);
  }
  return bits;
}

/** Masks the secrets recognisable by their shape alone, registered or not. */
export function redactShapes(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(URL_CREDENTIALS, `$1${REDACTED}@`)
    .replace(URL_SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(PREFIXED_KEY, REDACTED)
    .replace(KEY_LIKE_RUN, (run) => (looksLikeRandomKey(run) ? REDACTED : run));
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();

  function string(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is masked whole.
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return redactShapes(out);
  }

  function fields(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return string(value);
    if (value === null || typeof value !== 'object') return value;
    if (depth >= MAX_DEPTH) return '[too deep]';
    if (value instanceof Error) {
      return { name: value.name, message: string(value.message), ...(fields({ ...value }, depth + 1) as object) };
    }
    if (Array.isArray(value)) return value.map((item) => fields(item, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [name, inner] of Object.entries(value)) {
      // Flags and numbers under a secret's name (a `token` count) say nothing secret.
      const mayHoldSecret = typeof inner === 'string' || (typeof inner === 'object' && inner !== null);
      out[name] = isSecretFieldName(name) && mayHoldSecret ? REDACTED : fields(inner, depth + 1);
    }
    return out;
  }

  return {
    add(value) {
      if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value);
    },
    remove(value) {
      secrets.delete(value);
    },
    string,
    fields: (value) => fields(value),
  };
}

/** One process-wide redactor: every secret the core learns is registered here. */
export const globalRedactor: Redactor = createRedactor();
