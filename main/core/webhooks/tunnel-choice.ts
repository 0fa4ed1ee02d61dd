// The installation's tunnel choice: kept in the settings (so it takes effect again at every
// start), and turned into the tunnel it names. Kept apart from the feature so that reading a
// saved choice and refusing one that cannot work have one home, whoever asks (the person, the
// start, the end of demo mode).
import { z } from 'zod';
import type { SetTunnelInput } from '../../../preload/contract';
import { AppError, errorText, saidError } from '../errors';
import type { Logger, SettingsStore } from '../ports';
import { createCloudflaredTunnel, createManualTunnel, createNoTunnel } from './tunnels';
import type { Tunnel } from './tunnels';
import { m } from '../../../i18n/paraglide/messages.js';

export const TUNNEL_SETTING = 'webhooks.tunnel';

/**
 * What the person chose: a tunnel, or the team relay (main/core/webhooks/relay), with which no tunnel
 * runs and nothing is registered from here (the relay holds the key's one registration).
 */
export type TunnelChoice = SetTunnelInput | { mode: 'relay' };

const StoredChoice = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }),
  z.object({ mode: z.literal('relay') }),
  z.object({ mode: z.literal('cloudflared') }),
  z.object({ mode: z.literal('manual'), url: z.string() }),
]);

/** The saved choice; none (polling only) when nothing, or nothing readable, was saved. */
export function savedTunnelChoice(settings: SettingsStore): TunnelChoice {
  const parsed = StoredChoice.safeParse(settings.get(TUNNEL_SETTING));
  return parsed.success ? parsed.data : { mode: 'none' };
}

export interface TunnelForChoiceDeps {
  /** The receiver's port, which a managed tunnel forwards to. */
  port: number;
  /** Where cloudflared is, or null when it is not installed. */
  locateCloudflared: () => string | null;
  logger: Logger;
}

/** The tunnel a choice names, not started; a choice that cannot work throws 'invalid-input' saying what to change. */
export function tunnelForChoice(choice: TunnelChoice, deps: TunnelForChoiceDeps): Tunnel {
  if (choice.mode === 'manual') {
    try {
      return createManualTunnel(choice.url);
    } catch (error) {
      // parsePublicOrigin's refusal (said from the catalogue) says what to change (no user name, no ? or #).
      if (error instanceof AppError) throw error;
      throw new AppError('invalid-input', errorText(error));
    }
  }
  if (choice.mode === 'cloudflared') {
    const command = deps.locateCloudflared();
    if (!command) throw saidError('invalid-input', m.core_webhook_cloudflared_missing());
    return createCloudflaredTunnel({ command, localPort: deps.port, logger: deps.logger });
  }
  return createNoTunnel();
}
