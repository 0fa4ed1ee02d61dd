// Bounds of the offline settings: the contract checks them, the core falls back to the
// default outside them (a hand-edited settings file), and the form offers only these.

/** Minutes between two complete sync passes of an account. */
export const SYNC_INTERVAL_MINUTES = { min: 1, max: 24 * 60, default: 5 } as const;

/** Room for cached PDFs, in megabytes: beyond it the least recently used go first. */
export const PDF_LIMIT_MEGABYTES = { min: 50, max: 100_000, default: 500 } as const;
