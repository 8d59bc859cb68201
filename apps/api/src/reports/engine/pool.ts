import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The report pool: connections signed in as `salondesk_report_runner`, a role that is a member of
 * `salondesk_reporting` and nothing else (migration `reports_engine`). Report SQL never runs in a
 * session of the application's own role: there, `set_config('role', …)` inside a query could switch
 * back to it (PostgreSQL checks the *session* user), and read every table. The runner's password is
 * kept in `reports.runner_login`, readable only by the application's role.
 *
 * One pool per application pool (the server's, a test's), made on first use and closed with
 * `closeReportPool`.
 */

export const REPORT_RUNNER_ROLE = 'salondesk_report_runner';
export const REPORTING_ROLE = 'salondesk_reporting';

interface ReportPool {
  pool: Promise<pg.Pool>;
  /** The key that signs a transaction's scope (`reports.scope_key`). */
  scopeKey: Promise<string>;
}

const pools = new WeakMap<pg.Pool, ReportPool>();
/** Report connections given by the operator (`SALONDESK_REPORTING_DATABASE_URL`), by application pool. */
const configured = new WeakMap<pg.Pool, string>();

/**
 * Report SQL signs in with this connection string instead of the runner's stored password: for a
 * cluster where the reporting roles were made by another role (a managed PostgreSQL). It must sign
 * in as a role that is a member of `salondesk_reporting` and of nothing that reads more.
 */
export function configureReportPool(app: pg.Pool, connectionString: string): void {
  configured.set(app, connectionString);
}

/** The application pool's connection settings with the runner's name and password. */
function runnerConfig(app: pg.Pool, password: string, max: number): pg.PoolConfig {
  const options = (app as unknown as { options: pg.PoolConfig }).options;
  const base: pg.PoolConfig = options.connectionString
    ? (() => {
        const url = new URL(options.connectionString);
        // The connection string wins over `user`/`password` in node-postgres: put them in it.
        url.username = REPORT_RUNNER_ROLE;
        url.password = encodeURIComponent(password);
        return { connectionString: url.toString() };
      })()
    : { host: options.host, port: options.port, database: options.database, ssl: options.ssl, user: REPORT_RUNNER_ROLE, password };
  return { ...base, max, idleTimeoutMillis: 10_000, allowExitOnIdle: true, application_name: 'salondesk-reports' };
}

const INVALID_PASSWORD = '28P01';

async function openRunnerPool(db: Database): Promise<pg.Pool> {
  const app = db.$client;
  const given = configured.get(app);
  if (given) {
    const pool = new pg.Pool({ connectionString: given, max: 8, idleTimeoutMillis: 10_000, allowExitOnIdle: true, application_name: 'salondesk-reports' });
    pool.on('error', () => {});
    return pool;
  }
  const [row] = (await db.execute<{ password: string }>(sql`select password from reports.runner_login limit 1`)).rows;
  if (!row) throw new Error('reports.runner_login is empty: the reports migration did not run');
  const pool = new pg.Pool(runnerConfig(app, row.password, Math.max(2, Math.min(8, ((app as unknown as { options: pg.PoolConfig }).options.max ?? 10) - 1))));
  pool.on('error', () => {});
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) {
      await pool.end();
      throw error;
    }
    // Another database of this cluster set the (cluster-wide) role's password since: set ours.
    await db.execute(sql.raw(`alter role ${REPORT_RUNNER_ROLE} with login password '${row.password.replace(/'/g, "''")}'`));
  }
  return pool;
}

function reportPoolOf(db: Database): ReportPool {
  const app = db.$client;
  let entry = pools.get(app);
  if (!entry) {
    entry = {
      pool: openRunnerPool(db),
      scopeKey: db.execute<{ key: string }>(sql`select key from reports.scope_key limit 1`).then((r) => {
        const key = r.rows[0]?.key;
        if (!key) throw new Error('reports.scope_key is empty: the reports migration did not run');
        return key;
      }),
    };
    // A failure is not kept: the next run tries again.
    entry.pool.catch(() => pools.delete(app));
    entry.scopeKey.catch(() => pools.delete(app));
    pools.set(app, entry);
  }
  return entry;
}

/** A connection of the report pool, for one run. */
export async function reportConnection(db: Database): Promise<{ client: pg.PoolClient; scopeKey: string }> {
  const entry = reportPoolOf(db);
  const [pool, scopeKey] = await Promise.all([entry.pool, entry.scopeKey]);
  return { client: await pool.connect(), scopeKey };
}

/** Closes the report pool of an application pool, if one was opened (server shutdown). */
export async function closeReportPool(app: pg.Pool): Promise<void> {
  const entry = pools.get(app);
  if (!entry) return;
  pools.delete(app);
  const pool = await entry.pool.catch(() => undefined);
  await pool?.end();
}
