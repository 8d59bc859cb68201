#!/usr/bin/env node
// `npm run bench`: the performance figures, each next to a baseline measured in the same run.
// Figures only: nothing here passes or fails on time.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureInstalled, root, step } from './lib/run.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

await ensureInstalled();
await ensureWebBuilt();

const { describeLoginRoute, formatKB, measureChartEngine, measureLoginReady, measureLoginRoute } = await import(pathToFileURL(path.join(root, 'apps/web/scripts/bundle-size.mjs')).href);
console.log('\n▶ Dashboard bundle');
console.log(describeLoginRoute(measureLoginRoute()));
console.log(`login route ready to sign in (after the first interaction): ${formatKB(measureLoginReady().total)} gzip`);
console.log(`chart engine (ECharts), fetched only by screens with a chart: ${formatKB(measureChartEngine().total)} gzip`);

const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
await step('API benchmarks', tsx, ['--conditions=@salondesk/source', 'bench/index.ts'], { cwd: path.join(root, 'apps', 'api') });

const { ensureChromium } = await import('./lib/chromium.mjs');
const chromiumPath = await ensureChromium();
await step('Scheduler grid benchmark (Chromium)', process.execPath, [path.join(root, 'apps', 'web', 'bench', 'schedule-grid.mjs')], {
  cwd: path.join(root, 'apps', 'web'),
  env: { CHROMIUM_PATH: chromiumPath },
});
await step('Browser benchmark: the transaction list with 10,000 tickets', process.execPath, ['bench/transactions-list.mjs'], {
  cwd: path.join(root, 'apps', 'web'),
  env: { CHROMIUM_PATH: chromiumPath },
});
