import fs from 'node:fs/promises';
import path from 'node:path';
import { createClient, isOtpChallenge, MESSAGES } from '@salondesk/core';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterDirOf, findLivePostmaster, isRunning, makeTempDataDir } from './db/embedded';
import { DEMO_PASSWORD } from './demo/accounts';
import { cookieJarFetch } from './test/harness';
import { freePort, type MainProcess, spawnMain, waitForHealth } from './test/spawn-main';

/**
 * The real start-up path (`main.ts`) on its own data folder: a server killed with SIGKILL leaves
 * its PostgreSQL running; the next start must stop that one cleanly, start its own, and lose
 * nothing that was committed. SIGTERM must stop everything and exit 0.
 */
describe('main: restart after kill -9, clean SIGTERM', () => {
  const started: MainProcess[] = [];
  let dataDir: string | undefined;

  afterAll(async () => {
    for (const main of started) if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGKILL');
    if (dataDir) {
      const live = await findLivePostmaster(dataDir);
      if (live) process.kill(live.pid, 'SIGINT');
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  const NO_HISTORY = { SALONDESK_DEMO_DAYS: '0' };

  it('comes back with its data after kill -9, and SIGTERM leaves no PostgreSQL behind', { timeout: 90_000 }, async () => {
    dataDir = await makeTempDataDir('salondesk-restart-');
    const port = await freePort();

    // First start: a new cluster, migrations, demo data. Signing in writes a session row. The demo
    // without its history (accounts, locations, menus; no tickets): this is about the restart, and
    // a year of tickets would only make the first start slower.
    const first = spawnMain(dataDir, port, NO_HISTORY);
    started.push(first);
    await waitForHealth(first);
    const { fetch, jar } = cookieJarFetch();
    const client = createClient({ baseURL: first.baseUrl, fetch });
    const signedIn = await client.auth.login({ username: 'owner', password: DEMO_PASSWORD });
    if (isOtpChallenge(signedIn)) throw new Error('the owner signs in without a code');
    const { user } = signedIn;
    expect(jar.size).toBe(1);
    // Ten wrong passwords lock the name for a while; the lock is in PostgreSQL, so it survives kill -9.
    const wrong = () => createClient({ baseURL: first.baseUrl }).auth.login({ username: 'lotus', password: 'wrong' });
    for (let i = 0; i < 10; i++) await expect(wrong()).rejects.toMatchObject({ status: 401 });
    await expect(wrong()).rejects.toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });

    first.child.kill('SIGKILL');
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    const orphan = await findLivePostmaster(dataDir);
    expect(orphan, 'the killed server leaves its PostgreSQL running').toBeDefined();

    // Second start on the same folder: stops the orphan, starts its own, the session is still there.
    const second = spawnMain(dataDir, port, NO_HISTORY);
    started.push(second);
    await waitForHealth(second);
    expect(await isRunning(orphan?.pid as number)).toBe(false);
    const status = await client.auth.checkStatus(user.id);
    expect(status.user.username).toBe('owner');
    await expect(
      createClient({ baseURL: second.baseUrl }).auth.login({ username: 'lotus', password: DEMO_PASSWORD }),
    ).rejects.toMatchObject({ status: 429, message: MESSAGES.tooManyAttempts });
    const postmaster = await findLivePostmaster(dataDir);
    expect(postmaster?.pid).not.toBe(orphan?.pid);

    // SIGTERM: exit 0, PostgreSQL stopped, its lock file gone.
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    expect(await isRunning(postmaster?.pid as number)).toBe(false);
    await expect(fs.access(path.join(clusterDirOf(dataDir), 'postmaster.pid'))).rejects.toThrow();
    expect(await findLivePostmaster(dataDir)).toBeUndefined();
  });
});
