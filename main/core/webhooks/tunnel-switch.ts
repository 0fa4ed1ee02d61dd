// The tunnel deliveries come through now, and the switch to another. Switches run one at a
// time; the status names a new tunnel only once the registration has taken its origin; and a
// catch-up sync is asked for whenever deliveries may have gone to an address nobody listened
// at: the tunnel went down and came back, its public URL moved, or the person chose another.
import type { DomainBus } from '../events';
import type { Logger } from '../ports';
import type { WebhookRegistration } from './registration';
import type { WebhookService } from './service';
import { createNoTunnel } from './tunnels';
import type { Tunnel, TunnelKind } from './tunnels';

export interface TunnelSwitchDeps {
  service(): Promise<Pick<WebhookService, 'registration'>>;
  bus: Pick<DomainBus, 'publish'>;
  logger: Logger;
}

export interface TunnelSwitch {
  /** The kind of the tunnel in use ('none' while a switch is under way). */
  kind(): TunnelKind;
  /** Runs `work` after every switch asked for before it has ended, failed or not. */
  serially<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Stops the tunnel in use and starts `next`, which the registration follows; call it inside
   * serially(). `chosen`: the person switched to `next`, so its first public URL (once
   * registered) asks sync to catch up, as after a restart, on what went to the previous one.
   */
  use(next: Tunnel, options?: { chosen?: boolean }): Promise<void>;
  /** Resolves once every switch asked for so far has ended. */
  settled(): Promise<void>;
  /** Stops following the tunnel in use, and stops it. */
  stop(): Promise<void>;
}

export function createTunnelSwitch(deps: TunnelSwitchDeps): TunnelSwitch {
  const { bus, logger } = deps;
  let tunnel: Tunnel = createNoTunnel();
  let stopFollowing: () => void = () => undefined;
  let switching: Promise<unknown> = Promise.resolve();
  // The public origin deliveries last came to, and whether it went away since. A switch the
  // person made carries them over to the next tunnel; any other switch starts afresh.
  let seen: string | null = null;
  let down = false;

  async function use(next: Tunnel, options: { chosen?: boolean } = {}): Promise<void> {
    const { registration } = await deps.service();
    stopFollowing();
    stopFollowing = () => undefined;
    await tunnel.stop().catch((error: unknown) => logger.warn('the previous tunnel did not stop cleanly', { error: String(error) }));
    tunnel = createNoTunnel();
    if (!options.chosen) {
      seen = null;
      down = false;
    }
    await next.start();
    const stopRegistering = registration.follow(next);
    const stopWatchingRestarts = watchRestarts(next, registration);
    stopFollowing = () => {
      stopRegistering();
      stopWatchingRestarts();
    };
    // The status names the new tunnel only once the registration has taken its origin.
    await registration.settled();
    tunnel = next;
    // '' : every account (the public URL of each moved).
    bus.publish('webhook.health', { accountId: '' });
  }

  /**
   * A tunnel that went down and came back, or whose public URL moved, lost the deliveries sent
   * meanwhile: once the registration follows, 'webhook.reconnected' asks sync to catch up.
   */
  function watchRestarts(next: Tunnel, registration: WebhookRegistration): () => void {
    const observe = (origin: string | null) => {
      if (origin === null) {
        down ||= seen !== null;
        return;
      }
      const restarted = down || (seen !== null && seen !== origin);
      seen = origin;
      down = false;
      if (!restarted) return;
      void registration.settled().then(() => bus.publish('webhook.reconnected', { origin }));
    };
    // An origin there from the start (a manual address) comes with no change: looked at now.
    observe(next.publicOrigin());
    return next.onChange(observe);
  }

  return {
    kind: () => tunnel.kind,
    serially: <T>(work: () => Promise<T>): Promise<T> => {
      const next = switching.then(work, work);
      switching = next.catch(() => undefined);
      return next;
    },
    use,
    settled: async () => {
      await switching;
    },
    stop: async () => {
      stopFollowing();
      await tunnel.stop().catch(() => undefined);
    },
  };
}
