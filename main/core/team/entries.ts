// What the team desk shares, one signed entry per KV value: the founding of the team, join
// requests, the roster, the approval policy per service, and per quote the assignee, notes,
// approval requests and their decisions. zod at the edge: a value from the server that does
// not parse is refused like a bad signature.
import { z } from 'zod';

export const ROLES = ['member', 'approver', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const Text = z.string().max(10_000);
const Email = z.string().min(3).max(320);
const Name = z.string().min(1).max(200);
/** Amounts per currency code, e.g. { EUR: 5000 }. */
const Limits = z.record(z.string().regex(/^[A-Z]{3}$/), z.number().nonnegative());
const Money = z.object({ amount: z.number(), currency: z.string().min(1).max(10) });
const At = z.number().int().nonnegative();
const Id = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const EntryBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('team'), team: Name, at: At }),
  z.object({ kind: z.literal('join'), at: At }),
  z.object({ kind: z.literal('member'), key: z.string(), name: Name, email: Email, role: z.enum([...ROLES, 'removed']), limits: Limits, at: At }),
  z.object({ kind: z.literal('policy'), service: z.string(), account: Name, over: Limits, at: At }),
  z.object({ kind: z.literal('assign'), id: Id, to: z.string().nullable(), at: At }),
  z.object({ kind: z.literal('note'), id: Id, text: Text.min(1), mentions: z.array(Email).max(50), at: At }),
  z.object({ kind: z.literal('request'), id: Id, approver: z.string(), revision: z.string(), total: Money.nullable(), comment: Text, at: At }),
  z.object({ kind: z.literal('decision'), request: Id, approved: z.boolean(), comment: Text, at: At }),
]);
export type EntryBody = z.infer<typeof EntryBody>;
export type EntryOf<K extends EntryBody['kind']> = Extract<EntryBody, { kind: K }>;

/** Who says they wrote it: the key proves it, the name and e-mail are only claimed. */
export const Author = z.object({ key: z.string().max(100), name: Name, email: Email });
export type Author = z.infer<typeof Author>;

/** One KV value: the body, its claimed author, and the author's Ed25519 signature (base64) over both and the KV key. */
export const SignedEntry = z.object({ v: z.literal(1), body: EntryBody, author: Author, sig: z.string().max(200) });
export type SignedEntry = z.infer<typeof SignedEntry>;

/** "5000:EUR" → { amount: 5000, currency: 'EUR' }; null when it is not that shape. */
export function parseAmount(text: string): { amount: number; currency: string } | null {
  const match = /^\s*(\d+(?:\.\d{1,2})?)\s*:\s*([A-Za-z]{3})\s*$/.exec(text);
  if (!match) return null;
  return { amount: Number(match[1]), currency: match[2]!.toUpperCase() };
}

/** The @mentions in a note's text: every @name@domain e-mail address, in order, once each. */
export function mentionsIn(text: string): string[] {
  const found = text.match(/(?<=(?:^|\s)@)[^\s@]+@[^\s@]+\.[^\s@.,;:!?)]+/g) ?? [];
  return [...new Set(found.map((email) => email.toLowerCase()))];
}
