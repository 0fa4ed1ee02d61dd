import type { Member } from './members';
import type { InboxRow } from './types';

/** What the inbox shows of a member of a scope: the quote's fields, the shown account's view, and every account's. */
export function rowOf(member: Member): InboxRow {
  const quote = member.quote;
  const shown = member.shown;
  const row = quote.shown.source;
  const all = quote.views;
  const views = shown === all[0] ? all : [shown, ...all.filter((view) => view !== shown)];
  return {
    accountId: shown.account.id,
    quoteId: quote.quoteId,
    quoteNumber: row.quoteNumber,
    projectName: row.projectName,
    companyName: row.companyName,
    referenceNumber: row.referenceNumber,
    status: shown.source.status,
    stage: shown.stage,
    needsAction: shown.needsAction,
    totalAmount: row.totalAmount,
    currency: row.currency,
    quoteDate: row.quoteDate,
    deadlineForQuote: row.deadlineForQuote,
    projectDueDate: row.projectDueDate,
    validUntil: row.validUntil,
    hasDetails: shown.source.hasDetails,
    pdf: shown.pdf,
    accounts: views.map((view) => ({ accountId: view.account.id, status: view.source.status, stage: view.stage, needsAction: view.needsAction })),
  };
}
