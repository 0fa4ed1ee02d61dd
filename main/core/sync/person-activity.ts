// Whether the person is working: a bridge call from the window in flight, or one that ended
// moments ago (a keystroke's search, the next one likely on its way). Background work that
// competes with them for the CPU, the service and the disk (the details reader) waits for a
// quiet moment. Fed by the dispatcher both hosts call (`watchedDispatcher`), so the desktop
// app and browser mode pause alike.
import type { Dispatcher } from '../bridge/dispatcher';

export interface PersonActivity {
  /** Marks one call from the window: begun now, ended when `work` settles. */
  during<T>(work: () => Promise<T>): Promise<T>;
  /** Settles once no call is in flight and none ended for the quiet time (at once when that is so already). */
  quiet(): Promise<void>;
  /** Whether a call is in flight or ended less than the quiet time ago. */
  busy(): boolean;
}

/** After the last call from the window ended: time enough for the next keystroke, and what the reader stores (which the window reads again) never lands amid a burst of the person's calls. */
export const QUIET_AFTER_CALL_MS = 5_000;

export function createPersonActivity(options: { quietMs?: number; now?: () => number } = {}): PersonActivity {
  const quietMs = options.quietMs ?? QUIET_AFTER_CALL_MS;
  const now = options.now ?? (() => performance.now());
  let inFlight = 0;
  let lastEnded = Number.NEGATIVE_INFINITY;
  let idle: (() => void)[] = [];

  const activity: PersonActivity = {
    async during(work) {
      inFlight += 1;
      try {
        return await work();
      } finally {
        inFlight -= 1;
        lastEnded = now();
        if (inFlight === 0) {
          const waiting = idle;
          idle = [];
          for (const settle of waiting) settle();
        }
      }
    },
    busy: () => inFlight > 0 || now() - lastEnded < quietMs,
    async quiet() {
      while (activity.busy()) {
        if (inFlight > 0) await new Promise<void>((settle) => idle.push(settle));
        else await new Promise((settle) => setTimeout(settle, Math.max(1, quietMs - (now() - lastEnded))).unref());
      }
    },
  };
  return activity;
}

/** The dispatcher, with each call from the window marked as the person's activity. */
export function watchedDispatcher(dispatcher: Dispatcher, activity: PersonActivity): Dispatcher {
  return { dispatch: (method, input) => activity.during(() => dispatcher.dispatch(method, input)) };
}
