#!/usr/bin/env node
// The scheduler grid in Chromium at 50 staff × 14 days: time to first render, the longest task
// (and longest frame) while scrolling and while dragging (drawing a shift, moving one), beside a
// plain-DOM table of the same cells measured in the same run. Figures only; nothing passes or
// fails on time.
import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const here = import.meta.dirname;
const out = mkdtempSync(path.join(tmpdir(), 'salondesk-grid-bench-'));
const vite = path.join(here, '..', 'node_modules', '.bin', 'vite');
const built = spawnSync(vite, ['build', '--config', path.join(here, 'vite.config.ts')], { env: { ...process.env, BENCH_OUT_DIR: out }, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = http.createServer((req, res) => {
  const file = path.join(out, new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/$/, '/grid.html'));
  if (!file.startsWith(out)) return res.writeHead(403).end();
  res.setHeader('content-type', types[path.extname(file)] ?? 'application/octet-stream');
  createReadStream(file).on('error', () => res.writeHead(404).end()).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/**
 * The first render in a window tall enough for all 50 rows (the grid draws only the rows in view,
 * so this is the cost of every row drawn), beside the plain table in the same window.
 */
async function measureTall(query) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 3200 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${base}/grid.html${query}`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const { metrics } = await cdp.send('Performance.getMetrics');
  const { firstRender } = await page.evaluate(() => window.__bench);
  const rows = await page.evaluate(() => document.querySelectorAll('[role="row"], tr').length - 1);
  await page.close();
  return { firstRender, rows, cpu: (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000 };
}

async function measure(query) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    // Long tasks with when they started: a phase counts only those that started in it (the observer
    // may report the first render's task after the scrolling has begun).
    window.__longtasks = [];
    window.__longestSince = (t) => Math.max(0, ...window.__longtasks.filter((e) => e.start >= t).map((e) => e.duration));
    new PerformanceObserver((list) => window.__longtasks.push(...list.getEntries().map((e) => ({ start: e.startTime, duration: e.duration })))).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(`${base}/grid.html${query}`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  // The renderer's main-thread CPU time until then (the page's load included, the same for both):
  // unlike the wall clock, it hardly moves when the machine is busy with other work.
  const { metrics } = await cdp.send('Performance.getMetrics');
  const cpu = (metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0) * 1000;
  const { firstRender, entries } = await page.evaluate(() => window.__bench);
  const scroll = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const since = performance.now();
        const el = document.querySelector('[data-testid="schedule-grid-scroller"]');
        let frames = 0;
        let last = performance.now();
        let longestFrame = 0;
        const step = (now) => {
          longestFrame = Math.max(longestFrame, now - last);
          last = now;
          el.scrollTop += 60;
          el.scrollLeft += frames % 2 ? 20 : -10;
          if (++frames < 120) requestAnimationFrame(step);
          else setTimeout(() => resolve({ longestFrame, longestTask: window.__longestSince(since) }), 100);
        };
        requestAnimationFrame(step);
      }),
  );
  // A scripted drag: across an empty part of a row (drawing a shift), then a bar moved two rows down
  // and to the right. The baseline page gets the same pointer moves over its table (no handlers):
  // what the browser spends on the moves alone.
  await page.evaluate(() => {
    const el = document.querySelector('[data-testid="schedule-grid-scroller"]');
    el.scrollTop = 0;
    el.scrollLeft = 0;
  });
  await page.waitForTimeout(200);
  // Traced too: the main thread's CPU time of its longest task (the wall clock of a task stretches when the machine is busy).
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.evaluate(() => {
    window.__dragSince = performance.now();
    window.__frames = { last: performance.now(), longest: 0, on: true };
    const step = (now) => {
      const f = window.__frames;
      f.longest = Math.max(f.longest, now - f.last);
      f.last = now;
      if (f.on) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
  const empty = query.includes('baseline') ? 'tbody tr:nth-child(3) td:nth-child(3)' : '[role="row"][aria-rowindex="4"] [role="cell"]:nth-child(3)';
  const box = await page.locator(empty).first().boundingBox();
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 1.5, box.y + box.height / 2, { steps: 30 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  const bar = await page.locator(query.includes('baseline') ? 'tbody tr:nth-child(2) button' : '[data-entry-id]').first().boundingBox();
  await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
  await page.mouse.down();
  await page.mouse.move(bar.x + bar.width / 2 + 60, bar.y + bar.height / 2 + 100, { steps: 30 });
  await page.keyboard.press('Escape');
  await page.mouse.up();
  const dragging = await page.evaluate(
    () =>
      new Promise((resolve) =>
        setTimeout(() => {
          window.__frames.on = false;
          resolve({ dragTask: window.__longestSince(window.__dragSince), dragFrame: window.__frames.longest });
        }, 100),
      ),
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents;
  const main = trace.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')?.tid;
  const dragTaskCpu = Math.max(0, ...trace.filter((e) => e.tid === main && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask')).map((e) => (e.tdur ?? 0) / 1000));
  await page.close();
  return { firstRender, cpu, entries, ...scroll, ...dragging, dragTaskCpu };
}

// Five runs each, alternating, the median reported: the machine may be shared and busy.
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const runs = { grid: [], baseline: [], gridTall: [], baselineTall: [] };
try {
  for (let i = 0; i < RUNS; i++) {
    runs.baseline.push(await measure('?baseline'));
    runs.grid.push(await measure(''));
    runs.baselineTall.push(await measureTall('?baseline'));
    runs.gridTall.push(await measureTall(''));
  }
} finally {
  await browser.close();
  server.close();
  rmSync(out, { recursive: true, force: true });
}
const median = (list, key) => [...list.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (n) => `${n.toFixed(1)} ms`;
const row = (label, list) =>
  `  ${label.padEnd(28)} first render ${ms(median(list, 'firstRender')).padStart(9)}   longest task scrolling ${ms(median(list, 'longestTask')).padStart(8)}   longest frame ${ms(median(list, 'longestFrame')).padStart(8)}`;
console.log(`Scheduler grid, 50 staff × 14 days (${runs.grid[0].entries} shifts), Chromium, median of ${RUNS}`);
console.log(row('ScheduleGrid (React)', runs.grid));
console.log(row('plain DOM table (baseline)', runs.baseline));
console.log(`  ratio                        first render ${(median(runs.grid, 'firstRender') / median(runs.baseline, 'firstRender')).toFixed(2)}× the baseline (long tasks are those over 50 ms; 0 = none)`);
console.log(
  `  main-thread CPU to first render: ScheduleGrid ${ms(median(runs.grid, 'cpu'))}, plain table ${ms(median(runs.baseline, 'cpu'))}: ${(median(runs.grid, 'cpu') / median(runs.baseline, 'cpu')).toFixed(2)}× (page load included in both)`,
);
const dragRow = (label, list) =>
  `  ${label.padEnd(28)} longest task dragging ${ms(median(list, 'dragTask')).padStart(8)} (CPU of the longest ${ms(median(list, 'dragTaskCpu')).padStart(8)})   longest frame dragging ${ms(median(list, 'dragFrame')).padStart(8)}`;
console.log('Dragging (a shift drawn across a row, a bar moved two rows down; 30 pointer moves each)');
console.log(dragRow('ScheduleGrid (React)', runs.grid));
console.log(dragRow('plain DOM table (baseline)', runs.baseline));
console.log(
  `Every row in view (a window 3,200 px tall, ${runs.gridTall[0].rows} rows drawn): ScheduleGrid first render ${ms(median(runs.gridTall, 'firstRender'))} (CPU ${ms(median(runs.gridTall, 'cpu'))}), plain table ${ms(median(runs.baselineTall, 'firstRender'))} (CPU ${ms(median(runs.baselineTall, 'cpu'))}): ${(median(runs.gridTall, 'firstRender') / median(runs.baselineTall, 'firstRender')).toFixed(2)}×`,
);
