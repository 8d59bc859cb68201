#!/usr/bin/env node
// `npm test`: every test, browser journeys included. Installs what is missing, type-checks, runs
// `npm run build` (the packages with tsup, then the dashboard), checks the packages (publint),
// builds the component stories, runs the Vitest projects (core, react, api on a real embedded
// PostgreSQL, web, and repo: no import cycle in any package, scripts/imports.test.ts) and the
// Playwright journeys in Chromium, then prints one summary line.
import { mkdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './lib/chromium.mjs';
import { ensureInstalled, root, run, step } from './lib/run.mjs';

const started = Date.now();
await ensureInstalled();
const chromium = await ensureChromium();
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });

const pkgs = ['packages/core', 'packages/react', 'apps/api', 'apps/web'];
for (const pkg of pkgs) {
  await step(`Type-check ${pkg}`, 'tsc', ['--noEmit', '-p', 'tsconfig.json'], { cwd: path.join(root, pkg) });
}
// The build `npm run build` runs (the packages with tsup, then the dashboard with vite), once.
await step('Build the packages and the dashboard (npm run build)', 'npm', ['run', '--silent', 'build']);
for (const pkg of ['packages/core', 'packages/react']) {
  await step(`Check the ${pkg} package (publint)`, 'publint', ['--strict'], { cwd: path.join(root, pkg) });
}
await step('Build the component stories (ladle build)', 'ladle', ['build', '--outDir', '.ladle-build'], { cwd: path.join(root, 'apps', 'web') });

console.log('\n▶ Unit, API and component tests (vitest)');
const vitestJson = path.join(results, 'vitest.json');
const vitestCode = await run('vitest', ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);

console.log('\n▶ Browser journeys (Playwright, Chromium)');
const playwrightJson = path.join(results, 'playwright.json');
const playwrightCode = await run('playwright', ['test', '--reporter=list,json'], {
  cwd: path.join(root, 'apps', 'web'),
  env: { CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
});

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null);
const v = read(vitestJson);
const p = read(playwrightJson);
const passed = (v?.numPassedTests ?? 0) + (p?.stats?.expected ?? 0);
const failed = (v?.numFailedTests ?? 0) + (p?.stats?.unexpected ?? 0) + (p?.stats?.flaky ?? 0);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.stats?.skipped ?? 0);
const ok = vitestCode === 0 && playwrightCode === 0 && v && p && failed === 0 && skipped === 0;

// The names of what failed come last, so the tail of a CI log says which tests to look at.
const failures = [];
for (const file of v?.testResults ?? []) {
  for (const a of file.assertionResults ?? []) {
    if (a.status === 'failed') failures.push(`${path.relative(root, file.name)} › ${a.fullName}: ${String(a.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300)}`);
  }
  if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') failures.push(`${path.relative(root, file.name)}: ${String(file.message ?? '').split('\n')[0].slice(0, 300)}`);
}
const walk = (suite, titles) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status === 'unexpected' || t.status === 'flaky') failures.push(`${suite.file ?? ''} › ${[...titles, spec.title].join(' › ')} (${t.status})`);
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
};
for (const suite of p?.suites ?? []) walk(suite, []);
if (failures.length > 0) {
  console.log('\nFailed:');
  for (const f of failures) console.log(`  ✖ ${f}`);
}
console.log(`\nvitest: ${v?.numPassedTests ?? 0} passed, ${v?.numFailedTests ?? 0} failed (exit ${vitestCode})`);
console.log(`playwright: ${p?.stats?.expected ?? 0} passed, ${p?.stats?.unexpected ?? 0} failed (exit ${playwrightCode})`);
if (skipped > 0) console.log(`✖ ${skipped} tests were skipped; no test may be skipped.`);
console.log(`Total time ${((Date.now() - started) / 1000).toFixed(0)}s`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
