// All state of one simulator instance. Mutated only through lifecycle/ and auth/.
import type { CompanyRecord, JobRecord, Person, ProjectRecord, QuoteRecord, RfqRecord, TargetMarket } from './model';
import type { Random } from './random';

export class World {
  readonly quotes: QuoteRecord[] = [];
  readonly quotesById = new Map<string, QuoteRecord>();
  readonly rfqs = new Map<string, RfqRecord>();
  readonly projects = new Map<string, ProjectRecord>();
  readonly jobs = new Map<string, JobRecord>();
  private counters = { quote: 0, project: 0, job: 0, rfq: 0 };

  constructor(
    readonly random: Random,
    readonly companies: CompanyRecord[],
    readonly staff: Person[],
    readonly markets: TargetMarket[],
  ) {}

  company(id: string): CompanyRecord | undefined {
    return this.companies.find((company) => company.id === id);
  }

  /** Quotes are kept oldest first; new ones are appended, so "newest first" is a reverse walk. */
  addQuote(quote: QuoteRecord): void {
    this.quotes.push(quote);
    this.quotesById.set(quote.id, quote);
  }

  nextQuoteNumber(atMs: number): string {
    this.counters.quote += 1;
    return `Q-${new Date(atMs).getUTCFullYear()}-${String(this.counters.quote).padStart(4, '0')}`;
  }

  nextRfqNumber(atMs: number): string {
    this.counters.rfq += 1;
    return `RFQ-${new Date(atMs).getUTCFullYear()}-${String(this.counters.rfq).padStart(4, '0')}`;
  }

  nextProjectNumber(atMs: number): string {
    this.counters.project += 1;
    return `P-${new Date(atMs).getUTCFullYear()}-${String(this.counters.project).padStart(4, '0')}`;
  }

  nextJobNumber(): string {
    this.counters.job += 1;
    return `J-${String(this.counters.job).padStart(5, '0')}`;
  }
}
