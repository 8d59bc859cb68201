import { performance } from 'node:perf_hooks';
import { addDays, findOverlap, findOverlapPairwise, formatTime, type OverlapCandidate } from '@salondesk/core';

/**
 * The batch overlap check (`findOverlap`, sort and sweep) on 10,000 entries against the naive
 * pairwise check, both on the same data in this run: a clean batch (the worst case for both:
 * every entry is looked at) and the same batch with one overlap added at its end.
 */
function batch(size: number): OverlapCandidate[] {
  const entries: OverlapCandidate[] = [];
  for (let i = 0; entries.length < size; i++) {
    const employee = (i % 100) + 1;
    const day = addDays('2031-01-05', Math.floor(i / 100) % 50);
    const morning = Math.floor(i / 5000) === 0;
    entries.push({ employee_id: employee, day, dow: null, published: false, start_time: formatTime(morning ? 540 : 840), end_time: formatTime(morning ? 780 : 1080) });
  }
  return entries;
}

function time<T>(fn: () => T, repeat: number): { ms: number; result: T } {
  let result = fn();
  const started = performance.now();
  for (let i = 0; i < repeat; i++) result = fn();
  return { ms: (performance.now() - started) / repeat, result };
}

export function runScheduleBench(size = 10_000): void {
  const clean = batch(size);
  const conflicting = [...clean.slice(1), { ...(clean[0] as OverlapCandidate), start_time: '12:00', end_time: '15:00' }];
  console.log(`Schedule batch overlap check, ${size.toLocaleString('en')} entries`);
  for (const [label, entries] of [
    ['no overlap', clean],
    ['one overlap, last entry', conflicting],
  ] as const) {
    const fast = time(() => findOverlap(entries), 20);
    const naive = time(() => findOverlapPairwise(entries), 1);
    if ((fast.result === null) !== (naive.result === null)) throw new Error('The two checks disagree');
    console.log(
      `  ${label.padEnd(24)} sort + sweep ${fast.ms.toFixed(1).padStart(8)} ms   pairwise ${naive.ms.toFixed(0).padStart(7)} ms   ratio ${(naive.ms / fast.ms).toFixed(0)}× faster`,
    );
  }
  console.log('');
}

if (import.meta.url === `file://${process.argv[1]}`) runScheduleBench();
