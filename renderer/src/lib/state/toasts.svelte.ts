export type ToastKind = 'success' | 'error' | 'info';

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** A heading above the message (a notification's title). */
  title?: string;
  /** One thing to do about it ("Open"); a click on the toast does it too. */
  action?: ToastAction;
}

/** How long a toast stays; errors stay until dismissed, so none goes unread. */
const LIFETIME_MS: Record<ToastKind, number | null> = { success: 4000, info: 5000, error: null };
const MAX_VISIBLE = 4;

interface Countdown {
  remainingMs: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** Messages about results; the toaster reads them out and pauses them while the user is on them. */
export class ToastsState {
  items = $state<Toast[]>([]);
  #nextId = 1;
  #paused = false;
  /** Not reactive on purpose: only `items` drives the screen. */
  #countdowns: Record<number, Countdown> = {};

  show(kind: ToastKind, message: string, extra: { title?: string; action?: ToastAction } = {}): number {
    const id = this.#nextId++;
    const kept = [...this.items, { id, kind, message, ...extra }];
    for (const dropped of kept.slice(0, -MAX_VISIBLE)) this.#stop(dropped.id);
    this.items = kept.slice(-MAX_VISIBLE);
    const lifetime = LIFETIME_MS[kind];
    if (lifetime !== null) {
      this.#countdowns[id] = { remainingMs: lifetime, startedAt: Date.now(), timer: undefined };
      if (!this.#paused) this.#run(id);
    }
    return id;
  }

  success(message: string): number {
    return this.show('success', message);
  }

  error(message: string): number {
    return this.show('error', message);
  }

  /** A notification: its title and body, and an action that follows it and closes the toast. */
  notify(title: string, body: string, action: ToastAction): number {
    const id: number = this.show('info', body, {
      title,
      action: {
        label: action.label,
        run: () => {
          this.dismiss(id);
          action.run();
        },
      },
    });
    return id;
  }

  dismiss(id: number): void {
    this.#stop(id);
    this.items = this.items.filter((toast) => toast.id !== id);
  }

  /** While the pointer or focus is on the toasts, none of them goes away. */
  pause(): void {
    if (this.#paused) return;
    this.#paused = true;
    for (const countdown of Object.values(this.#countdowns)) {
      if (countdown.timer === undefined) continue;
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remainingMs -= Date.now() - countdown.startedAt;
    }
  }

  resume(): void {
    if (!this.#paused) return;
    this.#paused = false;
    for (const id of Object.keys(this.#countdowns)) this.#run(Number(id));
  }

  dispose(): void {
    for (const id of Object.keys(this.#countdowns)) this.#stop(Number(id));
  }

  #run(id: number): void {
    const countdown = this.#countdowns[id];
    if (!countdown) return;
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => this.dismiss(id), Math.max(0, countdown.remainingMs));
  }

  #stop(id: number): void {
    clearTimeout(this.#countdowns[id]?.timer);
    delete this.#countdowns[id];
  }
}
