// The changes sync found, for the activity view beside the webhook deliveries: so a person
// sees what arrived by webhook, what only polling caught, and what a catch-up recovered after
// sleep, a network change or a tunnel restart. Memory only, a bounded number per account.
import type { DetectedChange } from '../../../preload/contract';
import type { StoredQuote } from '../cache/events';
import { REVISED_WORDS } from './pipeline';

export interface DetectedFilter {
  type?: string;
  limit?: number;
}

export class DetectedChanges {
  private readonly byAccount = new Map<string, DetectedChange[]>();

  /** `newId` is shared with the inspector, so an entry's id is unique in the whole view. */
  constructor(
    private readonly newId: () => number,
    private readonly perAccount = 200,
  ) {}

  /** One entry per quote that really changed; quotes with nothing worth showing are left out. */
  record(accountId: string, source: DetectedChange['source'], at: number, quotes: StoredQuote[]): DetectedChange[] {
    let list = this.byAccount.get(accountId);
    if (!list) this.byAccount.set(accountId, (list = []));
    const added: DetectedChange[] = [];
    for (const stored of quotes) {
      if (stored.changes.length === 0) continue;
      const entry: DetectedChange = {
        source,
        id: this.newId(),
        accountId,
        receivedAt: at,
        event: `quote.${primaryKind(stored.changes)}`,
        quoteId: stored.quoteId,
        quoteNumber: stored.quoteNumber,
        projectName: stored.projectName,
        caused: describeChanges(stored.changes),
      };
      list.push(entry);
      added.push(entry);
    }
    if (list.length > this.perAccount) list.splice(0, list.length - this.perAccount);
    return added;
  }

  /** Newest first. */
  list(accountId: string, filter: DetectedFilter = {}): DetectedChange[] {
    const all = (this.byAccount.get(accountId) ?? []).filter((entry) => filter.type === undefined || entry.event === filter.type);
    return all.reverse().slice(0, filter.limit ?? all.length);
  }

  forget(accountId: string): void {
    this.byAccount.delete(accountId);
  }
}

const PRIORITY: StoredQuote['changes'][number]['kind'][] = ['new', 'status', 'revised', 'pricing', 'updated'];

/** What the entry is filed under: the change a person cares most about (as notifications rank them). */
function primaryKind(changes: StoredQuote['changes']): string {
  return PRIORITY.find((kind) => changes.some((change) => change.kind === kind)) ?? changes[0]!.kind;
}

/** The same words the webhook pipeline uses for what a delivery caused. */
export function describeChanges(changes: StoredQuote['changes']): string {
  return changes
    .map((change) => {
      switch (change.kind) {
        case 'new':
          return 'new quote';
        case 'status':
          return `status ${change.from} -> ${change.to}`;
        case 'pricing':
          return `price ${money(change.from)} -> ${money(change.to)}`;
        case 'revised':
          return REVISED_WORDS;
        case 'updated':
          return `updated ${change.fields.join(', ')}`;
      }
    })
    .join('; ');
}

function money(value: { amount: number; currency: string } | null): string {
  return value === null ? 'none' : `${value.amount} ${value.currency}`;
}
