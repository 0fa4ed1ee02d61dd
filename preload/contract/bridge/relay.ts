import { z } from 'zod';

// The team relay over the bridge (Settings → Webhooks → Team relay): the NATS server this
// installation reads its key's events from. The password goes from the renderer to main only;
// no output carries it.

export const TeamRelayState = z.enum(['off', 'connecting', 'connected', 'unreachable']);
export type TeamRelayState = z.infer<typeof TeamRelayState>;

export const TeamRelayView = z.object({
  state: TeamRelayState,
  /** The server (credentials never included), or null when off. */
  url: z.string().nullable(),
  user: z.string().nullable(),
  stream: z.string().nullable(),
  accountId: z.string().nullable(),
  /** This installation's durable consumer (its name on the server). */
  consumer: z.string(),
  /** ms since the epoch. */
  lastEventAt: z.number().nullable(),
  /** Why it is not connected, in plain words (sync keeps the inbox current meanwhile). */
  problem: z.string().nullable(),
  /** Whose server it uses: the team's (Settings → Team) or one of its own; null when off. */
  source: z.enum(['team', 'own']).nullable(),
});
export type TeamRelayView = z.infer<typeof TeamRelayView>;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export const TeamRelayInput = z
  .object({
    /** On the team's server (Settings → Team): url, user and password are not given and not stored. */
    useTeamServer: z.boolean().default(false),
    url: z.string().trim().max(2_000).default(''),
    user: z.string().trim().max(200).default(''),
    password: z.string().max(2_000).default(''),
    stream: z.string().trim().regex(NAME, 'A stream name has letters, digits, "-" or "_"').default('QUOTEDESK'),
    accountId: z.string().min(1, 'Choose the account whose key the relay serves'),
    /** The subscriber name the server's permissions give this person; empty: one made for this installation. */
    consumer: z.string().trim().refine((name) => name === '' || NAME.test(name), 'A subscriber name has letters, digits, "-" or "_"').default(''),
  })
  .refine((input) => input.useTeamServer || input.url !== '', { message: 'Give the relay server, e.g. tls://nats.example.com:4222', path: ['url'] });
export type TeamRelayInput = z.input<typeof TeamRelayInput>;

export const TeamRelayTest = z.object({ ok: z.boolean(), message: z.string() });
export type TeamRelayTest = z.infer<typeof TeamRelayTest>;

export const relayMethods = {
  /** The team relay's address, user, stream and connection state (never its password). */
  'relay.status': { input: z.void(), output: TeamRelayView },
  /** Saves the relay (in the secret store) and connects; resolves once the first attempt ended. */
  'relay.configure': { input: TeamRelayInput, output: TeamRelayView },
  /** Connects without saving and says in plain words whether it works. */
  'relay.test': { input: TeamRelayInput, output: TeamRelayTest },
} as const;

export const relayEvents = {
  /** The relay's connection moved (connected, unreachable, an event handled). */
  'relay.changed': TeamRelayView,
} as const;
