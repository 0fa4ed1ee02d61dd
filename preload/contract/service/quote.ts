import { z } from 'zod';
import { KEY_ACCESSES, QUOTE_STATUSES } from '../plain/statuses';
import { DateOnly, DateTime, Money, UrlRef, Uuid, envelope } from './primitives';

// The lists and rules live in the zod-free part of the contract; these enums are built from them.
export { ACTIONABLE_STATUSES, QUOTE_STATUSES, clientFacingStatus } from '../plain/statuses';
export const QuoteStatus = z.enum(QUOTE_STATUSES);
export type QuoteStatus = z.infer<typeof QuoteStatus>;

/** Which kind of key the account holds: it decides which statuses exist. */
export const KeyAccess = z.enum(KEY_ACCESSES);
export type KeyAccess = z.infer<typeof KeyAccess>;

export const QuoteListItem = z.object({
  id: Uuid,
  quoteNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  projectDescription: z.string().nullable().optional(),
  status: QuoteStatus,
  companyId: Uuid.nullable(),
  companyName: z.string().nullable(),
  totalPrice: Money.nullable(),
  quoteDate: DateTime.nullable(),
  deadlineForQuote: DateOnly.nullable(),
  projectDueDate: DateOnly.nullable(),
  referenceNumber: z.string().nullable().optional(),
  validUntil: DateTime.nullable().optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.nullable().optional(),
});
export type QuoteListItem = z.infer<typeof QuoteListItem>;

export const Pagination = z.object({
  page: z.number().int().positive(),
  limit: z.number().int().positive().max(100),
  total: z.number().int().nonnegative(),
  totalPages: z.number().int().nonnegative(),
  hasNextPage: z.boolean(),
  hasPrevPage: z.boolean(),
});
export type Pagination = z.infer<typeof Pagination>;

export const QuoteListResponse = z.object({
  success: z.literal(true),
  data: z.array(QuoteListItem),
  pagination: Pagination,
});
export type QuoteListResponse = z.infer<typeof QuoteListResponse>;

export const ClientUser = z.object({
  id: Uuid,
  name: z.string(),
  email: z.string(),
  role: z.string(),
  profilePicture: UrlRef.nullable().optional(),
});

export const Company = z.object({
  id: Uuid,
  name: z.string(),
  country: z.string().nullable(),
  timezone: z.string().nullable(),
  clientUsers: z.array(ClientUser),
  logo: UrlRef.nullable().optional(),
  team: z.object({ id: Uuid, name: z.string(), shortName: z.string() }).nullable().optional(),
});
export type Company = z.infer<typeof Company>;

export const TeamMember = z.object({
  userId: Uuid,
  name: z.string(),
  email: z.string(),
  role: z.string(),
  isProjectOwner: z.boolean(),
  profilePicture: UrlRef.nullable().optional(),
});

export const ProjectOwner = z.object({
  name: z.string(),
  email: z.string(),
  userId: Uuid,
  profilePicture: UrlRef.nullable().optional(),
});

export const LineItem = z.object({
  itemName: z.string(),
  unit: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  totalPrice: z.number(),
});
export type LineItem = z.infer<typeof LineItem>;

export const PricingTargetMarket = z.object({
  targetMarketId: Uuid,
  targetMarketLabel: z.string(),
  items: z.array(LineItem),
  subTotal: z.number(),
});

export const PricingService = z.object({
  serviceName: z.string(),
  serviceType: z.string(),
  dueDate: DateOnly.nullable(),
  notes: z.string().nullable(),
  total: z.number(),
  targetMarkets: z.array(PricingTargetMarket),
});

export const PricingTeam = z.object({
  teamName: z.string(),
  currency: z.string(),
  total: z.number(),
  clientServices: z.array(PricingService),
});

export const ItemsPricing = z.object({
  teams: z.array(PricingTeam),
  total: z.number(),
  calculatedAt: DateTime.nullable(),
});
export type ItemsPricing = z.infer<typeof ItemsPricing>;

export const QuoteDetails = z.object({
  id: Uuid,
  quoteNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  projectDescription: z.string().nullable(),
  status: QuoteStatus,
  company: Company,
  totalPrice: Money.nullable(),
  quoteDate: DateTime.nullable(),
  deadlineForQuote: DateOnly.nullable(),
  projectDueDate: DateOnly.nullable(),
  validUntil: DateTime.nullable(),
  referenceNumber: z.string().nullable().optional(),
  poNumber: z.string().nullable().optional(),
  poRequired: z.boolean().nullable().optional(),
  generalInformation: z
    .object({
      projectName: z.string().nullable(),
      projectDescription: z.string().nullable(),
      backgroundInfo: z.string().nullable(),
      targetAudience: z.string().nullable(),
      referenceNumber: z.string().nullable(),
    })
    .nullable()
    .optional(),
  // The spec types timeline.projectDueDate as a date-time while the top-level field is a
  // date: accept either.
  timeline: z
    .object({
      quoteExpiryDate: DateTime.nullable(),
      projectDueDate: z.union([DateTime, DateOnly]).nullable(),
    })
    .nullable()
    .optional(),
  rfqInformation: z
    .object({
      rfqId: z.string().nullable(),
      rfqNo: z.string().nullable(),
      deadlineForQuote: DateOnly.nullable(),
    })
    .nullable()
    .optional(),
  projectTeam: z
    .object({
      members: z.array(TeamMember),
      projectOwner: ProjectOwner.nullable(),
    })
    .nullable()
    .optional(),
  itemsPricing: ItemsPricing.nullable().optional(),
  createdAt: DateTime.optional(),
  updatedAt: DateTime.nullable().optional(),
});
export type QuoteDetails = z.infer<typeof QuoteDetails>;
export const QuoteDetailsResponse = envelope(QuoteDetails);

export const QuoteDecisionResult = z.object({
  id: Uuid,
  status: z.string(),
  message: z.string(),
});
export type QuoteDecisionResult = z.infer<typeof QuoteDecisionResult>;
export const QuoteDecisionResponse = envelope(QuoteDecisionResult);

export const DECLINE_REASON_MAX = 1000;
export const DeclineRequest = z.object({
  reason: z.string().max(DECLINE_REASON_MAX).optional(),
});

export const QuotePdfLink = z.object({
  downloadUrl: z.url(),
  fileName: z.string(),
  expiresIn: z.number().int().positive(),
});
export type QuotePdfLink = z.infer<typeof QuotePdfLink>;
export const QuotePdfResponse = envelope(QuotePdfLink);

// Shapes the spec leaves unspecified: accepted as JSON objects / arrays of objects.
export const JsonObject = z.record(z.string(), z.unknown());
export type JsonObject = z.infer<typeof JsonObject>;
export const QuoteFiltersResponse = envelope(JsonObject);
export const ProjectTeamUsersResponse = envelope(z.array(JsonObject));
export const QuoteSummaryResponse = envelope(JsonObject);

export const LIST_LIMIT_MAX = 100;
