// One webhook registration per credential slot; registering again replaces it.
import { randomBytes } from 'node:crypto';
import type { Random } from '../random';

export interface Registration {
  id: string;
  url: string;
  secret: string;
  isActive: boolean;
  createdAt: number;
  updatedAt: number;
}

export class WebhookRegistry {
  private readonly bySlot = new Map<string, Registration>();

  constructor(private readonly ids: Random) {}

  register(slotId: string, url: string, at: number): Registration {
    const registration = { id: this.ids.uuid(), url, secret: `whsec_${randomBytes(24).toString('hex')}`, isActive: true, createdAt: at, updatedAt: at };
    this.bySlot.set(slotId, registration);
    return registration;
  }

  get(slotId: string): Registration | undefined {
    return this.bySlot.get(slotId);
  }

  remove(slotId: string): boolean {
    return this.bySlot.delete(slotId);
  }

  entries(): [slotId: string, registration: Registration][] {
    return [...this.bySlot];
  }
}

/** Only absolute https URLs may receive events (the spec rejects plain http). */
export function checkWebhookUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0) return 'url is required and must be a string';
  if (value.length > 2048) return 'url must be at most 2048 characters';
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return 'url must be a valid absolute URL';
  }
  if (parsed.protocol !== 'https:') return 'url must use https';
  if (parsed.username || parsed.password) return 'url must not carry credentials';
  return null;
}
