import type { BridgeApi, BridgeError, QuoteDetailView } from '../../../../preload/contract';
import type { InboxRow } from '../inbox-bridge';

/** The quote to open: a row of the inbox, or only its ids (a notification, a deep link). */
export type QuoteToOpen = Pick<InboxRow, 'accountId' | 'quoteId'> & Partial<Pick<InboxRow, 'projectName' | 'quoteNumber'>>;

/**
 * The quote opened from the inbox (Enter on a row): its detail, read cache first through
 * quotes.detail. Opening another quote before an answer came drops the older answer.
 */
export class QuoteOpenState {
  row = $state<QuoteToOpen | null>(null);
  view = $state<QuoteDetailView | null>(null);
  loading = $state(false);
  error = $state<BridgeError | null>(null);

  readonly #api: Pick<BridgeApi, 'quotes'>;
  #sequence = 0;

  constructor(api: Pick<BridgeApi, 'quotes'>) {
    this.#api = api;
  }

  async open(row: QuoteToOpen): Promise<void> {
    const sequence = ++this.#sequence;
    this.row = row;
    this.view = null;
    this.error = null;
    this.loading = true;
    const result = await this.#api.quotes.detail({ accountId: row.accountId, quoteId: row.quoteId });
    if (sequence !== this.#sequence) return;
    this.loading = false;
    if (result.ok) this.view = result.value;
    else this.error = result.error;
  }

  retry(): void {
    if (this.row) void this.open(this.row);
  }

  close(): void {
    this.#sequence++;
    this.row = null;
    this.view = null;
    this.error = null;
    this.loading = false;
  }
}
