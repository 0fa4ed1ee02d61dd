// Why an entry of the bucket was not applied: a code in the team's state, put in words only
// where a person reads it, so the state never holds one language's sentence.
import { m } from '../../../i18n/paraglide/messages.js';
import type { Locale } from '../../../i18n/paraglide/runtime.js';

export type UnverifiedReason =
  | 'not-signed-by-admin'
  | 'join-signed-by-other-key'
  | 'other-team'
  | 'bad-signature'
  | 'not-an-entry'
  | 'unknown-key'
  | 'not-admitted-then'
  | 'not-the-asked-approver'
  | 'decision-without-request';

const WORDS: Record<UnverifiedReason, (inputs?: Record<string, never>, options?: { locale?: Locale }) => string> = {
  'not-signed-by-admin': m.team_unverified_not_admin_signed,
  'join-signed-by-other-key': m.team_unverified_join_other_key,
  'other-team': m.team_unverified_other_team,
  'bad-signature': m.team_unverified_bad_signature,
  'not-an-entry': m.team_unverified_not_entry,
  'unknown-key': m.team_unverified_unknown_key,
  'not-admitted-then': m.team_unverified_not_admitted_then,
  'not-the-asked-approver': m.team_unverified_not_asked_approver,
  'decision-without-request': m.team_unverified_orphan_decision,
};

/** The reason in words: in the current language, or in `locale` (English for the CLI's --json). */
export function unverifiedReasonText(reason: UnverifiedReason, locale?: Locale): string {
  return WORDS[reason]({}, locale === undefined ? {} : { locale });
}
