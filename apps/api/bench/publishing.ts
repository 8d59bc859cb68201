import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, isOtpChallenge, type SalondeskClient } from '@salondesk/core';
import lighthouse from 'lighthouse';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { connectionUrl, DATABASE_NAME, findLivePostmaster, makeTempDataDir, readPassword } from '../src/db/embedded';
import { DEMO_PASSWORD } from '../src/demo/accounts';
import { renderWebsite } from '../src/publishing/site/renderWebsite';
import { loadSiteInput } from '../src/publishing/siteInput';
import { siteVersions } from '../src/publishing/schema';
import { startStorage } from '../src/storage';
import { cookieJarFetch } from '../src/test/harness';
import { freePort, spawnMain, waitForHealth } from '../src/test/spawn-main';
import { runAlone } from './demo-database';
import { median, ms } from './timing';

/**
 * Publishing (issue 17), figures only: (1) a website publish of the largest demo business (most
 * services and staff), queued to live — the API call, the job queue, rendering from the database,
 * the files written through the S3 adapter to the local stand-in, the live switch — beside, in the
 * same run, rendering the same site in-process (its staff photos and service images copied from
 * the media library too) and writing its files to a folder (the least any publisher must do); BENCH_PUBLISH_RUNS runs (5) after one to warm up. (2) The live site's
 * Lighthouse scores (performance, accessibility, best practices, SEO; Lighthouse's default mobile
 * emulation) in Debian's Chromium, beside the dashboard's sign-in page measured the same way.
 */
const RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

async function signIn(baseUrl: string): Promise<SalondeskClient> {
  const { fetch } = cookieJarFetch();
  const client = createClient({ baseURL: baseUrl, fetch });
  const session = await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
  if (isOtpChallenge(session)) throw new Error('The owner should sign in without a code');
  return client;
}

async function untilLive(client: SalondeskClient, businessId: number, versionId: number): Promise<void> {
  for (;;) {
    const version = await client.publishing.version(businessId, versionId);
    if (version.status === 'live') return;
    if (version.status === 'failed' || version.status === 'ready') throw new Error(`Version ${versionId} ended ${version.status}: ${version.error ?? ''}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Chromium with a DevTools port, for Lighthouse (no downloaded browser). */
async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const profile = await fs.mkdtemp(path.join(os.tmpdir(), 'salondesk-lh-'));
  const child = spawn(CHROMIUM, ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`Chromium exited:\n${output}`)));
  });
  return {
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await fs.rm(profile, { recursive: true, force: true });
    },
  };
}

/** The median of LIGHTHOUSE_RUNS (3) Lighthouse runs per category: its performance score moves with the machine's load. */
async function scores(url: string, port: number): Promise<Record<string, number>> {
  const runs: Record<string, number>[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    runs.push(Object.fromEntries(Object.entries(result.lhr.categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)])));
  }
  return Object.fromEntries(Object.keys(runs[0]!).map((key) => [key, median(runs.map((r) => r[key]!))]));
}

export async function publishingBench(): Promise<void> {
  console.log('\nPublishing: a website publish of the largest demo business, queued to live; the site\'s Lighthouse scores');
  const dataDir = await makeTempDataDir('salondesk-bench-publishing-');
  const main = spawnMain(dataDir, await freePort(), { SALONDESK_DEMO_DAYS: '0' });
  try {
    await waitForHealth(main, 300_000);
    const postmaster = await findLivePostmaster(dataDir);
    if (!postmaster) throw new Error('No PostgreSQL is running on the bench data folder');
    const database = openDatabase(connectionUrl(postmaster.port, await readPassword(dataDir), DATABASE_NAME), { max: 2 });
    try {
      const [largest] = await database.db
        .execute<{ id: number; name: string; services: number; staff: number }>(sql`
          select b.id, b.name,
            (select count(*)::int from services s where s.business_id = b.id and s.deleted_at is null) as services,
            (select count(*)::int from staff m where m.business_id = b.id and m.deleted_at is null) as staff
          from businesses b order by 3 + 4 desc, b.id limit 1`)
        .then((r) => r.rows);
      if (!largest) throw new Error('No business');
      const client = await signIn(main.baseUrl);
      // The demo's own publishes (in the background at start) finish first.
      for (;;) {
        const list = await client.publishing.versions(largest.id, 'website');
        if (list.liveVersionId !== null && list.versions.every((v) => v.status !== 'queued' && v.status !== 'building')) break;
        await new Promise((r) => setTimeout(r, 200));
      }

      const publish = async () => {
        const t = performance.now();
        const version = await client.publishing.publishWebsite(largest.id);
        await untilLive(client, largest.id, version.id);
        return performance.now() - t;
      };
      await publish();
      const publishes: number[] = [];
      for (let i = 0; i < RUNS; i++) publishes.push(await publish());

      // The baseline: the same site rendered in this process from the same data, written to a folder.
      const [live] = await database.db.select().from(siteVersions).where(sql`${siteVersions.business_id} = ${largest.id} and ${siteVersions.kind} = 'website' and ${siteVersions.status} = 'live'`);
      const addresses = { siteBase: main.baseUrl, previewBase: main.baseUrl };
      const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'salondesk-bench-site-'));
      // The media library's files as the server keeps them (its local stand-in's folder): the
      // baseline copies the same staff photos and service images.
      const storage = await startStorage({ dataDir, config: { sites: undefined, media: undefined } });
      const plain = async () => {
        const t = performance.now();
        const input = await loadSiteInput(database.db, live!, { addresses, publicUrl: main.baseUrl, now: new Date(), media: storage.store('media') });
        const files = renderWebsite(input);
        for (const [file, { body }] of Object.entries(files)) {
          await fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true });
          await fs.writeFile(path.join(folder, file), body);
        }
        return performance.now() - t;
      };
      await plain();
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i++) baseline.push(await plain());
      await storage.close();
      await fs.rm(folder, { recursive: true, force: true });

      console.log(`  ${largest.name} (${largest.services} services, ${largest.staff} staff), ${RUNS} runs, median`);
      console.log(`  publish, queued → live (API, job queue, S3 adapter, live switch) ${ms(median(publishes))}   (${publishes.map((n) => n.toFixed(0)).join(', ')} ms)`);
      console.log(`  baseline: render in-process + write to a folder                  ${ms(median(baseline))}`);

      const list = await client.publishing.versions(largest.id, 'website');
      const chromium = await startChromium();
      try {
        const site = await scores(list.url!, chromium.port);
        const login = await scores(`${main.baseUrl}/login`, chromium.port);
        const row = (name: string, s: Record<string, number>) =>
          console.log(`  ${name.padEnd(36)} performance ${s.performance}   accessibility ${s.accessibility}   best practices ${s['best-practices']}   SEO ${s.seo}`);
        console.log(`  Lighthouse (mobile emulation, Debian Chromium; median of ${LIGHTHOUSE_RUNS} runs):`);
        row(`site ${new URL(list.url!).pathname}`, site);
        row('baseline: the dashboard sign-in page', login);
      } finally {
        await chromium.stop();
      }
    } finally {
      await database.close();
    }
  } finally {
    main.child.kill('SIGTERM');
    await main.exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

runAlone(import.meta.url, publishingBench);
