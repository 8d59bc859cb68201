import { performance } from 'node:perf_hooks';

/** Timing and printing helpers the database benches share (figures only, never pass/fail). */

/** The middle of a list of timings. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

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
