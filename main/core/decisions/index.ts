export { createDecisions, STALE_AFTER_MS } from './decisions';
export type { CachedQuote, DecideRequest, DecisionAccounts, DecisionDeps, Decisions } from './decisions';
export type { DecisionEvents } from './events';
export { changedMessage, explainRefusal } from './explain';
export { openReceiptStore } from './receipts';
export type { ReceiptFileProblem, ReceiptStore } from './receipts';
export { ApprovalNeededError } from './accept-approval';
export type { AcceptApproval } from './accept-approval';
