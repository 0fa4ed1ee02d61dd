// Builds one quote record: used by the seed and by the operator's "create quote".
import type { Random } from '../random';
import type { CompanyRecord, Person, QuoteRecord } from '../model';
import { DAY_MS, isoDate } from '../model';
import type { World } from '../world';
import { AUDIENCES, PROJECT_QUALIFIERS, PROJECT_SUBJECTS } from './catalog';
import { generatePricing } from './pricing';

export interface NewQuoteInput {
  company: CompanyRecord;
  createdAt: number;
  projectName?: string;
  /** False leaves the quote unpriced (totalPrice null), as a quote still being prepared may be. */
  priced?: boolean;
  /** The RFQ the quote answers; a new RFQ id and number are drawn without one. */
  rfq?: { id: string; number: string };
}

export function buildPendingQuote(world: World, random: Random, input: NewQuoteInput): QuoteRecord {
  const { company, createdAt } = input;
  const subject = random.pick(PROJECT_SUBJECTS);
  const projectName = input.projectName ?? `${subject} ${random.pick(PROJECT_QUALIFIERS)}`;
  const dueMs = createdAt + random.int(14, 60) * DAY_MS;
  const members = teamFor(random, world.staff);
  const owner = members[0] as Person;
  const priced = input.priced ?? true;
  return {
    id: random.uuid(),
    companyId: company.id,
    quoteNumber: null,
    status: 'PENDING',
    projectName,
    projectDescription: `${subject} localisation for ${company.name}: ${random.int(2, 40)} source files.`,
    backgroundInfo: `Follows the ${random.pick(PROJECT_SUBJECTS).toLowerCase()} delivered last year.`,
    targetAudience: random.pick(AUDIENCES),
    referenceNumber: random.chance(0.7) ? `${company.name.slice(0, 3).toUpperCase()}-${random.int(1000, 9999)}` : null,
    poNumber: random.chance(0.4) ? `PO-${random.int(100000, 999999)}` : null,
    poRequired: random.chance(0.5),
    rfqId: input.rfq ? input.rfq.id : random.uuid(),
    rfqNumber: input.rfq ? input.rfq.number : world.nextRfqNumber(createdAt),
    deadlineForQuote: isoDate(createdAt + random.int(2, 7) * DAY_MS),
    projectDueDate: isoDate(dueMs),
    createdAt,
    updatedAt: createdAt,
    quoteDate: null,
    validUntil: null,
    team: { members, ownerId: owner.id },
    revisions: [
      { revision: 1, at: createdAt, pricing: priced ? generatePricing(random, company.currency, world.markets, dueMs) : null },
    ],
    declineReason: null,
    projectId: null,
  };
}

function teamFor(random: Random, staff: readonly Person[]): Person[] {
  return random.sample(staff, random.int(2, 4));
}
