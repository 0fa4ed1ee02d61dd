import { describe, expect, it } from 'vitest';
import { createRateEstimate } from '../../../../main/core/inbox/time-left';

describe('the time a keep-offline job has left', () => {
  it('says nothing until a few seconds and a few quotes are measured', () => {
    let now = 0;
    const estimate = createRateEstimate(() => now);
    now = 1_000;
    expect(estimate.secondsLeft(10, 1_000)).toBeNull();
    now = 5_000;
    expect(estimate.secondsLeft(2, 1_000)).toBeNull();
    expect(estimate.secondsLeft(40, 1_000)).toBe(Math.round((960 * 5) / 40));
  });

  it('follows the recent rate, not the average since the start', () => {
    let now = 0;
    const estimate = createRateEstimate(() => now);
    // 8 PDFs a second for two minutes, then 40 a second.
    let done = 0;
    for (let second = 1; second <= 120; second++) {
      now = second * 1_000;
      done += 8;
      estimate.secondsLeft(done, 100_000);
    }
    for (let second = 121; second <= 200; second++) {
      now = second * 1_000;
      done += 40;
      estimate.secondsLeft(done, 100_000);
    }
    const left = estimate.secondsLeft(done, 100_000)!;
    expect(left).toBeCloseTo((100_000 - done) / 40, -1);
  });
});
