import { createHash } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys: Debian's Chromium (never a downloaded browser) against the built dashboard
 * served by the real API server on a fresh embedded PostgreSQL with the demo data.
 */
// A port of its own per checkout (two work trees can run journeys at once); E2E_PORT overrides.
const port = Number(process.env.E2E_PORT ?? 8200 + (createHash('sha256').update(import.meta.dirname ?? __dirname).digest()[0] ?? 0) * 3);
const baseURL = `http://127.0.0.1:${port}`;

// The config is evaluated again in each worker; only the runner starts the server.
const dataDir = process.env.SALONDESK_E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'salondesk-e2e-'));
chmodSync(dataDir, 0o755);
// A folder this run made (not one given by SALONDESK_E2E_DATA_DIR) goes when the runner exits,
// after the server has stopped: each run's database is 150–300 MB, and runs add up on a dev machine.
if (!process.env.SALONDESK_E2E_DATA_DIR) {
  process.on('exit', () => {
    try {
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    } catch {
      // Left for the system's temporary-file cleanup.
    }
  });
}
process.env.SALONDESK_E2E_DATA_DIR = dataDir;

// SALONDESK_E2E_SERVER_CLOCK=<ISO instant>: the server (and its PostgreSQL) runs under libfaketime
// at that instant, so the demo is made then; the browser and the journeys keep the real clock.
// For replaying journeys at an hour the demo once went wrong, when the instant falls on the same
// day as now in every demo zone (otherwise the journeys' "today" is not the server's).
const serverClock = process.env.SALONDESK_E2E_SERVER_CLOCK;
const faketime: Record<string, string> = serverClock
  ? {
      LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
      FAKETIME: `${Math.round((Date.parse(serverClock) - Date.now()) / 1000)}s`,
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    }
  : {};

export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/playwright',
  // Sized for two busy cores (CI runs two workers, each a Chromium, beside the API and PostgreSQL):
  // a sign-in takes 4–8 s there and a long journey 25–35 s, so a journey gets 60 s. A step waits
  // up to 10 s for its condition; the slowest single step seen under load took about 3 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    { name: 'journeys', dependencies: ['setup'] },
  ],
  webServer: {
    command: `node ../../node_modules/tsx/dist/cli.mjs --conditions=@salondesk/source ../api/src/main.ts`,
    url: `${baseURL}/healthz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    // 40 days of demo transactions (not a year): enough for last month's end, quick to seed.
    // A report run of more than 5,000 rows goes to the job queue (50,000 in production), so the
    // report-engine journey sees a long run finish and notify.
    env: { PORT: String(port), HOST: '127.0.0.1', SALONDESK_DATA_DIR: dataDir, LOG_LEVEL: 'warn', SALONDESK_DEMO_DAYS: '40', SALONDESK_REPORT_QUEUE_ABOVE_ROWS: '5000', SALONDESK_EMBED_DEMO_PORT: String(port + 1), ...faketime }, // the embed journeys' second origin: the next port
  },
});
