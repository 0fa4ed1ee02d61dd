import type { InboxFacetQuery } from './types';

/** The part of a bridge input that selects quotes (preload/contract's InboxFilterInput, parsed). */
export interface InboxSelectionInput extends Omit<InboxFacetQuery, 'expiringWithinDays' | 'now' | 'hidden'> {
  expiringSoon?: boolean;
}

/**
 * The index's filters for what the bridge asked: one mapping for the core's handler and
 * the renderer tests' fake bridge, so the two cannot read a filter differently.
 */
export function selectionOf(input: InboxSelectionInput, options: { expiringSoonDays: number; now: number; hidden?: ReadonlySet<string> }): InboxFacetQuery {
  const { expiringSoon, ...rest } = input;
  return { ...rest, expiringWithinDays: expiringSoon ? options.expiringSoonDays : undefined, now: options.now, hidden: options.hidden };
}
