import { z } from 'zod';
import { DateTime, Uuid } from './primitives';

export const WebhookRegisterRequest = z.object({ url: z.string() });

/** Registration as returned by POST (with the signing secret, shown only then). */
export const WebhookRegistration = z.object({
  id: Uuid,
  url: z.string(),
  secret: z.string().min(1),
  isActive: z.boolean(),
  createdAt: DateTime,
  updatedAt: DateTime.optional(),
});
export type WebhookRegistration = z.infer<typeof WebhookRegistration>;

/** Registration as returned by GET: never the secret. */
export const WebhookInfo = z.object({
  id: Uuid,
  url: z.string(),
  isActive: z.boolean(),
  createdAt: DateTime,
  updatedAt: DateTime.optional(),
});
export type WebhookInfo = z.infer<typeof WebhookInfo>;

// The spec does not say whether webhook responses carry the {success, data} envelope:
// the client accepts both readings.
export function maybeEnveloped<T extends z.ZodType>(inner: T) {
  const wrapped = z.object({ success: z.literal(true), data: inner });
  return z.union([wrapped.transform((value) => (value as { data: z.output<T> }).data), inner]);
}

export const EVENT_TYPES = [
  'rfq.status_changed',
  'rfq.info_submitted',
  'rfq.assets_uploaded',
  'rfq.submitted',
  'rfq.copied',
  'rfq.cancelled',
  'quote.created',
  'quote.status_changed',
  'quote.sent_to_client',
  'quote.accepted',
  'quote.rejected',
  'quote.revised_and_sent',
  'quote.cancelled',
  'quote.converted_to_project',
  'project.status_changed',
  'project.created',
  'project.team_updated',
  'project.sent_for_billing',
  'project.delivered',
  'project.copied',
  'project.cancelled',
  'job.created',
  'job.started',
  'job.talent_assigned',
  'job.request_rejected',
  'job.reassigned',
  'job.delivery_submitted',
  'job.delivery_updated',
  'job.delivery_approved',
  'job.delivery_rejected',
  'job.feedback_submitted',
  'job.approved_for_invoicing',
  'job.archived',
  'job.cancelled',
] as const;
export type KnownEventType = (typeof EVENT_TYPES)[number];

/** Unknown event types are kept, never dropped: `event` is any string. */
export const WebhookEventData = z.looseObject({
  entityId: Uuid,
  companyId: Uuid,
  timestamp: DateTime,
  entityNumber: z.string().nullable().optional(),
  oldStatus: z.string().nullable().optional(),
  newStatus: z.string().nullable().optional(),
  entityName: z.string().nullable().optional(),
});
export const WebhookEnvelope = z.object({
  event: z.string().min(1),
  data: WebhookEventData,
});
export type WebhookEnvelope = z.infer<typeof WebhookEnvelope>;

export const WEBHOOK_HEADERS = {
  event: 'x-webhook-event',
  signature: 'x-webhook-signature',
} as const;

/**
 * The service's delivery rules (spec, "Retries"), as written. "Up to 3 attempts" with three
 * waits does not add up; the simulator's reading is `DELIVERY_SCHEDULE_MS` in
 * main/simulator/webhooks/delivery.ts. A receiver must not depend on either reading.
 */
export const WEBHOOK_DELIVERY = {
  attemptTimeoutMs: 10_000,
  attempts: 3,
  waitsMs: [1_000, 5_000, 25_000],
} as const;
