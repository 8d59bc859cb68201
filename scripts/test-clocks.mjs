#!/usr/bin/env node
// `npm run test:clocks`: the API tests with the machine's clock set to the hours where the demo and
// its tests used to go wrong (a fresh clone failed at 00:49 UTC): 00:30, 06:00, 12:00 and 18:30 UTC
// today, just after midnight in each demo location's time zone, and the nights of the last
// daylight-saving changes in Los Angeles and Sydney. The whole process tree runs under libfaketime
// (Debian's `faketime`), the embedded PostgreSQL too, so the demo is seeded at that instant and its
// clock then runs on from there as a real one would.
//
//   npm run test:clocks                 the API tests that read the demo's days (see `clockFiles`)
//   npm run test:clocks -- --demo       only the tests of the demo's own days (what .ci/run sweeps)
//   npm run test:clocks -- --all        every API test file, at every instant
//   npm run test:clocks -- --list       the instants and the files, without running anything
//   npm run test:clocks -- --jobs 1     one instant at a time (default two)
//   npm run test:clocks -- --at 2026-12-02T00:49:00Z [files…]   one instant (any files)
//
// It ends with one line per instant and how many were green.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root, run, which } from './lib/run.mjs';

const api = path.join(root, 'apps', 'api');
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const valueOf = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const fileArgs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--at' && args[i - 1] !== '--jobs');

/** The time zones of the demo's locations, read from the demo itself (apps/api/src/demo/accounts.ts). */
function demoZones() {
  const source = readFileSync(path.join(api, 'src', 'demo', 'accounts.ts'), 'utf8');
  const zones = [...new Set([...source.matchAll(/timezone: '([^']+)'/g)].map((m) => m[1]))];
  if (zones.length === 0) throw new Error('No time zone found in apps/api/src/demo/accounts.ts');
  return zones;
}

/** The UTC offset of `zone` at `date`, in minutes. */
function offsetMinutes(zone, date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of wall-clock `hh:mm` on the day `day` (YYYY-MM-DD) in `zone`. */
function wallClock(zone, day, hhmm) {
  const guess = new Date(`${day}T${hhmm}:00Z`);
  let instant = new Date(guess.getTime() - offsetMinutes(zone, guess) * 60_000);
  instant = new Date(guess.getTime() - offsetMinutes(zone, instant) * 60_000);
  return instant;
}

/** The day (YYYY-MM-DD) in `zone` at `date`. */
const dayIn = (zone, date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** The last change of `zone`'s UTC offset before `now` (within a year), found to the minute. */
function lastOffsetChange(zone, now) {
  const hour = 3_600_000;
  let after = now.getTime();
  for (let t = after - hour; t > after - 366 * 24 * hour; t -= hour) {
    if (offsetMinutes(zone, new Date(t)) !== offsetMinutes(zone, new Date(after))) {
      // Between t and t + 1 h: narrow to the minute.
      let lo = t;
      let hi = t + hour;
      while (hi - lo > 60_000) {
        const mid = Math.floor((lo + hi) / 2 / 60_000) * 60_000;
        if (offsetMinutes(zone, new Date(mid)) === offsetMinutes(zone, new Date(lo))) lo = mid;
        else hi = mid;
      }
      return new Date(hi);
    }
    after = t;
  }
  return null;
}

/** The instants of the sweep, each with why it is there. */
export function clockInstants(now = new Date()) {
  const today = now.toISOString().slice(0, 10);
  const instants = ['00:30', '06:00', '12:00', '18:30'].map((hhmm) => ({ at: new Date(`${today}T${hhmm}:00Z`), why: `${hhmm} UTC` }));
  for (const zone of demoZones()) {
    instants.push({ at: wallClock(zone, dayIn(zone, now), '00:05'), why: `just after midnight in ${zone}` });
  }
  for (const zone of ['America/Los_Angeles', 'Australia/Sydney']) {
    const change = lastOffsetChange(zone, now);
    // Half an hour after the change, in the night it happened (the demo's today is that day).
    if (change) instants.push({ at: new Date(change.getTime() + 30 * 60_000), why: `the night of the daylight-saving change in ${zone}` });
  }
  return instants.map((i) => ({ ...i, at: new Date(Math.floor(i.at.getTime() / 60_000) * 60_000) }));
}

/**
 * The API test files that read the demo's days or the time of day: the demo's own tests and every
 * file that takes a day from a clock (`demoSeededAt`, `todayIn`, `dayInZone`, `new Date()`,
 * `Date.now()`). Found by reading the files, so a new one is swept the day it is written.
 */
export function clockFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.test.ts')) {
        const text = readFileSync(full, 'utf8');
        if (full.includes(`${path.sep}demo${path.sep}`) || /demoSeededAt|todayIn\(|dayInZone\(|new Date\(\)|Date\.now\(\)/.test(text)) files.push(path.relative(api, full));
      }
    }
  };
  walk(path.join(api, 'src'));
  return files.sort();
}

/**
 * The tests of what the demo holds on its days (its own tests, and every file that takes the
 * demo's today from `demoSeededAt()`): the part of the sweep CI runs at every instant.
 */
export function demoFiles() {
  return clockFiles().filter((file) => file.includes(`${path.sep}demo${path.sep}`) || readFileSync(path.join(api, file), 'utf8').includes('demoSeededAt'));
}

/** libfaketime's library (Debian's `faketime`), installed with apt-get when missing and we may (root on Debian, as in CI). */
async function ensureFaketime() {
  const find = () => ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/faketime/libfaketime.so.1'].find((p) => existsSync(p));
  if (find()) return find();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    console.log('▶ Installing Debian faketime for the clock sweep (apt-get)…');
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    if ((await run('apt-get', ['install', '-y', '-qq', 'faketime'], { env, quiet: true })) !== 0) {
      await run('apt-get', ['update', '-qq'], { env, quiet: true });
      await run('apt-get', ['install', '-y', '-qq', 'faketime'], { env, quiet: true });
    }
    if (find()) return find();
  }
  console.error('✖ The clock sweep needs libfaketime. Install it (Debian/Ubuntu: sudo apt-get install -y faketime).');
  process.exit(1);
}

const one = valueOf('--at');
const instants = one ? [{ at: new Date(one), why: 'asked for' }] : clockInstants();
if (instants.some((i) => Number.isNaN(i.at.getTime()))) {
  console.error(`✖ Not an instant: ${one}`);
  process.exit(1);
}
const files = fileArgs.length > 0 ? fileArgs : flag('--all') ? [] : flag('--demo') ? demoFiles() : clockFiles();

if (flag('--list')) {
  for (const i of instants) console.log(`${i.at.toISOString()}  ${i.why}`);
  console.log(`\n${files.length === 0 ? 'every API test file' : files.join('\n')}`);
  process.exit(0);
}

await ensureInstalled();
const library = await ensureFaketime();
// Two instants at a time: a run is one vitest worker beside its own PostgreSQL, mostly waiting on
// it. A run's output is shown when it fails (else one line).
const concurrency = Number(valueOf('--jobs') ?? 2);
const results = [];
const sweepOne = async ({ at, why }) => {
  const started = Date.now();
  // An offset from the real clock, not a start instant ("@…"): every process of the run (vitest's
  // workers, the embedded PostgreSQL and its backends, started at different moments) then reads
  // the same time, where "@…" would start each new process's clock at that instant again.
  // Monotonic clocks stay real: Node's timers and PostgreSQL's timeouts measure durations with them.
  const offset = Math.round((at.getTime() - Date.now()) / 1000);
  const code = await run('vitest', ['run', '--reporter=dot', ...files], {
    cwd: api,
    quiet: true,
    env: { LD_PRELOAD: library, FAKETIME: `${offset >= 0 ? '+' : ''}${offset}s`, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
  });
  const result = { at, why, ok: code === 0, seconds: Math.round((Date.now() - started) / 1000) };
  console.log(`${result.ok ? '✔' : '✖'} API tests at ${at.toISOString()} (${why}): ${files.length || 'all'} files, ${result.seconds}s`);
  results.push(result);
};
console.log(`▶ API tests at ${instants.length} instants, ${concurrency} at a time`);
const queue = [...instants];
await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
  while (queue.length > 0) await sweepOne(queue.shift());
}));
results.sort((a, b) => instants.findIndex((i) => i.at === a.at) - instants.findIndex((i) => i.at === b.at));
console.log('');
for (const r of results) console.log(`${r.ok ? '✔' : '✖'} ${r.at.toISOString()}  ${r.why} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
// Not in the "N passed, N failed" form: that closing line is npm test's, which counts tests.
console.log(failed === 0 ? `Clock sweep: all ${results.length} instants green` : `Clock sweep: ${failed} of ${results.length} instants red`);
process.exit(failed === 0 ? 0 : 1);
