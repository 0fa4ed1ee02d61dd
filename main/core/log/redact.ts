// Secrets must never reach a log line or an error message. Two nets catch them: field names
// that look secret, and the actual secret values the app registers as it learns them
// (API keys, client secrets, access tokens), wherever they appear inside a string.

export const REDACTED = '[redacted]';

const SECRET_FIELD = /(key|secret|token|password|passwd|authori[sz]ation|api-?key|credential|cookie)/i;

// Shapes that are secrets whoever registered them: bearer values and JWTs.
const BEARER = /\b(Bearer)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

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
  /** A deep copy with secret-looking fields and registered values masked. */
  fields(value: unknown): unknown;
}

export function isSecretFieldName(name: string): boolean {
  return SECRET_FIELD.test(name);
}

export function createRedactor(): Redactor {
  const secrets = new Set<string>();

  function string(text: string): string {
    let out = text;
    // Longest first, so a secret that contains another is masked whole.
    for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out.replace(BEARER, `$1 ${REDACTED}`).replace(JWT, REDACTED);
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
      // Booleans and numbers under a secret-sounding name (credentialsSet, tokenExpiresAt)
      // say nothing secret; strings and objects might.
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
