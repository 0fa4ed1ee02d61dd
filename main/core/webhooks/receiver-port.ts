// The receiver's port on 127.0.0.1, chosen once per installation and remembered: a manual
// tunnel (ngrok, an SSH forward, a reverse proxy) is pointed at it once and keeps working
// after a restart. When another program holds it at start, the receiver listens on a free
// one for now and says so; the person keeps the new one or frees the old.
import { z } from 'zod';
import type { Logger, SettingsStore } from '../ports';
import { errorText } from '../errors';

export const PORT_SETTING = 'webhooks.port';
const StoredPort = z.number().int().min(1).max(65535);

export function savedReceiverPort(settings: SettingsStore): number | null {
  const parsed = StoredPort.safeParse(settings.get(PORT_SETTING));
  return parsed.success ? parsed.data : null;
}

export function saveReceiverPort(settings: SettingsStore, port: number, logger: Logger): void {
  try {
    settings.set(PORT_SETTING, port);
  } catch (error) {
    // The receiver runs anyway; the next start picks a port again.
    logger.warn('the webhook receiver port could not be saved', { error: errorText(error) });
  }
}

/** Errors of listen() that mean "not this port", where another port would do. */
export function isPortUnavailable(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EADDRINUSE' || code === 'EACCES';
}

export function portTakenWords(wanted: number, using: number): string {
  return `Port ${wanted}, chosen for this computer's webhook receiver, is in use by another program, so the receiver listens on port ${using} for now. A tunnel you run yourself must forward to the port in use: keep port ${using}, or close the other program and restart Quotedesk.`;
}

export function portRefusedWords(wanted: number, error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code === 'EACCES'
    ? `Port ${wanted} cannot be used by Quotedesk (ports below 1024 need administrator rights): choose a port from 1024 to 65535.`
    : `Port ${wanted} is in use by another program: choose another port, or close that program first.`;
}
