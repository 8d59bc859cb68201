import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Frame, type Page, test } from '@playwright/test';
import { database, signIn } from './support';

/**
 * The embed messaging between two real origins in Chromium (issue 16). The dashboard runs on
 * `http://localhost:<port>`; the demo parent page (api `embed/demoParent.ts`) on
 * `http://localhost:<port + 1>`, another origin of the same site, named by every demo location's
 * allow-list (`localhost`). A page on `http://127.0.0.1:<port + 1>` is a foreign origin: the
 * allow-list does not name it.
 */

const LA = 1;
const PROTOCOL = { protocol: 'salondesk-embed', v: 1 } as const;

function origins(baseURL: string | undefined) {
  const port = Number(new URL(baseURL ?? '').port);
  return { dashboard: `http://localhost:${port}`, parent: `http://localhost:${port + 1}`, foreign: `http://127.0.0.1:${port + 1}` };
}

/** The owner signed in on the dashboard's `localhost` origin, then the demo parent page framing business `LA`. */
async function openParent(browser: Browser, baseURL: string | undefined): Promise<{ page: Page; dashboardFrame: Frame; o: ReturnType<typeof origins> }> {
  const o = origins(baseURL);
  const context = await browser.newContext({ baseURL: o.dashboard });
  const page = await context.newPage();
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`${o.parent}/embed-demo?business=${LA}`);
  const replies = page.getByRole('log');
  await expect(replies.getByText(`loaded (business ${LA})`)).toBeVisible();
  const dashboardFrame = page.frames().find((f) => f.url().startsWith(`${o.dashboard}/embed/${LA}`));
  if (!dashboardFrame) throw new Error('the dashboard frame is missing');
  await expect(dashboardFrame.getByText(`Connected to ${o.parent}`)).toBeVisible();
  return { page, dashboardFrame, o };
}

/** Every billing call the page (any of its frames) makes, by dest. */
function billingCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/billing')) calls.push(url.searchParams.get('dest') ?? '');
  });
  return calls;
}

test('a foreign origin is ignored: no call is made for it and no reply goes to it', async ({ browser, baseURL }) => {
  const { page, dashboardFrame, o } = await openParent(browser, baseURL);
  const calls = billingCalls(page);

  // A foreign frame inside the allowed page (an ad, a widget) talks to the dashboard frame.
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    frame.name = 'foreign';
    document.body.append(frame);
  }, `${o.foreign}/embed-demo?foreign=1`);
  await expect.poll(() => page.frames().some((f) => f.url().startsWith(o.foreign))).toBe(true);
  const foreign = page.frames().find((f) => f.url().startsWith(o.foreign)) as Frame;
  await foreign.waitForLoadState();
  await foreign.evaluate(
    ({ protocol, dashboard }) => {
      const heard: unknown[] = [];
      (window as unknown as { heard: unknown[] }).heard = heard;
      window.addEventListener('message', (event) => {
        if (event.origin === dashboard) heard.push(event.data);
      });
      const target = window.parent.frames[0] as Window;
      for (let i = 0; i < 5; i++) target.postMessage({ ...protocol, id: `foreign-${i}`, kind: 'chargeInvoice', invoiceId: 1, idempotencyKey: 'foreign-key-000001' }, '*');
      target.postMessage({ ...protocol, id: 'foreign-login', kind: 'login' }, dashboard);
    },
    { protocol: PROTOCOL, dashboard: o.dashboard },
  );

  // The dashboard saw all six, and ignored them for their origin.
  await expect(dashboardFrame.getByText(`Ignored a message from ${o.foreign} (origin)`)).toHaveCount(6);
  // The allowed page still gets its answers; the foreign frame got none, and no billing call was made.
  await page.getByRole('button', { name: 'Who is signed in?' }).click();
  await expect(page.getByRole('log').getByText(/Who is signed in: status true — Olivia/)).toBeVisible();
  expect(await foreign.evaluate(() => (window as unknown as { heard: unknown[] }).heard)).toEqual([]);
  expect(calls).toEqual([]);
  await page.context().close();
});

test('the allowed origin creates an installment invoice, and five charge messages in 100 ms charge it once', async ({ browser, baseURL }) => {
  const { page, o } = await openParent(browser, baseURL);
  const calls = billingCalls(page);
  const description = `Embed journey ${randomUUID().slice(0, 8)}`;

  // An installment invoice for oneself, through the demo page's form (core's client).
  const form = page.getByRole('form', { name: 'Create an installment invoice' });
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Total').fill('90.00');
  await form.getByLabel('Instalments').fill('3');
  await form.getByRole('button', { name: 'Create installment invoice' }).click();
  const created = page.getByRole('log').getByText(/^Installment invoice: status true — invoice \d+ unpaid$/);
  await expect(created).toBeVisible();
  const invoiceId = Number(/invoice (\d+)/.exec((await created.textContent()) ?? '')?.[1]);
  expect(calls).toEqual(['onetimebilling/charge-installment']);

  // Five charge messages with one idempotency key within 100 ms, from the parent page itself.
  const replies = await page.evaluate(
    async ({ protocol, dashboard, invoiceId }) => {
      const frame = document.querySelector('iframe')?.contentWindow as Window;
      const got: { id: string; status: boolean; invoice?: { status: string } }[] = [];
      const done = new Promise<void>((resolve) => {
        window.addEventListener('message', (event) => {
          if (event.origin !== dashboard || event.data?.kind !== 'paymentResponse' || !String(event.data.id).startsWith('five-')) return;
          got.push(event.data);
          if (got.length === 5) resolve();
        });
      });
      const key = `five-${crypto.randomUUID()}`;
      for (let i = 0; i < 5; i++) {
        frame.postMessage({ ...protocol, id: `five-${i}`, kind: 'chargeInvoice', invoiceId, idempotencyKey: key }, dashboard);
        await new Promise((r) => setTimeout(r, 20));
      }
      await done;
      return got;
    },
    { protocol: PROTOCOL, dashboard: o.dashboard, invoiceId },
  );
  expect(replies.map((r) => r.id).sort()).toEqual(['five-0', 'five-1', 'five-2', 'five-3', 'five-4']);
  expect(replies.every((r) => r.status === true && r.invoice?.status === 'paid')).toBe(true);
  // One charge: one call, one successful payment on the invoice, and the invoice paid.
  expect(calls.filter((d) => d === 'onetimebilling/charge-invoice')).toHaveLength(1);
  const db = await database();
  try {
    const payments = await db.query<{ n: string }>(`select count(*) as n from billing_payments where invoice_id = $1 and status = 'succeeded'`, [invoiceId]);
    expect(Number(payments.rows[0]?.n)).toBe(1);
    const invoice = await db.query<{ status: string }>('select status from billing_invoices where id = $1', [invoiceId]);
    expect(invoice.rows[0]?.status).toBe('paid');
  } finally {
    await db.end();
  }

  // Charging it again from the page: refused with status false (only an unpaid or failed invoice).
  await page.getByLabel('Invoice number').fill(String(invoiceId));
  await page.getByRole('button', { name: 'Charge invoice', exact: true }).click();
  await expect(page.getByRole('log').getByText(`Charge invoice ${invoiceId}: status false — Only an unpaid or failed invoice can be charged.`)).toBeVisible();
  expect(calls.filter((d) => d === 'onetimebilling/charge-invoice')).toHaveLength(1);
  await page.context().close();
});

test('the dashboard cannot be framed by a page the allow-list does not name', async ({ browser, baseURL }) => {
  const o = origins(baseURL);
  const context = await browser.newContext({ baseURL: o.dashboard });
  const page = await context.newPage();
  const refused = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: 15_000 });
  // On 127.0.0.1 the demo page frames http://127.0.0.1:<port>/embed/1, which names only localhost.
  await page.goto(`${o.foreign}/embed-demo?business=${LA}`);
  await refused;
  await expect(page.getByRole('log').getByText(/loaded/)).toHaveCount(0);
  await context.close();
});
