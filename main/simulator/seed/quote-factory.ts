// Builds one quote record: used by the seed and by the operator's "create quote".
//
// What a list page, a search or a status filter reads (id, status, names, dates) is drawn at
// once from the world's stream. The bulky rest (the pricing and its revisions, the project
// team, the longer texts) is drawn from the quote's own stream the first time it is read, so
// a world of 200,000 quotes starts in seconds and holds only the quotes someone opened. The
// same seed gives the same quote whichever order its parts are read in.
import { Random } from '../random';
import type { CompanyRecord, Person, PricingRecord, QuoteRecord, QuoteRevision } from '../model';
import { DAY_MS, isoDate } from '../model';
import type { World } from '../world';
import { AUDIENCES, PROJECT_QUALIFIERS, PROJECT_SUBJECTS } from './catalog';
import { generatePricing, revisePricing } from './pricing';

export interface NewQuoteInput {
  company: CompanyRecord;
  createdAt: number;
  projectName?: string;
  /** False leaves the quote unpriced (totalPrice null), as a quote still being prepared may be. */
  priced?: boolean;
  /** The RFQ the quote answers; a new RFQ id and number are drawn without one. */
  rfq?: { id: string; number: string };
}

export function buildPendingQuote(world: World, random: Random, input: NewQuoteInput): SeededQuote {
  const { company, createdAt } = input;
  const subject = random.pick(PROJECT_SUBJECTS);
  const dueMs = createdAt + random.int(14, 60) * DAY_MS;
  return new SeededQuote(world, company, {
    // Drawn first: the quote's own stream does not depend on what the world drew before it beyond this.
    contentSeed: random.int(0, 0xffff_ffff),
    priced: input.priced ?? true,
    dueMs,
    subject,
    files: random.int(2, 40),
    id: random.uuid(),
    projectName: input.projectName ?? projectNameOf(subject, random.pick(PROJECT_QUALIFIERS)),
    referenceNumber: random.chance(0.7) ? `${company.name.slice(0, 3).toUpperCase()}-${random.int(1000, 9999)}` : null,
    poNumber: random.chance(0.4) ? `PO-${random.int(100000, 999999)}` : null,
    poRequired: random.chance(0.5),
    rfqId: input.rfq ? input.rfq.id : random.uuid(),
    rfqNumber: input.rfq ? input.rfq.number : world.nextRfqNumber(createdAt),
    deadlineForQuote: isoDate(createdAt + random.int(2, 7) * DAY_MS),
    projectDueDate: isoDate(dueMs),
    createdAt,
  });
}

// A few hundred distinct names over any number of quotes: one string each.
const projectNames = new Map<string, string>();
function projectNameOf(subject: string, qualifier: string): string {
  const key = `${subject}\u0000${qualifier}`;
  let name = projectNames.get(key);
  if (name === undefined) projectNames.set(key, (name = `${subject} ${qualifier}`));
  return name;
}

/** The fields a list page shows are drawn at once; the rest from the quote's own stream on first read. */
type ListedFields = 'id' | 'projectName' | 'referenceNumber' | 'poNumber' | 'poRequired' | 'rfqId' | 'rfqNumber' | 'deadlineForQuote' | 'projectDueDate' | 'createdAt';

interface EagerFields extends Pick<QuoteRecord, ListedFields> {
  contentSeed: number;
  priced: boolean;
  dueMs: number;
  subject: string;
  /** How many source files the description names: the list shows it, so it is drawn at once. */
  files: number;
}

/** What the quote's own stream holds, drawn in this order. */
interface Content {
  backgroundSubject: string;
  targetAudience: string;
  team: { members: Person[]; ownerId: string };
  revisions: QuoteRevision[];
}

export class SeededQuote implements QuoteRecord {
  readonly id: string;
  readonly companyId: string;
  quoteNumber: string | null = null;
  status: QuoteRecord['status'] = 'PENDING';
  projectName: string;
  referenceNumber: string | null;
  poNumber: string | null;
  poRequired: boolean;
  rfqId: string;
  rfqNumber: string;
  deadlineForQuote: string;
  projectDueDate: string;
  createdAt: number;
  updatedAt: number;
  quoteDate: number | null = null;
  validUntil: number | null = null;
  declineReason: string | null = null;
  projectId: string | null = null;
  private readonly contentSeed: number;
  private readonly priced: boolean;
  private readonly dueMs: number;
  private readonly subject: string;
  private readonly files: number;
  /** When the seed's history revised the offer (after the first version); replayed when the content is drawn. */
  private readonly revisedAt: number[] = [];
  private content: Content | null = null;

  constructor(
    private readonly world: Pick<World, 'staff' | 'markets'>,
    private readonly company: CompanyRecord,
    fields: EagerFields,
  ) {
    this.companyId = company.id;
    this.contentSeed = fields.contentSeed;
    this.priced = fields.priced;
    this.dueMs = fields.dueMs;
    this.subject = fields.subject;
    this.files = fields.files;
    this.id = fields.id;
    this.projectName = fields.projectName;
    this.referenceNumber = fields.referenceNumber;
    this.poNumber = fields.poNumber;
    this.poRequired = fields.poRequired;
    this.rfqId = fields.rfqId;
    this.rfqNumber = fields.rfqNumber;
    this.deadlineForQuote = fields.deadlineForQuote;
    this.projectDueDate = fields.projectDueDate;
    this.createdAt = fields.createdAt;
    this.updatedAt = fields.createdAt;
  }

  // Built when read, not kept: a list page shows it for every quote.
  get projectDescription(): string {
    return `${this.subject} localisation for ${this.company.name}: ${this.files} source files.`;
  }

  get backgroundInfo(): string {
    return `Follows the ${this.drawn().backgroundSubject.toLowerCase()} delivered last year.`;
  }

  get targetAudience(): string {
    return this.drawn().targetAudience;
  }

  get team(): Content['team'] {
    return this.drawn().team;
  }

  get revisions(): QuoteRevision[] {
    return this.drawn().revisions;
  }

  /**
   * A revision of the seeded history, before anyone read the quote: only its time is kept
   * now, and the new pricing is drawn with the rest of the content.
   */
  reviseInHistory(at: number): void {
    if (this.content) throw new Error('the seeded history is written before the quote is read');
    if (!this.priced) throw new Error(`Quote ${this.id} has no pricing to revise`);
    this.revisedAt.push(at);
    this.updatedAt = at;
  }

  /** The pricing in force, without keeping the content of a quote nobody opened (a list page reads thousands). */
  peekPricing(): PricingRecord | null {
    return (this.content ?? this.draw()).revisions.at(-1)?.pricing ?? null;
  }

  private drawn(): Content {
    return (this.content ??= this.draw());
  }

  private draw(): Content {
    const random = new Random(this.contentSeed);
    const backgroundSubject = random.pick(PROJECT_SUBJECTS);
    const targetAudience = random.pick(AUDIENCES);
    const members = random.sample(this.world.staff, random.int(2, 4));
    const team = { members, ownerId: (members[0] as Person).id };
    const revisions: QuoteRevision[] = [
      { revision: 1, at: this.createdAt, pricing: this.priced ? generatePricing(random, this.company.currency, this.world.markets, this.dueMs) : null },
    ];
    for (const at of this.revisedAt) {
      const previous = revisions.at(-1) as QuoteRevision;
      revisions.push({ revision: previous.revision + 1, at, pricing: revisePricing(random, previous.pricing as PricingRecord) });
    }
    return { backgroundSubject, targetAudience, team, revisions };
  }
}
