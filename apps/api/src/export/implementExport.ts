import {
  type AnyExportEndpoint,
  type CellValue,
  dayInZone,
  EXPORT_CONTENT_TYPE,
  type EndpointRequest,
  type ExportColumn,
  type ExportContext,
  exportFileName,
} from '@salondesk/core';
import { fileDownload } from '../http/file-download';
import { type HandlerContext, type Implementation, implement } from '../http/registry';
import { csvFile, type ExportRow, xlsxFile } from './writers';

/** A row of export E: a value per column key. */
export type RowOf<E extends AnyExportEndpoint> = { readonly [K in E['columns'][number]['key']]: CellValue };

/** What an export's row source tells the writer: who and what the file is about, and its rows. */
export interface ExportPlan<E extends AnyExportEndpoint> {
  /** The business the file is named after; null for platform-wide lists. */
  business: string | null;
  /** The range in the file name; a list without one passes its day (today in the business's time zone). */
  start: string;
  end: string;
  /** The currency and time zone of the values. */
  context: ExportContext;
  /**
   * The rows, a batch at a time, read from PostgreSQL as the file is written (keyset pages, never
   * the whole result at once). Called only after everything that can refuse the request has run.
   */
  rows: AsyncIterable<readonly RowOf<E>[]>;
  /**
   * The file's columns when they are known only now (a report's result, whose columns are its
   * source's); otherwise the endpoint's own.
   */
  columns?: readonly ExportColumn[];
  /** The file's title and name part when they are known only now (the report's name). */
  title?: string;
  report?: string;
}

/**
 * Implements an export of core: `plan` checks the request (a refusal is the failure envelope) and
 * says where the rows come from; the file is written in the format asked for and streamed. The
 * first batch is read before the answer starts, so a query that fails at once is still a clean
 * 500 rather than a cut file.
 */
export function implementExport<E extends AnyExportEndpoint>(
  endpoint: E,
  plan: (request: EndpointRequest<E>, ctx: HandlerContext) => Promise<ExportPlan<E>>,
): Implementation<E> {
  return implement(endpoint, async (request, ctx) => {
    const p = await plan(request, ctx);
    const format = (request.query as { format: 'csv' | 'xlsx' }).format;
    const iterator = p.rows[Symbol.asyncIterator]();
    const first = await iterator.next();
    async function* batches(): AsyncGenerator<readonly ExportRow[]> {
      try {
        if (first.done) return;
        yield first.value;
        for (;;) {
          const next = await iterator.next();
          if (next.done) return;
          yield next.value;
        }
      } finally {
        // The client went away or the writer failed: stop the source (its `finally` runs).
        await iterator.return?.();
      }
    }
    const sheet = { title: p.title ?? endpoint.title, columns: p.columns ?? endpoint.columns, context: p.context };
    return fileDownload({
      filename: exportFileName({ business: p.business, report: p.report ?? endpoint.report, start: p.start, end: p.end, format }),
      contentType: EXPORT_CONTENT_TYPE[format],
      body: format === 'xlsx' ? xlsxFile(sheet, batches()) : csvFile(sheet, batches()),
    });
  });
}

/** Today in a time zone: the day a list without a range is named after. */
export const todayIn = (ctx: HandlerContext, timeZone: string): string => dayInZone(ctx.now(), timeZone);

/** A list read whole by the screen's own query (small lists: staff, catalogue, settings) is one batch. */
export async function* once<T>(load: () => Promise<T[]>): AsyncGenerator<T[]> {
  yield await load();
}

/** A source of rows read a page at a time: `pages(next)` calls `next(cursor)` until it gives an empty page. */
export async function* keysetPages<T, C>(next: (cursor: C | null) => Promise<{ rows: T[]; cursor: C | null }>): AsyncGenerator<T[]> {
  let cursor: C | null = null;
  for (;;) {
    const page: { rows: T[]; cursor: C | null } = await next(cursor);
    if (page.rows.length > 0) yield page.rows;
    if (page.cursor === null || page.rows.length === 0) return;
    cursor = page.cursor;
  }
}
