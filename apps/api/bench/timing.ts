/** The timing helpers of the benches: percentiles of measured times, and timing a call after a warm-up. */
import { performance } from 'node:perf_hooks';

/** The `p`th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Runs `what` once to warm up, then `runs` times; the times in ms. */
export async function timeRuns(what: () => Promise<unknown>, runs: number): Promise<number[]> {
  await what();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await what();
    times.push(performance.now() - t);
  }
  return times;
}
