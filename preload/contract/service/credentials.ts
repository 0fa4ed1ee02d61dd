import { z } from 'zod';

export const TokenRequest = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type TokenRequest = z.infer<typeof TokenRequest>;

// `expiresIn` is honoured as given; a digit string is tolerated since the spec only says
// "seconds".
export const TokenResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  accessToken: z.string().min(1),
  expiresIn: z.union([z.number().positive(), z.string().regex(/^\d+$/).transform(Number).pipe(z.number().positive())]),
});
export type TokenResponse = z.infer<typeof TokenResponse>;
