import { createHash } from 'node:crypto';
import {
  dayInZone,
  declarationProblems,
  type ParameterChoice,
  REPORT_LIMITS,
  type ReportColumn,
  type ReportColumnFormat,
  type ReportLevel,
  type ReportParameter,
  type ReportParameterValue,
  type ReportParameterValues,
  type ReportSource,
  reportFunction,
  resolveParameterValues,
  splitPlaceholders,
  isAdmin,
} from '@salondesk/core';
import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

const pgTypes = pg.types;
import type { AuthState } from '../../auth/authState';
import { visibleBusinesses } from '../../businesses/queries';
import type { Database } from '../../db/client';
import { businesses } from '../../db/schema';
import { HttpError, invalidRequest, notFound } from '../../http/errors';
import { loadSettings } from '../../schedule/queries';
import { rosterDisplayNames } from '../../staff/queries';
import { reportConnection, REPORTING_ROLE } from './pool';
import { dataSources } from './schema';

/**
 * The guarded runner: every report (procedure and function reports, data sources, pivots,
 * questions) reads PostgreSQL through `withReportSource`. It
 *
 * 1. resolves the source (a report function of the `reports` schema, or a data source) and its
 *    parameters: declared, typed, defaulted in the business's time zone (core's
 *    `resolveParameterValues`); a value is always bound, never spliced into the SQL;
 * 2. opens a READ ONLY transaction on the report pool (signed in as `salondesk_report_runner`,
 *    see pool.ts), `set local role salondesk_reporting`, a `statement_timeout`;
 * 3. names the businesses the run may read (this business, or for a network-level report the
 *    locations of its network the user may see) in `salondesk.businesses`, signed for this session
 *    and transaction (`reports.scope()` checks it), so every reporting view shows only their rows
 *    whatever a parameter or a data source's SQL says;
 * 4. hands `fn` the source as a relation for a FROM (`select … from (${relation}) as src`), its
 *    columns, and `tx`, whose `rows` and `batches` keep to the row cap.
 */

/** What a run needs to know about who runs it and where. */
export interface ReportRunContext {
  db: Database;
  /** The business the report is opened in. */
  business: { id: number; network_id: number | null; timezone: string };
  /** The signed-in user: decides which businesses a network-level run reads. */
  auth?: Pick<AuthState, 'user' | 'grants'> | null;
  /**
   * The businesses the run may read, when already decided (a queued run keeps the scope it was
   * asked with). Never from a request.
   */
  businesses?: readonly number[];
  /** The clock ("today" for relative days). */
  now: () => Date;
}

export interface ReportSourceOptions {
  /** `business` (default): this business only; `network`: every location of its network the user may see. */
  level?: ReportLevel;
  /** The most rows `rows` returns (and `batches` streams). Default `REPORT_LIMITS.rowCap`. */
  rowCap?: number;
  /** Default `REPORT_LIMITS.statementTimeoutMs`. */
  statementTimeoutMs?: number;
  /** Cancels the running statement (a job stopping, a client going away). */
  signal?: AbortSignal;
}

/** What `fn` runs its queries through: inside the guarded transaction, capped. */
export interface ReportTx {
  /** The rows of a query, at most the row cap; `truncated` when there were more. */
  rows<T extends Record<string, unknown> = Record<string, unknown>>(query: SQL): Promise<{ rows: T[]; truncated: boolean }>;
  /** The rows of a query through a cursor, `batchSize` at a time, stopping at the row cap (exports, queued runs). */
  batches<T extends Record<string, unknown> = Record<string, unknown>>(query: SQL, batchSize?: number): AsyncGenerator<T[]>;
  /** The businesses this run reads. */
  readonly businesses: readonly number[];
  /** The parameter values bound, after defaults, by parameter id. */
  readonly values: Readonly<Record<string, ReportParameterValue>>;
  readonly rowCap: number;
}

export type ReportFn<T> = (tx: ReportTx, relation: SQL, columns: ReportColumn[]) => Promise<T>;

const dialect = new PgDialect();

/** A source resolved: its declared parameters, columns (null: read from the statement) and SQL. */
interface ResolvedSource {
  parameters: readonly ReportParameter[];
  columns: readonly ReportColumn[] | null;
  relation: (values: Record<string, ReportParameterValue>) => SQL;
}

/** A data source offered in this business (its own, or one offered to every business). */
export async function findDataSource(db: Database, businessId: number, id: number) {
  const [row] = await db
    .select()
    .from(dataSources)
    .where(and(eq(dataSources.id, id), or(isNull(dataSources.business_id), eq(dataSources.business_id, businessId))))
    .limit(1);
  return row;
}

/**
 * A data source's SQL as a relation: each `:target` placeholder becomes a bound parameter (the
 * value of the parameter declaring it; PostgreSQL infers its type from where it stands).
 */
export function dataSourceRelation(sqlText: string, parameters: readonly ReportParameter[], values: Record<string, ReportParameterValue>): SQL {
  const { text, targets } = splitPlaceholders(sqlText);
  const byTarget = new Map(parameters.map((p) => [p.target, p.id]));
  const chunks: SQL[] = [sql.raw(text[0] ?? '')];
  targets.forEach((target, i) => {
    const id = byTarget.get(target);
    if (id === undefined) throw invalidRequest([{ path: ['sql'], message: `:${target} is not declared by any parameter` }]);
    chunks.push(sql`${values[id] ?? null}`, sql.raw(text[i + 1] ?? ''));
  });
  return sql.join(chunks);
}

async function resolveSource(db: Database, businessId: number, source: ReportSource): Promise<ResolvedSource> {
  if (source.kind === 'function') {
    const fn = reportFunction(source.name);
    if (!fn) throw new HttpError(404, `There is no report function ${source.name}.`);
    return {
      parameters: fn.params,
      columns: fn.columns,
      // Named notation: each bound value goes to its argument, whose type PostgreSQL knows.
      relation: (values) =>
        sql`select * from reports.${sql.identifier(fn.name)}(${sql.join(
          fn.params.map((p) => sql`${sql.identifier(p.target)} => ${values[p.id] ?? null}`),
          sql`, `,
        )})`,
    };
  }
  const row = await findDataSource(db, businessId, source.id);
  if (!row) throw notFound();
  const parameters = row.settings.parameters ?? [];
  const problems = declarationProblems(row.sql, parameters);
  if (problems.length > 0) throw invalidRequest(problems.map((p) => ({ path: ['settings', 'parameters', p.id], message: p.message })));
  return { parameters, columns: row.settings.columns?.length ? row.settings.columns : null, relation: (values) => dataSourceRelation(withoutTrailingSemicolon(row.sql), parameters, values) };
}

/** The businesses a run reads: never more than the user may see. */
export async function reportScope(ctx: ReportRunContext, level: ReportLevel): Promise<number[]> {
  if (ctx.businesses) return [...ctx.businesses];
  if (level === 'business' || ctx.business.network_id === null) return [ctx.business.id];
  if (!ctx.auth) return [ctx.business.id];
  if (isAdmin(ctx.auth.user)) {
    const rows = await ctx.db.select({ id: businesses.id }).from(businesses).where(eq(businesses.network_id, ctx.business.network_id));
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }
  const visible = await visibleBusinesses(ctx.db, ctx.auth);
  const ids = visible.filter((b) => b.network_id === ctx.business.network_id).map((b) => b.id);
  return ids.includes(ctx.business.id) ? ids.sort((a, b) => a - b) : [ctx.business.id];
}

/** The format of a column PostgreSQL describes (by type OID), for sources that declare none. */
export function formatOfType(oid: number): ReportColumnFormat {
  switch (oid) {
    case 20: // int8
    case 21: // int2
    case 23: // int4
    case 700: // float4
    case 701: // float8
    case 1700: // numeric
      return 'number';
    case 16:
      return 'boolean';
    case 1082:
      return 'day';
    case 1184:
      return 'instant';
    default:
      return 'text';
  }
}

const labelOf = (key: string) => (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

/**
 * How result values are read: sums (int8) and numerics as numbers, days as `YYYY-MM-DD`, a
 * wall-clock time (timestamp) as `YYYY-MM-DDTHH:MM:SS`, an instant as ISO-8601 UTC; the rest as
 * node-postgres reads them.
 */
const RESULT_TYPES = {
  getTypeParser(oid: number, format?: string) {
    switch (oid) {
      case 20:
      case 1700:
        return (v: string) => Number(v);
      case 1082:
        return (v: string) => v;
      case 1114:
        return (v: string) => v.replace(' ', 'T');
      case 1184:
        return (v: string) => new Date(v).toISOString();
      default:
        return pgTypes.getTypeParser(oid, (format ?? 'text') as 'text');
    }
  },
} as pg.CustomTypesConfig;

/** Runs a query of ours (drizzle SQL) on the report connection; always with a bound value, so one statement only. */
async function query<T>(client: pg.PoolClient, q: SQL): Promise<pg.QueryResult<T & pg.QueryResultRow>> {
  const { sql: text, params } = dialect.sqlToQuery(q);
  // The extended protocol refuses a second statement; it is used only when there are values.
  if (params.length === 0) throw new Error('Report queries carry at least one bound value');
  return client.query<T & pg.QueryResultRow>({ text, values: params as unknown[], types: RESULT_TYPES });
}

let cursorSeq = 0;

/** A source given as SQL that is not saved yet (an admin trying a data source before saving it). */
export interface DraftSource {
  kind: 'sql';
  sql: string;
  parameters: readonly ReportParameter[];
  columns?: readonly ReportColumn[];
}

/** A guarded transaction held open: what `withReportSource` gives `fn`, and how to end it. */
export interface OpenReportSource {
  tx: ReportTx;
  relation: SQL;
  columns: ReportColumn[];
  /** The parameters with the choices read for this run (query choices are read fresh). */
  parameters: readonly ReportParameter[];
  choices: ReadonlyMap<string, readonly ParameterChoice[]>;
  /** Ends the transaction (rolled back: it only read) and gives the connection back. */
  close(): Promise<void>;
}

/** A trailing semicolon (and what follows it of blanks) is dropped: the SQL becomes a subquery. */
export const withoutTrailingSemicolon = (text: string): string => text.replace(/;\s*$/, '');

function draftResolved(draft: DraftSource): ResolvedSource {
  const problems = declarationProblems(draft.sql, draft.parameters);
  if (problems.length > 0) throw invalidRequest(problems.map((p) => ({ path: ['settings', 'parameters', p.id], message: p.message })));
  const text = withoutTrailingSemicolon(draft.sql);
  return { parameters: draft.parameters, columns: draft.columns?.length ? draft.columns : null, relation: (values) => dataSourceRelation(text, draft.parameters, values) };
}

/**
 * Opens the guarded transaction (see the module's comment) and resolves the source's parameters
 * in it. With `resolveOnly`, values are not checked (a report opening: its defaults and choices are
 * what is asked for). The caller must `close()` it.
 */
export async function openReportSource(
  ctx: ReportRunContext,
  source: ReportSource | DraftSource,
  values: ReportParameterValues,
  options: ReportSourceOptions & { resolveOnly?: boolean } = {},
): Promise<OpenReportSource> {
  const rowCap = options.rowCap ?? REPORT_LIMITS.rowCap;
  const timeout = Math.max(1, Math.round(options.statementTimeoutMs ?? REPORT_LIMITS.statementTimeoutMs));
  const resolved = source.kind === 'sql' ? draftResolved(source) : await resolveSource(ctx.db, ctx.business.id, source);
  const scope = await reportScope(ctx, options.level ?? 'business');
  const names: Record<string, string> = {};
  for (const id of scope) for (const [staffId, name] of await rosterDisplayNames(ctx.db, id)) names[staffId] = name;
  const today = dayInZone(ctx.now(), ctx.business.timezone);
  const weekStartsOn = (await loadSettings(ctx.db, ctx.business.id)).weekStartsOn;

  const { client, scopeKey } = await reportConnection(ctx.db);
  let broken = false;
  let closed = false;
  const onAbort = () => {
    broken = true;
    void ctx.db.execute(sql`select pg_cancel_backend(${(client as unknown as { processID: number }).processID})`).catch(() => {});
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const close = async () => {
    if (closed) return;
    closed = true;
    options.signal?.removeEventListener('abort', onAbort);
    try {
      await client.query('rollback');
    } catch {
      broken = true;
    }
    client.release(broken ? true : undefined);
  };
  try {
    await client.query('begin isolation level repeatable read read only');
    const {
      rows: [ident],
    } = await client.query<{ pid: number; t: string }>(`select pg_backend_pid() as pid, (extract(epoch from transaction_timestamp()) * 1000000)::bigint::text as t`);
    if (!ident) throw new Error('no backend pid');
    const list = scope.join(',');
    await client.query(
      `select set_config('salondesk.businesses', $1, true), set_config('salondesk.scope_signature', $2, true),
              set_config('salondesk.staff_names', $3, true), set_config('statement_timeout', $4, true),
              set_config('role', $5, true), set_config('search_path', 'reports, pg_catalog', true)`,
      [list, scopeSignature(scopeKey, list, ident.pid, ident.t), JSON.stringify(names), String(timeout), REPORTING_ROLE],
    );

    // Choices that come from a query are read now, in this transaction: fresh every time.
    const queryChoices = new Map<string, ParameterChoice[]>();
    for (const p of resolved.parameters) {
      if (p.type === 'choice' && p.config.valueType === 'query' && typeof p.config.value === 'string') {
        queryChoices.set(p.id, await choicesOf(client, p.config.value));
      }
    }
    const resolvedValues = resolveParameterValues(resolved.parameters, options.resolveOnly ? {} : values, { today, weekStartsOn, queryChoices });
    if (!options.resolveOnly && resolvedValues.problems.length > 0) {
      throw invalidRequest(resolvedValues.problems.map((p) => ({ path: ['values', p.id], message: p.message })));
    }
    const bound = resolvedValues.values;
    const relation = resolved.relation(bound);

    let columns: ReportColumn[];
    if (resolved.columns) columns = [...resolved.columns];
    else {
      const described = await query(client, sql`select * from (${relation}) as src limit ${0}`);
      columns = described.fields.map((f) => ({ key: f.name, label: labelOf(f.name), format: formatOfType(f.dataTypeID) }));
    }

    const tx: ReportTx = {
      businesses: scope,
      values: bound,
      rowCap,
      async rows<R extends Record<string, unknown>>(q: SQL) {
        const result = await query<R>(client, sql`select * from (${q}) as capped limit ${rowCap + 1}`);
        const truncated = result.rows.length > rowCap;
        return { rows: truncated ? result.rows.slice(0, rowCap) : result.rows, truncated };
      },
      async *batches<R extends Record<string, unknown>>(q: SQL, batchSize = 1000) {
        const name = `report_cursor_${++cursorSeq}`;
        await query(client, sql`declare ${sql.identifier(name)} no scroll cursor for select * from (${q}) as capped limit ${rowCap}`);
        try {
          for (;;) {
            const result = await client.query<R>({ text: `fetch ${Math.max(1, Math.floor(batchSize))} from ${name}`, types: RESULT_TYPES });
            if (result.rows.length === 0) return;
            yield result.rows;
            if (result.rows.length < batchSize) return;
          }
        } catch (error) {
          throw translateError(error);
        } finally {
          await client.query(`close ${name}`).catch(() => {});
        }
      },
    };
    return { tx, relation, columns, parameters: resolved.parameters, choices: queryChoices, close };
  } catch (error) {
    await close();
    throw translateError(error);
  }
}

/**
 * Opens the guarded transaction for a source and runs `fn` in it; see the module's comment.
 * Throws 400 (with issues by parameter) for bad values, 404 for an unknown source, 408 when a
 * statement outlives the timeout, 403 when the SQL reads what the reporting role may not.
 */
export async function withReportSource<T>(
  ctx: ReportRunContext,
  source: ReportSource | DraftSource,
  values: ReportParameterValues,
  fn: ReportFn<T>,
  options: ReportSourceOptions & { resolveOnly?: boolean } = {},
): Promise<T> {
  const open = await openReportSource(ctx, source, values, options);
  try {
    return await fn(open.tx, open.relation, open.columns);
  } catch (error) {
    throw translateError(error);
  } finally {
    await open.close();
  }
}

/**
 * The signature `reports.scope()` checks: sha256 of key, scope, backend pid, transaction start
 * (µs) and the key again (the key at both ends: no length extension).
 */
export const scopeSignature = (key: string, list: string, pid: number, transactionStart: string): string =>
  createHash('sha256').update(`${key}:${list}:${pid}:${transactionStart}:${key}`, 'utf8').digest('hex');

/** The choices a query gives: first column the value, second (when there is one) the label. */
async function choicesOf(client: pg.PoolClient, text: string): Promise<ParameterChoice[]> {
  const result = await query<Record<string, unknown>>(client, sql`select * from (${sql.raw(withoutTrailingSemicolon(text))}) as choices limit ${1000}`);
  const [first, second] = result.fields;
  if (!first) return [];
  return result.rows.map((r) => {
    const v = r[first.name];
    const value = typeof v === 'number' || typeof v === 'boolean' ? v : typeof v === 'bigint' ? Number(v) : String(v ?? '');
    return { value, label: String(second ? (r[second.name] ?? value) : value) };
  });
}

/** PostgreSQL's refusals a person can act on, as clear 4xx answers; anything else stays a 500. */
export function translateError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const e = error as { code?: string; message?: string };
  switch (e.code) {
    case '57014':
      return new HttpError(408, 'The report took too long and was stopped. Try a shorter range.');
    case '42501':
      return new HttpError(403, `A report may only read the reporting views: ${e.message ?? 'permission denied'}.`);
    case '25006':
      return new HttpError(400, 'A report may only read: it cannot change data.');
    case '42601':
    case '42P01':
    case '42703':
    case '42883':
    case '42804':
    case '42P18':
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
    case '22012':
    case '42803':
    case '0A000':
    case '21000':
      return new HttpError(400, `The report's SQL was refused: ${e.message ?? ''}`.trim());
    default:
      return error;
  }
}
