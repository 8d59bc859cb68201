/** A `fetch` that answers by `METHOD /path` and records the calls: the HTTP boundary, for tests of SDK users. */
export type Reply = { status?: number; body: unknown };
export type Routes = Record<string, Reply | ((request: Request) => Reply | Promise<Reply>)>;

export function fakeApi(routes: Routes) {
  const calls: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Same-origin clients (baseURL '') ask for bare paths: resolve them as a browser would.
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const key = `${request.method} ${new URL(request.url, 'http://localhost').pathname}`;
    calls.push(key);
    const route = routes[key];
    if (!route) return Response.json({ status: false, message: `No route for ${key}` }, { status: 404 });
    const reply = typeof route === 'function' ? await route(request) : route;
    return Response.json(reply.body, { status: reply.status ?? 200 });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

export const ok = (data: unknown, message?: string): Reply => ({ body: { status: true, data, ...(message ? { message } : {}) } });
export const fail = (status: number, message: string): Reply => ({ status, body: { status: false, message } });

export const ownerSession = {
  user: { id: 7, role: 'OWNER', acl: {}, fullname: 'Olivia Owner', email: 'olivia@example.test', username: 'owner' },
  businesses: [
    { id: 12, network_id: 1, name: 'Luxe Los Angeles', status: 'ACTIVE', timezone: 'America/Los_Angeles' },
    { id: 13, network_id: 1, name: 'Luxe Denver', status: 'ACTIVE', timezone: 'America/Denver' },
  ],
};
export const adminSession = {
  user: { id: 1, role: 'ADMIN', acl: {}, fullname: 'Ada Admin', email: 'ada@example.test', username: 'admin' },
  businesses: [],
};
export const businessDetail = {
  id: 12,
  network_id: 1,
  name: 'Luxe Los Angeles',
  status: 'ACTIVE',
  timezone: 'America/Los_Angeles',
  reportsettings: { enabled: true, reports: [] },
  info: { currency: 'USD', translationData: { currencySymbol: '$' }, address: '1 Sunset Blvd' },
};

/** A custom report as the API sends it (a function report of business 12), for tests: `customReportExample(3, 'Sales by staff', { created_by: 2 })`. */
export const customReportExample = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  business_id: 12,
  title,
  description: `${title} over a range of days.`,
  category_name: null,
  type: 'function',
  report_level: 'business',
  report_layout: 'table',
  add_columns_before: [],
  generic: false,
  name: 'sales_by_staff',
  params: [],
  settings: {},
  columns: [],
  legacy_id: null,
  created_by: 1,
  deleted_at: null,
  metabase_id: null,
  public: false,
  updated_at: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

/** A pivot report as the API sends it (staff by month over data source 1 of business 12), for tests: `pivotReportExample(5, 'Sales by staff and month', { created_by: 7 })`. */
export const pivotReportExample = (id: number, title: string, overrides: Record<string, unknown> = {}) => ({
  id,
  business_id: 12,
  title,
  description: '',
  type: 'new',
  configuration: { source: { kind: 'datasource', id: 1 }, params: {}, rows: ['staff'], columns: ['month'], values: [{ field: 'net_sales', aggregate: 'sum' }], subtotals: true, grandTotals: true },
  category_name: null,
  created_by: 1,
  deleted_at: null,
  public: false,
  updated_at: '2026-03-02T10:00:00.000Z',
  ...overrides,
});
