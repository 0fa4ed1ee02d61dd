import { z } from 'zod';

/**
 * Messages over the browser-mode socket. The page sends calls; the host answers each
 * with the dispatcher's Result under the same id, and pushes events as they happen.
 * (renderer/src/lib/bridge.ts mirrors these shapes as types.)
 */
export const CallMessage = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  method: z.string().max(200),
  input: z.unknown().optional(),
});
export type CallMessage = z.infer<typeof CallMessage>;

export type ResultMessage = { type: 'result'; id: number; result: unknown };
export type EventMessage = { type: 'event'; name: string; payload: unknown };

/** Larger than any legitimate call (an account draft is a few hundred bytes). */
export const MAX_MESSAGE_BYTES = 256 * 1024;
