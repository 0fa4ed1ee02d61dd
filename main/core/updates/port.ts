import type { UpdateChannel } from '../../../preload/contract';
import type { UpdateOffer } from './offer';

/**
 * Where updates come from and how they are installed: in the desktop app, electron-updater
 * on a generic feed (main/electron/update-engine.ts); in tests, the same over a loopback
 * server. The service (update-service.ts) holds the policy; the engine only does what it asks.
 */
export interface UpdateEngine {
  /**
   * Reads the channel's metadata (latest.yml or beta.yml): the release there and its installers'
   * addresses; null when nothing to move to is there. The service judges the offer (offer.ts).
   */
  check(channel: UpdateChannel): Promise<UpdateOffer | null>;
  /** Downloads what check() found and verifies its sha512; rejects on a bad checksum or an interrupted download. */
  download(onProgress: (percent: number) => void): Promise<void>;
  /** Quits the app and installs the downloaded update. */
  install(): void;
}

/** The narrow seam to the decisions: an update never installs while one is being sent. */
export interface DecisionsInFlight {
  inFlight(): boolean;
  /** Settles once no decision is being sent. */
  idle(): Promise<void>;
}

/** Runs `task` after `ms`; returns the cancel function. Injected so tests need no real hours. */
export type Scheduler = (task: () => void, ms: number) => () => void;

export const realScheduler: Scheduler = (task, ms) => {
  const timer = setTimeout(task, ms);
  // A pending check must not keep a closing process alive.
  timer.unref?.();
  return () => clearTimeout(timer);
};
