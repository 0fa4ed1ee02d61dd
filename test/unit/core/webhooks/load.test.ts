import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startReceiverTarget, throughput } from '../../../bench/fixtures/webhook-load';

// The figures are the benchmark's business (test/bench/webhook-receiver.bench.ts); here its
// measuring code proves it drives a receiver that loses nothing and processes each event once.
describe('webhook load measurement', () => {
  it('acknowledges and processes every event of a small burst exactly once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'qd-webhook-load-'));
    const target = await startReceiverTarget(dir);
    try {
      const { acknowledged, perSecond } = await throughput(target, 500, 10, 'unit', 15_000);
      expect(acknowledged).toBe(500);
      expect(perSecond).toBeGreaterThan(0);
      await expect.poll(() => target.processed?.(), { timeout: 10_000 }).toEqual({ count: 500, unique: 500 });
    } finally {
      await target.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
