import { z } from 'zod';
import { MAX_LANE_LENGTH, MAX_METHOD_NAME_LENGTH } from '../../preload/contract/plain/socket-framing';
import type { CallMessage as CallFrame } from '../../preload/contract/plain/socket-framing';

// The framing is shared with the page (preload/contract/plain/socket-framing.ts); the host
// validates what arrives with zod, because a frame from the page is untrusted input.
export { MAX_MESSAGE_BYTES } from '../../preload/contract/plain/socket-framing';
import { MAX_MESSAGE_BYTES } from '../../preload/contract/plain/socket-framing';

/**
 * A frame up to this size is still read, so a call over MAX_MESSAGE_BYTES is answered with an
 * error and the page's other calls go on; only a larger one closes the socket (1009).
 */
export const MAX_FRAME_READ_BYTES = 4 * MAX_MESSAGE_BYTES;
export type { EventMessage, ResultMessage } from '../../preload/contract/plain/socket-framing';

export const CallMessage = z.object({
  type: z.literal('call'),
  id: z.number().int().nonnegative(),
  method: z.string().max(MAX_METHOD_NAME_LENGTH),
  input: z.unknown().optional(),
  lane: z.string().max(MAX_LANE_LENGTH).optional(),
}) satisfies z.ZodType<CallFrame>;
export type CallMessage = z.infer<typeof CallMessage>;
