// The team desk's notices through the one policy: each told once (the team ledger: not again
// after a restart, a re-sync or a replay of the bucket), worded with who did what to which
// quote, the quote unread again, preferences and quiet hours honoured, a click opening it.
import type { AccountsService } from '../accounts/types';
import type { QuoteCache } from '../cache';
import { m } from '../../../i18n/paraglide/messages.js';
import { isolate } from './isolate';
import type { NotificationCenter, Outcome } from './notification-center';
import { quoteChangeOf } from './quote-change';
import type { TeamLedger } from './team-ledger';
import type { TeamNotice, TeamNotices } from './team-notice';

export interface TeamNotifierDeps {
  center: Pick<NotificationCenter, 'handle'>;
  accounts: Pick<AccountsService, 'list'>;
  /** The quote's number, project and company, when this computer has them. */
  cache: Pick<QuoteCache, 'get'>;
  ledger: TeamLedger;
}

/** A note or comment is the author's own words: shown as written, but not a page of them. */
const TEXT_SHOWN = 160;

export async function notifyTeamNotices(deps: TeamNotifierDeps, batch: TeamNotices): Promise<Outcome[]> {
  deps.ledger.begin(batch.me, batch.notices);
  const outcomes: Outcome[] = [];
  for (const notice of batch.notices) {
    if (!deps.ledger.claim(notice.id, notice.at)) continue;
    const quote = deps.cache.get(notice.accountId, notice.quoteId)?.list ?? null;
    const change = await quoteChangeOf(deps.accounts, notice.accountId, {
      source: 'team',
      kind: notice.kind,
      quoteId: notice.quoteId,
      quoteNumber: quote?.quoteNumber ?? null,
      projectName: quote?.projectName ?? null,
      companyName: quote?.companyName ?? null,
      amount: quote?.totalPrice ? { value: quote.totalPrice.amount, currency: quote.totalPrice.currency } : null,
      changeKey: `team|${notice.id}`,
      occurredAt: new Date(notice.at).toISOString(),
      words: teamWords(notice, quote?.quoteNumber ?? null),
    });
    if (change) outcomes.push(deps.center.handle(change));
  }
  return outcomes;
}

/** Who did what to which quote, in the language spoken now; the author's text below it. */
export function teamWords(notice: TeamNotice, quoteNumber: string | null): { title: string; detail: string | null } {
  const subject = quoteNumber ? m.desk_notify_quote({ ref: isolate(quoteNumber) }) : m.desk_notify_quote_unnamed();
  const said = { name: isolate(notice.by.name), subject };
  const title = {
    'team.assigned': () => m.desk_notify_assigned(said),
    'team.approval_requested': () => m.desk_notify_approval_requested(said),
    'team.approved': () => m.desk_notify_approved(said),
    'team.refused': () => m.desk_notify_refused(said),
    'team.mentioned': () => m.desk_notify_mentioned(said),
  }[notice.kind]();
  const text = notice.text?.trim() ?? '';
  return { title, detail: text === '' ? null : text.length > TEXT_SHOWN ? `${text.slice(0, TEXT_SHOWN - 1)}…` : text };
}
