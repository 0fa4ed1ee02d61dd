import type { BridgeApi, BridgeError, ExportDelivered, ExportFormat, InboxFilterInput, InsightRangePreset, InsightSplit, InsightTable, InsightsFigures, PriceHistoryAnswer, Result } from '../../../../preload/contract';

/** Changes closer together than this are counted once. */
const CHANGES_PAUSE_MS = 400;

export type InsightsBridge = Pick<BridgeApi, 'insights'> & { events: Pick<BridgeApi['events'], 'inbox.changed'> };

/**
 * The Insights view: its range and split, and the figures the core computed for them over
 * the inbox's selection. Each read carries a sequence number, so a slow answer for an older
 * range never overwrites a newer one.
 */
export class InsightsState {
  range = $state<InsightRangePreset>('last-12-months');
  /** With the custom range: its first and last day (YYYY-MM-DD). */
  from = $state('');
  to = $state('');
  splitBy = $state<InsightSplit>('company');
  figures = $state<InsightsFigures | null>(null);
  error = $state<BridgeError | null>(null);
  loading = $state(false);
  readonly #api: InsightsBridge;
  #asked = 0;
  #view: InboxFilterInput = {};
  /** Quotes changed while a read was on its way: read again once it ends, rather than superseding it (under steady changes no answer would ever land). */
  #changedMeanwhile = false;

  constructor(api: InsightsBridge) {
    this.#api = api;
  }

  /** Reads the figures for the inbox's selection `view` (kept for the next reads). */
  async load(view: InboxFilterInput = this.#view): Promise<void> {
    this.#view = view;
    if (this.range === 'custom' && (this.from === '' || this.to === '')) return;
    const asked = ++this.#asked;
    this.loading = true;
    const result = await this.#api.insights.figures(this.#asking());
    if (asked !== this.#asked) return;
    this.loading = false;
    if (this.#changedMeanwhile) {
      this.#changedMeanwhile = false;
      void this.load();
    }
    if (result.ok) {
      this.figures = result.value;
      this.error = null;
    } else {
      this.error = result.error;
    }
  }

  /** One table of the figures shown (the same selection, range and split) as a file. */
  /** "Compared with your history": the quote's pricing lines that have enough earlier quotes to compare with. */
  history(accountId: string, quoteId: string): Promise<Result<PriceHistoryAnswer>> {
    return this.#api.insights.history({ accountId, quoteId });
  }

  exportTable(table: InsightTable, format: ExportFormat): Promise<Result<ExportDelivered>> {
    return this.#api.insights.export({ ...this.#asking(), table, format });
  }

  /** The inbox's selection with the range and split chosen here. */
  #asking() {
    const custom = this.range === 'custom' ? { from: this.from, to: this.to } : {};
    return { ...this.#view, range: this.range, splitBy: this.splitBy, ...custom };
  }

  /**
   * While `shown()`, quotes the cache stored are counted again (from the cache: no call
   * reaches the service), once a burst of changes (a sync page after page) has paused.
   */
  listen(shown: () => boolean): () => void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = this.#api.events['inbox.changed'](() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!shown()) return;
        if (this.loading) this.#changedMeanwhile = true;
        else void this.load();
      }, CHANGES_PAUSE_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }
}
