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

async function measure(query) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    window.__longtasks = [];
    new PerformanceObserver((list) => window.__longtasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(`${base}/grid.html${query}`);
  await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 60_000 });
  const { firstRender, entries } = await page.evaluate(() => window.__bench);
  const scroll = await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.__longtasks = [];
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
          else setTimeout(() => resolve({ longestFrame, longestTask: Math.max(0, ...window.__longtasks) }), 100);
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
  await page.evaluate(() => {
    window.__longtasks = [];
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
          resolve({ dragTask: Math.max(0, ...window.__longtasks), dragFrame: window.__frames.longest });
        }, 100),
      ),
  );
  await page.close();
  return { firstRender, entries, ...scroll, ...dragging };
}

const runs = { grid: [], baseline: [] };
try {
  for (let i = 0; i < 3; i++) {
    runs.baseline.push(await measure('?baseline'));
    runs.grid.push(await measure(''));
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
console.log(`Scheduler grid, 50 staff × 14 days (${runs.grid[0].entries} shifts), Chromium, median of 3`);
console.log(row('ScheduleGrid (React)', runs.grid));
console.log(row('plain DOM table (baseline)', runs.baseline));
console.log(`  ratio                        first render ${(median(runs.grid, 'firstRender') / median(runs.baseline, 'firstRender')).toFixed(2)}× the baseline (long tasks are those over 50 ms; 0 = none)`);
const dragRow = (label, list) => `  ${label.padEnd(28)} longest task dragging ${ms(median(list, 'dragTask')).padStart(8)}   longest frame dragging ${ms(median(list, 'dragFrame')).padStart(8)}`;
console.log('Dragging (a shift drawn across a row, a bar moved two rows down; 30 pointer moves each)');
console.log(dragRow('ScheduleGrid (React)', runs.grid));
console.log(dragRow('plain DOM table (baseline)', runs.baseline));
