import { describe, expect, it } from 'vitest';
import { measureWebhookReceiver } from './load';

// The figures are the benchmark's business; here the measuring code proves it measures a
// receiver that loses nothing and processes each event once.
describe('webhook load measurement', () => {
  it('runs every phase on a small load and accounts for every burst event exactly once', async () => {
    const report = await measureWebhookReceiver({ rounds: 1, events: 200, concurrency: 10, rate: 200, rateDurationMs: 500, burst: 500, timeLimitMs: 15_000 });
    expect(report.burst).toEqual({ sent: 500, acknowledged: 500, processed: 500, uniqueProcessed: 500 });
    expect(report.ackSamples).toBe(100);
    for (const figure of [report.receiverPerSecond, report.bareDurablePerSecond, report.bareMemoryPerSecond, report.ackP50Ms, report.ackP99Ms]) expect(figure).toBeGreaterThan(0);
  });
});
