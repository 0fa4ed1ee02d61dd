export type ToastKind = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

const LIFETIME_MS: Record<ToastKind, number> = { success: 4000, info: 5000, error: 8000 };
const MAX_VISIBLE = 4;

/** Short-lived messages about results, read out by the toaster's live region. */
export class ToastsState {
  items = $state<Toast[]>([]);
  #nextId = 1;
  /** Not reactive on purpose: only `items` drives the screen. */
  #timers: Record<number, ReturnType<typeof setTimeout>> = {};

  show(kind: ToastKind, message: string): number {
    const id = this.#nextId++;
    this.items = [...this.items, { id, kind, message }].slice(-MAX_VISIBLE);
    this.#timers[id] = setTimeout(() => this.dismiss(id), LIFETIME_MS[kind]);
    return id;
  }

  success(message: string): number {
    return this.show('success', message);
  }

  error(message: string): number {
    return this.show('error', message);
  }

  dismiss(id: number): void {
    clearTimeout(this.#timers[id]);
    delete this.#timers[id];
    this.items = this.items.filter((toast) => toast.id !== id);
  }

  dispose(): void {
    for (const timer of Object.values(this.#timers)) clearTimeout(timer);
    this.#timers = {};
  }
}
