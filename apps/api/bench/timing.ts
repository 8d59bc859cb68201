import { performance } from 'node:perf_hooks';

/** Timing and printing helpers the benches share (figures only, never pass/fail). */

/** The `p`th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** The middle of a list of timings. */
export const median = (values: readonly number[]): number => percentile(values, 50);

/** Milliseconds in a column: `   12.3 ms`. */
export const ms = (n: number): string => `${n.toFixed(1).padStart(8)} ms`;

/** Runs `what` once to warm up, then `runs` times; the time of each run in milliseconds. */
export async function timeRuns(what: () => Promise<unknown>, runs: number): Promise<number[]> {
  await what();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await what();
    out.push(performance.now() - t);
  }
  return out;
}
