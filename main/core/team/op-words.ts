// What a queued team change does, kept with it in the outbox as facts (not one language's
// sentence), so `quotedesk team` says it in the reader's language; the op's `what` keeps the
// English words for --json and for outboxes written before the facts were kept.
import { z } from 'zod';
import { m } from '../../../i18n/paraglide/messages.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';

export const OpSaid = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('join'), email: z.string() }),
  z.object({ kind: z.literal('admit'), email: z.string(), role: z.string() }),
  z.object({ kind: z.literal('remove'), email: z.string() }),
  z.object({ kind: z.literal('policy'), account: z.string() }),
  z.object({ kind: z.literal('assign'), quote: z.string(), email: z.string() }),
  z.object({ kind: z.literal('unassign'), quote: z.string() }),
  z.object({ kind: z.literal('note'), quote: z.string() }),
  z.object({ kind: z.literal('request'), quote: z.string(), email: z.string() }),
  z.object({ kind: z.literal('decision'), quote: z.string(), approved: z.boolean() }),
]);
export type OpSaid = z.infer<typeof OpSaid>;

export interface OpWordsOptions {
  /** English for what is stored and printed as JSON; the current language otherwise. */
  locale?: Locale;
  /** Applied to each piece of data in the sentence (an e-mail, a quote id, an account name): the CLI isolates and cleans them. */
  data?: (text: string) => string;
}

/** The change in words. Roles stay as `--role` takes them (member, approver, admin). */
export function opWords(said: OpSaid, options: OpWordsOptions = {}): string {
  const data = options.data ?? ((text: string) => text);
  const at = options.locale === undefined ? {} : { locale: options.locale };
  switch (said.kind) {
    case 'join':
      return m.team_op_join({ email: data(said.email) }, at);
    case 'admit':
      return m.team_op_admit({ email: data(said.email), role: said.role }, at);
    case 'remove':
      return m.team_op_remove({ email: data(said.email) }, at);
    case 'policy':
      return m.team_op_policy({ account: data(said.account) }, at);
    case 'assign':
      return m.team_op_assign({ quote: data(said.quote), email: data(said.email) }, at);
    case 'unassign':
      return m.team_op_unassign({ quote: data(said.quote) }, at);
    case 'note':
      return m.team_op_note({ quote: data(said.quote) }, at);
    case 'request':
      return m.team_op_request({ quote: data(said.quote), email: data(said.email) }, at);
    case 'decision':
      return said.approved ? m.team_op_approve({ quote: data(said.quote) }, at) : m.team_op_refuse({ quote: data(said.quote) }, at);
  }
}
