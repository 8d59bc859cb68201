import { billingExports } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestServer } from '../test/harness';

const LA = 1;

/** The billing screen's invoice list as a file: the list's own rows and filter, for whoever may see the list. */
describe('billing invoices export', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: true });
  });
  afterAll(() => server?.close());

  it('holds exactly the rows of the invoice list with the same filter, in CSV', async () => {
    const { client, session } = await signedIn(server, 'owner');
    const at = { businessId: LA, uid: session.user.id };
    const query = { startdate: '2000-01-01', enddate: '2099-12-31', status: 'paid' as const };
    const listed = await client.billing.invoice.withfilter(at as never, { query });
    expect(listed.length).toBeGreaterThan(0);
    const file = await client.exports.download(billingExports.invoices, { params: { id: LA }, query: { ...query, format: 'csv' } });
    expect(file.filename).toMatch(/\.csv$/);
    const lines = (await file.blob.text()).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0]).toContain('Invoice');
    expect(lines[0]).toContain('Past due');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0])).sort((a, b) => a - b)).toEqual(listed.map((i) => i.id).sort((a, b) => a - b));
    expect(lines.slice(1).every((l) => l.includes('Paid'))).toBe(true);

    const xlsx = await client.exports.download(billingExports.invoices, { params: { id: LA }, query: { format: 'xlsx', past_due: 'true' } });
    expect(xlsx.bytes).toBeGreaterThan(0);
  });

  it('is refused to a user who may not see the business, and for a status the filter does not offer', async () => {
    const { client } = await signedIn(server, 'lotus');
    await expect(client.exports.download(billingExports.invoices, { params: { id: LA }, query: { format: 'csv' } })).rejects.toMatchObject({ status: 403 });
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.exports.download(billingExports.invoices, { params: { id: LA }, query: { format: 'csv', status: 'withdrawn' as never } })).rejects.toMatchObject({ status: 400 });
  });
});
