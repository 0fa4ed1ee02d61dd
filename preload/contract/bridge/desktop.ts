import { z } from 'zod';

// The desktop app's own settings (staying in the tray, starting at login) and its updates.
// Only the Electron host implements these; browser mode and the CLI answer that they are
// desktop-only, and the renderer shows the section only when app.info says 'electron'.

export const UpdateChannel = z.enum(['stable', 'beta']);
export type UpdateChannel = z.infer<typeof UpdateChannel>;

export const UpdatePhase = z.enum([
  /** No feed configured (or an unpackaged run): nothing is checked. */
  'disabled',
  'idle',
  'checking',
  'downloading',
  /** Downloaded and verified: "Restart to update". */
  'ready',
  'failed',
]);
export type UpdatePhase = z.infer<typeof UpdatePhase>;

export const UpdateState = z.object({
  phase: UpdatePhase,
  channel: UpdateChannel,
  currentVersion: z.string(),
  /** The version found (downloading or ready). */
  version: z.string().nullable(),
  /** 0..100 while downloading. */
  percent: z.number().min(0).max(100).nullable(),
  /** ISO time of the last finished check. */
  checkedAt: z.string().nullable(),
  /** Plain words: why it failed, or why a restart waits. */
  message: z.string().nullable(),
  /** A restart was asked for while a decision was being sent: it happens once that ends. */
  waitingForDecision: z.boolean(),
});
export type UpdateState = z.infer<typeof UpdateState>;

export const DesktopState = z.object({
  platform: z.enum(['linux', 'win32', 'darwin', 'other']),
  /** Closing the window keeps Quotedesk in the tray (Windows and Linux; macOS keeps its dock). */
  resident: z.object({ supported: z.boolean(), enabled: z.boolean() }),
  openAtLogin: z.object({ supported: z.boolean(), enabled: z.boolean() }),
  /** Offer "Start Quotedesk when I log in" now (once, after the first account was added). */
  loginOffer: z.boolean(),
  update: UpdateState,
});
export type DesktopState = z.infer<typeof DesktopState>;

export const DesktopPreferencesInput = z.object({
  resident: z.boolean().optional(),
  openAtLogin: z.boolean().optional(),
  updateChannel: UpdateChannel.optional(),
});
export type DesktopPreferencesInput = z.infer<typeof DesktopPreferencesInput>;

export const RestartOutcome = z.discriminatedUnion('restarting', [
  z.object({ restarting: z.literal(true) }),
  z.object({ restarting: z.literal(false), reason: z.enum(['no-update', 'decision-in-flight']), message: z.string() }),
]);
export type RestartOutcome = z.infer<typeof RestartOutcome>;

export const desktopMethods = {
  /** The desktop app's own settings and update state (the desktop host only; elsewhere an error says so). */
  'desktop.state': { input: z.void(), output: DesktopState },
  /** Changes staying in the tray, opening at login or the update channel. */
  'desktop.setPreferences': { input: DesktopPreferencesInput, output: DesktopState },
  /** The one-time offer answered either way: it is not asked again. */
  'desktop.answerLoginOffer': { input: z.object({ startAtLogin: z.boolean() }), output: DesktopState },
  /** Looks for an update now; the state follows in desktop.changed. */
  'desktop.checkForUpdates': { input: z.void(), output: DesktopState },
  /** Quits and installs the downloaded update, unless a decision is being sent (then once it ends). */
  'desktop.restartToUpdate': { input: z.void(), output: RestartOutcome },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export const desktopEvents = {
  /** The desktop app's settings or update state moved. */
  'desktop.changed': DesktopState,
} as const satisfies Record<string, z.ZodType>;
