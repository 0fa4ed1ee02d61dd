export { InboxIndex } from './inbox-index';
export { DUE_RANGES, INBOX_SORTS, INBOX_STAGES, VALIDITY_RANGES } from './types';
export type * from './types';
export { needsAction, stageOf } from './status';
export { selectionOf } from './selection';
export { SelectionScratch } from './selection-scratch';
export type { InboxSelectionInput } from './selection';
export { dayOf, NO_DAY } from './facts';
