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
});
export type TeamRelayView = z.infer<typeof TeamRelayView>;

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

export const TeamRelayInput = z.object({
  url: z.string().trim().min(1, 'Give the relay server, e.g. tls://nats.example.com:4222').max(2_000),
  user: z.string().trim().max(200),
  password: z.string().max(2_000),
  stream: z.string().trim().regex(NAME, 'A stream name has letters, digits, "-" or "_"').default('QUOTEDESK'),
  accountId: z.string().min(1, 'Choose the account whose key the relay serves'),
  /** The subscriber name the server's permissions give this person; empty: one made for this installation. */
  consumer: z.string().trim().refine((name) => name === '' || NAME.test(name), 'A subscriber name has letters, digits, "-" or "_"').default(''),
});
export type TeamRelayInput = z.infer<typeof TeamRelayInput>;

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
