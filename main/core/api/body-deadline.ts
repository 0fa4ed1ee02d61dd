/**
 * A limit on the whole body once the headers are in. undici's bodyTimeout only bounds the
 * silence between chunks, so a service that trickles a byte just inside it would hold a
 * call open for ever; this deadline ends it.
 */
export interface BodyDeadline {
  /** Give this to the request: it aborts on the caller's signal or when the deadline passes. */
  readonly signal: AbortSignal;
  /** Starts the clock: call it when the response headers have arrived. */
  start(): void;
  /** True when the deadline (not the caller) ended the request. */
  expired(): boolean;
  /** Stops the timer; call it when the exchange is over, however it ended. */
  clear(): void;
}

export function createBodyDeadline(ms: number, callerSignal?: AbortSignal): BodyDeadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    signal: callerSignal ? AbortSignal.any([callerSignal, controller.signal]) : controller.signal,
    start() {
      timer ??= setTimeout(() => controller.abort(new Error(`the body took longer than ${ms} ms`)), ms);
    },
    expired: () => controller.signal.aborted && !callerSignal?.aborted,
    clear() {
      clearTimeout(timer);
    },
  };
}
