import { z } from 'zod';

// Tolerant of any UUID-shaped id: the spec says v4, but a client must not reject a
// quote because the service minted another version.
export const Uuid = z.guid();

export const DateTime = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), { message: 'expected an ISO 8601 date-time' });

export const DateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date as YYYY-MM-DD');

export const Money = z.object({
  amount: z.number(),
  currency: z.string().min(1),
});
export type Money = z.infer<typeof Money>;

export const UrlRef = z.object({ url: z.string() });

/** The `{success: true, data}` envelope of every successful quote response. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
