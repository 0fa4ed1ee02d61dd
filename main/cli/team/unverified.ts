// Entries that were not applied are said once per data folder: their key and revision are
// remembered in the settings, so the next command does not repeat them.
import type { TeamState } from '../../core/team';
import type { DataFolder } from '../data-folder';
import { terminalText } from '../terminal-text';

const REPORTED_SETTING = 'team.reportedUnverified';
/** Enough to never repeat a recent one; the oldest are forgotten first. */
const REMEMBERED = 2_000;

export function reportUnverified(folder: DataFolder, state: TeamState, stderr: { write(text: string): unknown }, json: boolean): void {
  const known = new Set(folder.settings.get<string[]>(REPORTED_SETTING) ?? []);
  const fresh = state.unverified.filter((item) => !known.has(`${item.kvKey}@${item.revision}`));
  if (fresh.length === 0) return;
  for (const item of fresh) {
    const claimed = item.claimed ? `${item.claimed.name} <${item.claimed.email}>` : 'nobody it names';
    stderr.write(json ? `${JSON.stringify({ unverified: { key: item.kvKey, revision: item.revision, claimedAuthor: item.claimed?.email ?? null, reason: item.reason } })}\n` : `quotedesk: unverified entry from ${terminalText(claimed)} not applied (${item.reason}): ${item.kvKey}\n`);
  }
  folder.settings.set(REPORTED_SETTING, [...known, ...fresh.map((item) => `${item.kvKey}@${item.revision}`)].slice(-REMEMBERED));
}
