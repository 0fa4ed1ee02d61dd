/** The simulator's sense of time: expiries, retries and timestamps all go through it. */
export interface SimulatorClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realClock: SimulatorClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const timer = setTimeout(fn, ms);
    // A pending webhook retry must not keep a finished process alive.
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

interface ManualTimer {
  id: number;
  due: number;
  fn: () => void;
}

/** A clock that only moves when told to, so tests run a 31-second retry schedule in milliseconds. */
export class ManualClock implements SimulatorClock {
  private current: number;
  private timers: ManualTimer[] = [];
  private nextId = 1;

  constructor(startMs = Date.UTC(2026, 0, 15, 9, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const timer = { id: this.nextId++, due: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return timer.id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** How many timers wait to fire: lets a test know a retry has been scheduled. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Moves time forward, firing due timers in order and letting their callbacks' promises settle. */
  async advance(ms: number): Promise<void> {
    const target = this.current + Math.max(0, ms);
    for (;;) {
      const next = this.earliestDue(target);
      if (!next) break;
      this.timers = this.timers.filter((timer) => timer !== next);
      this.current = next.due;
      next.fn();
      await settle();
    }
    this.current = target;
    await settle();
  }

  private earliestDue(limit: number): ManualTimer | undefined {
    let best: ManualTimer | undefined;
    for (const timer of this.timers) {
      if (timer.due > limit) continue;
      if (!best || timer.due < best.due || (timer.due === best.due && timer.id < best.id)) best = timer;
    }
    return best;
  }
}

function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
