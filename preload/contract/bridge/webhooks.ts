import { z } from 'zod';
import { BridgeError } from './errors';

// Webhooks over the bridge: how deliveries reach this installation (the tunnel), each
// account's registration and health, and the activity view (what arrived, what it caused).
// No secret crosses: the signature header's value never leaves main.

/**
 * 'loopback-https' is demo mode's own tunnel; a person chooses among the others. 'relay': the
 * key's events come through the team relay (saved with relay.configure), no tunnel runs and
 * this installation registers no address of its own.
 */
export const TunnelMode = z.enum(['none', 'manual', 'cloudflared', 'loopback-https', 'relay']);
export type TunnelMode = z.infer<typeof TunnelMode>;

export const RegistrationState = z.enum(['unregistered', 'registered', 'taken-over', 'missing', 'unknown']);

export const WebhookStatus = z.object({
  accountId: z.string(),
  mode: TunnelMode,
  /** Where the service should deliver for this account, or null without a tunnel (polling only). */
  publicUrl: z.string().nullable(),
  /** The receiver on 127.0.0.1 a manual tunnel must forward to. */
  localUrl: z.string().nullable(),
  /** The URL the service had at the last check. */
  registeredUrl: z.string().nullable(),
  state: RegistrationState,
  /** Another installation registered its own URL over ours: deliveries go there now. */
  takenOver: z.boolean(),
  /** ms since the epoch. */
  lastVerifiedAt: z.number().nullable(),
  lastCheckedAt: z.number().nullable(),
  signatureFailures: z.object({ count: z.number().int().nonnegative(), lastAt: z.number().nullable(), lastReason: z.string().nullable() }),
  /** Why the last check or registration failed, in plain words. */
  problem: z.string().nullable(),
  /** The same failure typed, for the renderer's error words and a retry; absent or null when nothing failed. */
  error: BridgeError.pick({ code: true, message: true, retryable: true }).nullable().optional(),
});
export type WebhookStatus = z.infer<typeof WebhookStatus>;

/** The receiver's port on 127.0.0.1: chosen once, remembered, what a manual tunnel forwards to. */
export const ReceiverPort = z.object({
  /** The port the receiver listens on now, or null when it is not running. */
  port: z.number().int().nullable(),
  /** The port chosen for this installation, when another program held it at start (so `port` is a stand-in), else null. */
  unavailable: z.number().int().nullable(),
  /** What that means and what to do, in plain words; null when all is well. */
  problem: z.string().nullable(),
});
export type ReceiverPort = z.infer<typeof ReceiverPort>;

export const WebhooksOverview = z.object({
  mode: TunnelMode,
  /** The manual tunnel's address as entered, or null. */
  manualUrl: z.string().nullable(),
  /** Whether cloudflared was found on PATH (the 'cloudflared' choice needs it). */
  cloudflaredAvailable: z.boolean(),
  /** Why the receiver is not running, or null when it runs. */
  problem: z.string().nullable(),
  receiver: ReceiverPort,
  accounts: z.array(WebhookStatus),
});
export type WebhooksOverview = z.infer<typeof WebhooksOverview>;

export const SetTunnelInput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('cloudflared') }),
  z.object({
    mode: z.literal('manual'),
    url: z.url({ protocol: /^https$/, error: 'The public address must start with https://' }).max(2000),
    /** The local port the tunnel forwards to; kept from now on (absent: the port stays as it is). */
    port: z.number({ error: 'The port must be a whole number' }).int('The port must be a whole number').min(1024, 'Choose a port from 1024 to 65535').max(65535, 'Choose a port from 1024 to 65535').optional(),
  }),
]);
export type SetTunnelInput = z.infer<typeof SetTunnelInput>;

export const RegisterInput = z.object({
  accountId: z.string().min(1),
  /** Replace a URL this installation did not set (asked back as needs-confirmation first). */
  confirm: z.boolean().default(false),
});

export const RegisterOutcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('registered'), url: z.string() }),
  z.object({ status: z.literal('already-registered'), url: z.string() }),
  z.object({ status: z.literal('needs-confirmation'), url: z.string(), currentUrl: z.string() }),
]);
export type RegisterOutcome = z.infer<typeof RegisterOutcome>;

export const ActivityInput = z.object({
  accountId: z.string().min(1).optional(),
  type: z.string().max(80).optional(),
  limit: z.number().int().min(1).max(500).default(50),
});

/** One delivery as the activity view shows it. */
export const WebhookDelivery = z.object({
  source: z.literal('webhook'),
  /** The handle for replay. */
  id: z.number().int(),
  accountId: z.string(),
  receivedAt: z.number(),
  event: z.string().nullable(),
  /** As received, except the signature header, whose value is replaced by what the check found. */
  headers: z.record(z.string(), z.string()),
  /** The raw body as text; null when the signature was refused (an unverified body is never kept). */
  body: z.string().nullable(),
  signature: z.object({ ok: z.boolean(), detail: z.string() }),
  dedupe: z.enum(['new', 'duplicate']).nullable(),
  status: z.number().int(),
  /** What processing caused ("quote refreshed: status SENT -> ACCEPTED", "notification: shown"). */
  caused: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const detected = {
  /** Unique among every activity entry (deliveries included); not a replay handle. */
  id: z.number().int(),
  accountId: z.string(),
  /** When sync stored the change (ms since the epoch). */
  receivedAt: z.number(),
  /** The kind of change: quote.new, quote.status, quote.revised, quote.pricing, quote.updated. */
  event: z.string(),
  quoteId: z.string(),
  quoteNumber: z.string().nullable(),
  projectName: z.string().nullable(),
  /** What changed, in words ("status SENT -> ACCEPTED"). */
  caused: z.string(),
};

/**
 * A change a sync pass found. 'recovered': found by the catch-up after sleep, a network
 * change or a tunnel restart, so its webhook (if any) never arrived.
 */
export const DetectedChange = z.discriminatedUnion('source', [z.object({ source: z.literal('sync'), ...detected }), z.object({ source: z.literal('recovered'), ...detected })]);
export type DetectedChange = z.infer<typeof DetectedChange>;

/** One entry of the activity view: a webhook delivery, or a change sync detected. */
export const WebhookActivity = z.discriminatedUnion('source', [WebhookDelivery, z.object({ source: z.literal('sync'), ...detected }), z.object({ source: z.literal('recovered'), ...detected })]);
export type WebhookActivity = z.infer<typeof WebhookActivity>;

/**
 * A delivery-path check. The service has no way to send a test event, so this is what can be
 * checked without it: the registration read again, the public address probed (a GET, which
 * the receiver answers 405 without recording anything), and when the last real verified
 * delivery arrived.
 */
export const WebhookCheck = z.object({
  accountId: z.string(),
  checkedAt: z.number(),
  registration: z.object({ state: RegistrationState, registeredUrl: z.string().nullable(), problem: z.string().nullable() }),
  /** reached: the public address answered as this computer's receiver does; other: something else answered; unreachable: no answer; not-tried: no public address. */
  publicUrl: z.object({ result: z.enum(['reached', 'other', 'unreachable', 'not-tried']), url: z.string().nullable(), detail: z.string() }),
  lastVerifiedAt: z.number().nullable(),
});
export type WebhookCheck = z.infer<typeof WebhookCheck>;

export const webhookMethods = {
  /** The tunnel choice, the receiver and every account's registration and health. */
  'webhooks.status': { input: z.void(), output: WebhooksOverview },
  /** Saves the installation's tunnel choice and re-registers the accounts registered by this installation. */
  'webhooks.setTunnel': { input: SetTunnelInput, output: WebhooksOverview },
  /** Registers this installation's address for an account's events (a URL set elsewhere is replaced only when confirmed). */
  'webhooks.register': { input: RegisterInput, output: RegisterOutcome },
  /** Removes the account's registration set by this installation. */
  'webhooks.unregister': { input: z.object({ accountId: z.string().min(1) }), output: z.void() },
  /** The latest deliveries (of one account, of one event type), newest first. */
  'webhooks.activity': { input: ActivityInput, output: z.array(WebhookActivity) },
  /** Reads the registration again and probes the public address; sends no event (the service cannot be asked for one). */
  'webhooks.check': { input: z.object({ accountId: z.string().min(1) }), output: WebhookCheck },
  /** Processes a verified delivery again; answers what it caused. */
  'webhooks.replay': { input: z.object({ id: z.number().int().positive() }), output: z.object({ caused: z.string().nullable() }) },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export const webhookEvents = {
  /**
   * An account's registration or health moved (null: the tunnel, every account's with it),
   * with the overview as webhooks.status now answers it: nothing needs reading again.
   */
  'webhooks.changed': z.object({ accountId: z.string().nullable(), overview: WebhooksOverview }),
  /** A delivery arrived, or the processing of one ended (same id: replace the entry). */
  'webhooks.activityChanged': WebhookActivity,
} as const;
