import { z } from 'zod';

// Snoozing a quote: it leaves the inbox's views until its wake time (or until it changes),
// waits in the Snoozed view, and comes back with a notification. One snooze per quote,
// whichever account's key sees it.

/** At most this many quotes wait snoozed (a person's snoozes, with room to spare). */
export const SNOOZES_MAX = 5000;

export const Snooze = z.object({
  /** The account it was snoozed through: where "open" and the notification take the person. */
  accountId: z.string().min(1).max(200),
  quoteId: z.guid(),
  /** When it comes back (ISO 8601). */
  until: z.iso.datetime({ offset: true }),
  /** When it was snoozed (ISO 8601). */
  snoozedAt: z.iso.datetime({ offset: true }),
  quoteNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type Snooze = z.infer<typeof Snooze>;

export const SnoozeInput = z.object({
  accountId: z.string().min(1).max(200),
  quoteId: z.guid(),
  /** When it comes back (ISO 8601); must be in the future. */
  until: z.iso.datetime({ offset: true }),
});
export type SnoozeInput = z.infer<typeof SnoozeInput>;

export const UnsnoozeInput = z.object({ quoteId: z.guid() });

/** Every snoozed quote, soonest to wake first. */
export const SnoozeList = z.array(Snooze).max(SNOOZES_MAX);

export const snoozeMethods = {
  /** Every snoozed quote with its wake time, soonest first. */
  'snooze.list': { input: z.void(), output: SnoozeList },
  /** Snoozes a quote until a time (a later time replaces its snooze); answers every snooze. */
  'snooze.set': { input: SnoozeInput, output: SnoozeList },
  /** Brings a snoozed quote back now; answers every snooze. */
  'snooze.clear': { input: UnsnoozeInput, output: SnoozeList },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export const snoozeEvents = {
  /** The snoozes moved (one set, cleared, or woken by its time or a change): every snooze, soonest first. */
  'snooze.changed': SnoozeList,
} as const;
