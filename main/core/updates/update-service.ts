import type { UpdateChannel, UpdateState } from '../../../preload/contract';
import type { Logger } from '../ports';
import { explainUpdateFailure } from './explain';
import { offerProblem } from './offer';
import type { UpdateOffer } from './offer';
import type { DecisionsInFlight, Scheduler, UpdateEngine } from './port';
import { realScheduler } from './port';
import { errorText } from '../errors';
import { m } from '../../../i18n/paraglide/messages.js';
import { getLocale } from '../../../i18n/paraglide/runtime.js';

/** Often enough that a fix reaches people the same day, rarely enough to be no load on the feed. */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  /** Null when no feed is configured: the state says 'disabled' and nothing is checked. */
  engine: UpdateEngine | null;
  currentVersion: string;
  channel: { get(): UpdateChannel; set(channel: UpdateChannel): void };
  decisions: DecisionsInFlight;
  logger: Logger;
  now(): number;
  onChange(state: UpdateState): void;
  schedule?: Scheduler;
  intervalMs?: number;
}

export type RestartAnswer = { restarting: true } | { restarting: false; reason: 'no-update' | 'decision-in-flight'; message: string };

export interface UpdateService {
  state(): UpdateState;
  /** Checks at once and every few hours after. */
  start(): void;
  /** One check (and, when there is something newer, its download); settles with the new state. */
  check(): Promise<UpdateState>;
  setChannel(channel: UpdateChannel): Promise<UpdateState>;
  restart(): RestartAnswer;
  stop(): void;
}

/**
 * The update policy: when to check, what to say, and never to install while a decision is
 * being sent (a restart asked for then waits until it ends). Downloads run in the background
 * once a check finds a newer version; the person chooses when to restart.
 */
export function createUpdateService(options: UpdateServiceOptions): UpdateService {
  const { engine, logger } = options;
  const schedule = options.schedule ?? realScheduler;
  const intervalMs = options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
  let state: UpdateState = {
    phase: engine ? 'idle' : 'disabled',
    channel: options.channel.get(),
    currentVersion: options.currentVersion,
    version: null,
    percent: null,
    checkedAt: null,
    message: engine ? null : m.core_update_disabled(),
    waitingForDecision: false,
  };
  let running: Promise<UpdateState> | null = null;
  let cancelNext: (() => void) | null = null;
  let stopped = false;
  let installing = false;

  const change = (patch: Partial<UpdateState>) => {
    state = { ...state, ...patch };
    options.onChange(state);
  };

  async function run(active: UpdateEngine): Promise<UpdateState> {
    const channel = state.channel;
    change({ phase: 'checking', message: null });
    let found: UpdateOffer | null;
    try {
      found = await active.check(channel);
    } catch (error) {
      logger.warn('update check failed', { error: errorText(error) });
      change({ phase: 'failed', checkedAt: new Date(options.now()).toISOString(), message: explainUpdateFailure(error, 'check') });
      return state;
    }
    const checkedAt = new Date(options.now()).toISOString();
    const problem = found ? offerProblem(options.currentVersion, found) : null;
    if (!found || problem?.kind === 'not-newer') {
      change({ phase: 'idle', version: null, percent: null, checkedAt });
      return state;
    }
    if (problem) {
      logger.warn('update refused', { version: found.version, reason: problem.message });
      change({ phase: 'failed', version: null, percent: null, checkedAt, message: `${problem.message}${getLocale() === 'ja' ? '' : ' '}${m.core_update_nothing_installed()}` });
      return state;
    }
    change({ phase: 'downloading', version: found.version, percent: 0, checkedAt });
    try {
      await active.download((percent) => {
        const rounded = Math.min(100, Math.max(0, Math.floor(percent)));
        // One event per whole percent: progress arrives per chunk.
        if (state.phase === 'downloading' && rounded !== state.percent) change({ percent: rounded });
      });
    } catch (error) {
      logger.warn('update download failed', { version: found.version, error: errorText(error) });
      change({ phase: 'failed', percent: null, message: explainUpdateFailure(error, 'download') });
      return state;
    }
    logger.info('update downloaded and verified', { version: found.version });
    change({ phase: 'ready', percent: 100, message: null });
    return state;
  }

  function check(): Promise<UpdateState> {
    if (!engine || stopped) return Promise.resolve(state);
    // A downloaded update stays ready: checking again would download it again.
    if (state.phase === 'ready') return Promise.resolve(state);
    running ??= run(engine).finally(() => {
      running = null;
    });
    return running;
  }

  function planNext(): void {
    cancelNext?.();
    cancelNext = schedule(() => {
      void check().finally(() => {
        if (!stopped) planNext();
      });
    }, intervalMs);
  }

  function install(active: UpdateEngine): void {
    if (installing) return;
    installing = true;
    logger.info('restarting to install the update', { version: state.version });
    active.install();
  }

  return {
    state: () => state,
    start() {
      if (!engine) return;
      void check();
      planNext();
    },
    check,
    async setChannel(channel) {
      if (options.channel.get() !== channel) options.channel.set(channel);
      if (channel === state.channel) return state;
      // What was found or downloaded belongs to the other channel.
      if (state.phase !== 'disabled') change({ channel, phase: 'idle', version: null, percent: null, message: null });
      else change({ channel });
      await running?.catch(() => undefined);
      return check();
    },
    restart() {
      if (!engine || state.phase !== 'ready') {
        return { restarting: false, reason: 'no-update', message: m.core_update_nothing_downloaded() };
      }
      if (options.decisions.inFlight()) {
        if (!state.waitingForDecision) {
          change({ waitingForDecision: true, message: m.core_update_restart_after_decision() });
          void options.decisions.idle().then(() => {
            if (!stopped) install(engine);
          });
        }
        return { restarting: false, reason: 'decision-in-flight', message: m.core_update_restart_waits() };
      }
      install(engine);
      return { restarting: true };
    },
    stop() {
      stopped = true;
      cancelNext?.();
      cancelNext = null;
    },
  };
}
