import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastsState } from '../../renderer/src/lib/state/toasts.svelte';

const messages = (toasts: ToastsState) => toasts.items.map((toast) => toast.message);

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets results go after a while but keeps errors until dismissed', () => {
    const toasts = new ToastsState();
    toasts.success('Saved');
    const error = toasts.error('Could not save');
    vi.advanceTimersByTime(60_000);
    expect(messages(toasts)).toEqual(['Could not save']);
    toasts.dismiss(error);
    expect(toasts.items).toEqual([]);
  });

  it('keeps every toast while paused and resumes the countdown where it stopped', () => {
    const toasts = new ToastsState();
    toasts.success('Saved');
    vi.advanceTimersByTime(3000);
    toasts.pause();
    vi.advanceTimersByTime(60_000);
    toasts.success('Added while paused');
    vi.advanceTimersByTime(60_000);
    expect(messages(toasts)).toEqual(['Saved', 'Added while paused']);
    toasts.resume();
    vi.advanceTimersByTime(1500);
    expect(messages(toasts)).toEqual(['Added while paused']);
    vi.advanceTimersByTime(3000);
    expect(toasts.items).toEqual([]);
  });
});
