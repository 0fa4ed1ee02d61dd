import { z } from 'zod';
import { KeyAccess, LIST_LIMIT_MAX, Pagination, QuoteListItem, QuoteStatus } from '../service/quote';

export const QuotesListInput = z.object({
  accountId: z.string().min(1),
  page: z.number().int().positive().default(1),
  limit: z.number().int().positive().max(LIST_LIMIT_MAX).default(50),
  status: QuoteStatus.optional(),
  search: z.string().trim().max(200).optional(),
});
export type QuotesListInput = z.input<typeof QuotesListInput>;

export const QuotesPage = z.object({
  items: z.array(QuoteListItem),
  pagination: Pagination,
  /** The account's key kind: it decides which statuses and actions the UI offers. */
  access: KeyAccess,
});
export type QuotesPage = z.infer<typeof QuotesPage>;
