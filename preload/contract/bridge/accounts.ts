import { z } from 'zod';
import { baseUrlIssue } from '../plain/base-url';
import { KeyAccess } from '../service/quote';

export const Environment = z.enum(['production', 'staging', 'custom']);
export type Environment = z.infer<typeof Environment>;

export const Mechanism = z.enum(['api-key', 'client-credentials']);
export type Mechanism = z.infer<typeof Mechanism>;

export const AccountStatus = z.enum(['unknown', 'ok', 'needs-credentials', 'unreachable', 'service-error', 'rate-limited']);
export type AccountStatus = z.infer<typeof AccountStatus>;

/** THE base-URL rule (plain/base-url.ts): https except on loopback, no user info; its words are the message. */
export const BaseUrl = z
  .string()
  .trim()
  .superRefine((value, context) => {
    // The form and the core say the problem in the person's language (i18n/words/base-url);
    // this backstop is read by programmers and logs, so it names the rule that failed.
    const issue = baseUrlIssue(value);
    if (issue !== null) context.addIssue({ code: 'custom', message: `not a usable service address (${issue.kind})` });
  });

/**
 * Credentials travel renderer -> main only (inputs). No output schema carries them: the
 * renderer only ever learns whether they are set.
 */
export const Credentials = z.discriminatedUnion('mechanism', [
  z.object({ mechanism: z.literal('api-key'), apiKey: z.string().trim().min(1, 'The API key is empty') }),
  z.object({
    mechanism: z.literal('client-credentials'),
    clientId: z.string().trim().min(1, 'The client ID is empty'),
    clientSecret: z.string().min(1, 'The client secret is empty'),
  }),
]);
export type Credentials = z.infer<typeof Credentials>;

export const AccountDraft = z.object({
  name: z.string().trim().min(1, 'Give the account a name').max(120),
  environment: Environment,
  baseUrl: BaseUrl,
  access: KeyAccess,
  credentials: Credentials,
});
export type AccountDraft = z.infer<typeof AccountDraft>;

export const AccountUpdate = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(120).optional(),
  environment: Environment.optional(),
  baseUrl: BaseUrl.optional(),
  access: KeyAccess.optional(),
  /** Replaces the stored credentials when given; omitted keeps them. */
  credentials: Credentials.optional(),
});
export type AccountUpdate = z.infer<typeof AccountUpdate>;

/** What the renderer may know of an account: never the credentials themselves. */
export const AccountView = z.object({
  id: z.string(),
  name: z.string(),
  environment: Environment,
  baseUrl: z.string(),
  mechanism: Mechanism,
  access: KeyAccess,
  credentialsSet: z.boolean(),
  status: AccountStatus,
  statusMessage: z.string().nullable(),
  demo: z.boolean(),
});
export type AccountView = z.infer<typeof AccountView>;

export const DIAGNOSES = [
  'ok',
  'bad-url',
  'unreachable',
  'bad-credentials',
  'wrong-key-kind',
  'forbidden',
  'server-error',
  'unexpected-response',
] as const;
export const Diagnosis = z.enum(DIAGNOSES);

export const ConnectionReport = z.object({
  ok: z.boolean(),
  diagnosis: Diagnosis,
  message: z.string(),
  /** The key kind the answers suggest, when they tell. */
  detectedAccess: KeyAccess.nullable(),
  latencyMs: z.number().nonnegative().nullable(),
});
export type ConnectionReport = z.infer<typeof ConnectionReport>;

export const AccountId = z.object({ id: z.string().min(1) });

/** What removing an account did besides removing it (a webhook left at an unreachable service...). */
export const RemoveOutcome = z.object({ notes: z.array(z.string()) });
export type RemoveOutcome = z.infer<typeof RemoveOutcome>;
