// Entries that were not applied are said once per data folder: their key and revision are
// remembered in the settings, so the next command does not repeat them.
import { unverifiedReasonText } from '../../core/team';
import type { TeamState } from '../../core/team';
import type { DataFolder } from '../data-folder';
import { terminalText } from '../terminal-text';
import { m } from '../../../i18n/paraglide/messages.js';
import { ltr } from '../locale';

const REPORTED_SETTING = 'team.reportedUnverified';
/** Enough to never repeat a recent one; the oldest are forgotten first. */
const REMEMBERED = 2_000;

export function reportUnverified(folder: DataFolder, state: TeamState, stderr: { write(text: string): unknown }, json: boolean): void {
  const known = new Set(folder.settings.get<string[]>(REPORTED_SETTING) ?? []);
  const fresh = state.unverified.filter((item) => !known.has(`${item.kvKey}@${item.revision}`));
  if (fresh.length === 0) return;
  for (const item of fresh) {
    // --json keeps the reason in English, as it always said it: a script may match on it.
    if (json) {
      stderr.write(`${JSON.stringify({ unverified: { key: item.kvKey, revision: item.revision, claimedAuthor: item.claimed?.email ?? null, reason: unverifiedReasonText(item.reason, 'en') } })}\n`);
      continue;
    }
    const claimed = item.claimed ? ltr(terminalText(`${item.claimed.name} <${item.claimed.email}>`)) : m.team_unverified_nobody();
    stderr.write(`quotedesk: ${m.team_cli_unverified_entry({ claimed, reason: unverifiedReasonText(item.reason), key: ltr(terminalText(item.kvKey)) })}\n`);
  }
  folder.settings.set(REPORTED_SETTING, [...known, ...fresh.map((item) => `${item.kvKey}@${item.revision}`)].slice(-REMEMBERED));
}
