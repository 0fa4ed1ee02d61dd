// The width of a bulk download job, set by the service's answers.
import { describe, expect, it } from 'vitest';
import { BULK_MAX_CONCURRENCY, createAdaptiveLimit, createFixedLimit } from '../../../../main/core/cache/adaptive-limit';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the adaptive download width', () => {
  it('grows by one after each round of quick answers, and never past its bound', () => {
    const time = clock();
    const limit = createAdaptiveLimit({ initial: 2, now: time.now });
    const widths = [limit.allowed()];
    for (let answer = 0; answer < 60; answer++) {
      limit.succeeded(40);
      widths.push(limit.allowed());
    }
    expect(widths.slice(0, 6)).toEqual([2, 2, 3, 3, 3, 4]);
    expect(Math.max(...widths)).toBe(BULK_MAX_CONCURRENCY);
    expect(widths.at(-1)).toBe(BULK_MAX_CONCURRENCY);
  });

  it('halves and pauses for as long as Retry-After says on a busy answer', () => {
    const time = clock();
    const limit = createAdaptiveLimit({ initial: 8, now: time.now });
    limit.busy(2_000);
    expect(limit.allowed()).toBe(0);
    expect(limit.pausedUntil()).toBe(3_000);
    time.advance(1_999);
    expect(limit.allowed()).toBe(0);
    time.advance(1);
    expect(limit.allowed()).toBe(4);
    expect(limit.pausedUntil()).toBeNull();
  });

  it('without Retry-After, waits a second, then twice as long each busy answer in a row', () => {
    const time = clock();
    const limit = createAdaptiveLimit({ initial: 4, now: time.now });
    limit.busy(null);
    expect(limit.pausedUntil()).toBe(2_000);
    time.advance(1_000);
    limit.busy(null);
    expect(limit.pausedUntil()).toBe(4_000);
    time.advance(2_000);
    limit.succeeded(30);
    limit.busy(null);
    // A success in between: the service recovered, the next pause starts short again.
    expect(limit.pausedUntil()).toBe(5_000);
    expect(limit.allowed()).toBe(0);
  });

  it('narrows when answers slow down far beyond the fastest, never below one', () => {
    const time = clock();
    const limit = createAdaptiveLimit({ initial: 3, now: time.now });
    limit.succeeded(40);
    limit.succeeded(400);
    expect(limit.allowed()).toBe(2);
    for (let answer = 0; answer < 5; answer++) limit.succeeded(1_000);
    expect(limit.allowed()).toBe(1);
  });

  it('a fixed width stays the same, but still waits out a busy answer', () => {
    const time = clock();
    const limit = createFixedLimit(2, time.now);
    for (let answer = 0; answer < 20; answer++) limit.succeeded(10);
    expect(limit.allowed()).toBe(2);
    limit.busy(500);
    expect(limit.allowed()).toBe(0);
    time.advance(500);
    expect(limit.allowed()).toBe(2);
  });
});
