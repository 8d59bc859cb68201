import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../errors';
import { MESSAGES } from '../messages';
import { MAX_EXPORT_COLUMNS, SAFE_FILE_NAME, exportFileName } from '../rules/export';
import { FIGURES } from '../rules/figures';
import { allExports, exportEndpoints, exportPath } from './exports';
import { createClient } from './index';
import { filenameOf } from './transport';

const API = 'http://api.salondesk.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('export definitions', () => {
  it('are download endpoints named after their report, each within a to az', () => {
    for (const e of allExports) {
      expect(e.name).toBe(`exports.${e.report}`);
      expect(e.download).toBe(true);
      expect(e.method).toBe('GET');
      expect(e.columns.length).toBeLessThanOrEqual(MAX_EXPORT_COLUMNS);
      expect(exportFileName({ business: 'Luxe Los Angeles', report: e.report, start: '2026-10-01', end: '2026-10-31', format: 'csv' })).toMatch(SAFE_FILE_NAME);
    }
  });

  it('need exactly what the screens’ own calls need', () => {
    expect(exportEndpoints.transactions.permission).toBe('reporting.transactionreport');
    expect(exportEndpoints.aggregateSales.permission).toBe('reporting.transactionreport');
    expect(exportEndpoints.staff.permission).toBe('operation.view-staff');
    expect(exportEndpoints.catalogue.permission).toBe('operation.view-service');
    expect(exportEndpoints.transactionHistory.access).toBe('admin');
    expect(exportEndpoints.settingTypes.access).toBe('admin');
  });

  it('label figures as FIGURES does', () => {
    const labels = exportEndpoints.aggregateSales.columns.map((c) => c.label);
    expect(labels).toContain(FIGURES.net.label);
    expect(labels).toContain(FIGURES.collected.label);
    expect(exportEndpoints.salesByStaff.columns.find((c) => c.key === 'sales')).toEqual({ key: 'sales', label: FIGURES.sales.label, kind: 'money' });
  });

  it('build the path and query of a download', () => {
    expect(exportPath(exportEndpoints.transactions, { params: { id: 1 }, query: { format: 'xlsx', start: '2026-10-01', end: '2026-10-31', q: '', status: 'Completed' } })).toBe(
      '/protected/business/1/export/transactions?format=xlsx&start=2026-10-01&end=2026-10-31&status=Completed',
    );
  });
});

describe('downloading an export', () => {
  it('gives the file, its name and progress as it arrives', async () => {
    server.use(
      http.get(`${API}/protected/business/1/export/staff`, ({ request }) => {
        expect(new URL(request.url).searchParams.get('format')).toBe('csv');
        return new HttpResponse('Staff member\nAna\n', {
          headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="luxe-los-angeles_staff_2026-10-31.csv"' },
        });
      }),
    );
    const progress = vi.fn();
    const file = await createClient({ baseURL: API }).exports.download(exportEndpoints.staff, { params: { id: 1 }, query: { format: 'csv' } }, { onProgress: progress });
    expect(file.filename).toBe('luxe-los-angeles_staff_2026-10-31.csv');
    expect(await file.blob.text()).toBe('Staff member\nAna\n');
    expect(file.bytes).toBe(17);
    expect(progress).toHaveBeenLastCalledWith(17);
  });

  it('turns a refusal into the ApiError with the server’s message, and a lost session into the session-expired event', async () => {
    server.use(
      http.get(`${API}/protected/business/1/export/transactions`, () =>
        HttpResponse.json({ status: false, message: 'A report covers at most 400 days.', code: 'BAD_REQUEST' }, { status: 400 }),
      ),
      http.get(`${API}/protected/business/1/export/staff`, () => HttpResponse.json({ status: false, message: MESSAGES.pleaseLogIn, code: 'UNAUTHORIZED' }, { status: 401 })),
    );
    const client = createClient({ baseURL: API });
    const expired = vi.fn();
    client.on('sessionExpired', expired);
    const error = await client.exports
      .download(exportEndpoints.transactions, { params: { id: 1 }, query: { format: 'csv', start: '2025-01-01', end: '2026-10-01' } })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.status === 400 && error.message === 'A report covers at most 400 days.').toBe(true);
    await client.exports.download(exportEndpoints.staff, { params: { id: 1 }, query: { format: 'csv' } }).catch(() => undefined);
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('says the server is offline when it cannot be reached', async () => {
    server.use(http.get(`${API}/protected/business/1/export/staff`, () => HttpResponse.error()));
    const error = await createClient({ baseURL: API })
      .exports.download(exportEndpoints.staff, { params: { id: 1 }, query: { format: 'xlsx' } })
      .catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe(MESSAGES.serverOffline);
  });

  it('reads the file name of a Content-Disposition header', () => {
    expect(filenameOf('attachment; filename="a_b_2026-01-01.csv"')).toBe('a_b_2026-01-01.csv');
    expect(filenameOf('attachment; filename=a.xlsx')).toBe('a.xlsx');
    expect(filenameOf(null)).toBeNull();
    expect(filenameOf('inline')).toBeNull();
  });
});
