// The measuring loop of the layer-by-layer profiles: each layer warmed up, then run in
// rotating order round after round (a busy neighbour slows a round, not one layer), with a
// collection before each run when the process has --expose-gc, and the CPU per operation
// read for the whole process (what the benchmark divides) and for the main thread alone.
import { median } from '../harness/stats';

export type Layer = [label: string, once: () => Promise<unknown>];

export interface LayerTimes {
  /** Per layer, per round: µs of the whole process's CPU per operation. */
  processUs: number[][];
  /** Per layer, per round: µs of the main thread's CPU per operation. */
  threadUs: number[][];
}

export async function measureRotated(layers: readonly Layer[], rounds: number, operations: number): Promise<LayerTimes> {
  const collectGarbage = (globalThis as { gc?: () => void }).gc;
  const processUs = layers.map((): number[] => []);
  const threadUs = layers.map((): number[] => []);
  for (const [, once] of layers) for (let i = 0; i < 200; i += 1) await once();
  for (let round = 0; round < rounds; round += 1) {
    for (let step = 0; step < layers.length; step += 1) {
      const at = (step + round) % layers.length;
      const [, once] = layers[at] as Layer;
      collectGarbage?.();
      const process0 = process.cpuUsage();
      const thread0 = process.threadCpuUsage();
      for (let i = 0; i < operations; i += 1) await once();
      const used = process.cpuUsage(process0);
      const thread = process.threadCpuUsage(thread0);
      (processUs[at] as number[]).push((used.user + used.system) / operations);
      (threadUs[at] as number[]).push((thread.user + thread.system) / operations);
    }
  }
  return { processUs, threadUs };
}

/** The median of one layer's per-round ratios to another's. */
export function pairedRatio(series: number[][], at: number, to: number): number {
  return median((series[at] as number[]).map((value, round) => value / ((series[to] as number[])[round] as number)));
}
