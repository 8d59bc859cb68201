import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

/**
 * Billing (issue 16): an admin creates a plan and a subscription for the owner; the billing
 * scheduler invoices it and the charge fails for real (a card the simulator saves but declines, as
 * Stripe's test card 4000 0000 0000 0341 does); the owner puts a good card on the invoice, the admin
 * starts its attempts over and the scheduler's retry succeeds; the owner downloads the invoice's PDF
 * and refunds part of it.
 */

const LA = 1;

async function addCard(page: Page, number: string, name: string) {
  await page.goto(`/${LA}/billing?tab=methods`);
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a payment method' });
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByLabel('Name for this method').fill(name);
  await dialog.getByRole('button', { name: 'Add payment method' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
}

async function runScheduler(admin: Page) {
  await admin.goto(`/${LA}/admin/billing`);
  await admin.getByRole('button', { name: 'Run the billing scheduler now' }).click();
  await expect(admin.getByText('The billing scheduler is running')).toBeVisible();
}

test('a subscription is invoiced, its charge fails, a retry succeeds, and the owner downloads the PDF and refunds part', async ({ browser, page }) => {
  test.setTimeout(120_000);
  // A run of its own: journeys share one server and run repeatedly.
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const cents = 10_000 + Math.floor(Math.random() * 8_999) + 1;
  const planName = `Journey plan ${run}`;
  const db = await database();
  const ownerId = Number((await db.query<{ id: number }>(`select id from users where username = 'owner'`)).rows[0]?.id);
  await db.end();

  // The owner saves a card that the provider accepts now but declines when charged.
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await addCard(page, '4000 0000 0000 0341', `Declining ${run}`);

  // The admin creates a plan and a subscription for the owner, starting today.
  const admin = await openAsAdmin(browser);
  await admin.goto(`/${LA}/admin/billing?tab=subscribe`);
  const form = admin.getByRole('form', { name: 'New subscription' });
  await expect(form.getByLabel('Business')).toHaveValue(String(LA));
  await form.getByLabel('Who pays').selectOption(String(ownerId));
  await form.getByLabel('Plan name').fill(planName);
  await form.getByLabel('Amount per month').fill((cents / 100).toFixed(2));
  await form.getByRole('button', { name: 'Create subscription' }).click();
  await expect(admin.getByText('Successfully added')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: planName })).toBeVisible();

  // The owner has it pay with the declining card.
  await page.goto(`/${LA}/billing?tab=subscriptions`);
  const row = page.getByRole('row').filter({ hasText: planName });
  await row.getByRole('button', { name: 'Payment method' }).click();
  const method = page.getByRole('dialog', { name: `Payment method of ${planName}` });
  await method.getByLabel('Payment method').selectOption({ label: `Declining ${run} (•••• 0341)` });
  await method.getByRole('button', { name: 'Use this method' }).click();
  await expect(method).toBeHidden();
  await expectNoSeriousA11yViolations(page);

  // The scheduler invoices it and the charge fails: the failed list shows this run's invoice.
  await runScheduler(admin);
  let invoiceId = 0;
  await expect
    .poll(async () => {
      const db = await database();
      const found = await db.query<{ id: number }>(
        `select i.id from billing_invoices i join billing_subscriptions s on s.id = i.subscription_id join billing_plans p on p.id = s.plan_id where p.name = $1`,
        [planName],
      );
      await db.end();
      invoiceId = Number(found.rows[0]?.id ?? 0);
      return invoiceId;
    }, { timeout: 30_000, message: 'the scheduler opens the subscription’s invoice' })
    .toBeGreaterThan(0);
  await page.goto(`/${LA}/billing?status=fail`);
  const failedLink = page.getByRole('link', { name: `#${invoiceId}`, exact: true });
  await expect(async () => {
    await page.reload();
    await expect(failedLink).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await failedLink.click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/billing/invoices/\\d+$`));
  const invoicePath = new URL(page.url()).pathname;
  await expect(page.getByText('Failed', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Your card was declined.' }).first()).toBeVisible();

  // The owner puts a good card on the invoice; the admin starts its attempts over and the scheduler retries.
  await addCard(page, '4242 4242 4242 4242', `Good ${run}`);
  await page.goto(invoicePath);
  await page.getByRole('button', { name: 'Change payment method' }).click();
  const change = page.getByRole('dialog', { name: /^Payment method of invoice/ });
  await change.getByLabel('Payment method').selectOption({ label: `Good ${run} (Visa •••• 4242)` });
  await change.getByRole('button', { name: 'Use this method' }).click();
  await expect(change).toBeHidden();
  await admin.goto(invoicePath);
  await admin.getByRole('button', { name: 'Reset charge attempts' }).click();
  await expect(admin.getByText('Successfully updated')).toBeVisible();
  await runScheduler(admin);
  // The status history says who moved it and why: the scheduler's retry succeeded.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('cell', { name: /^Charge attempt \d+( of \d+)? succeeded/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Pending → Paid' })).toBeVisible();

  // The owner downloads the PDF …
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdf = await downloading;
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // … and refunds part of the payment.
  await page.getByRole('button', { name: /^Refund part of the payment of / }).click();
  const refund = page.getByRole('dialog', { name: 'Refund a payment' });
  await refund.getByLabel('Amount to refund').fill('25.00');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund).toBeHidden();
  await expect(page.getByRole('cell', { name: '−$25.00' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Paid → Refunded' })).toHaveCount(0);
  await admin.context().close();
});

test('a share link lets someone without an account add a payment method, once', async ({ browser, page }) => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/billing?tab=methods`);
  await page.getByRole('button', { name: 'Share a link to add one' }).click();
  const dialog = page.getByRole('dialog', { name: 'A link to add a payment method' });
  const link = await dialog.getByLabel('Link').inputValue();
  expect(new URL(link).pathname).toMatch(/^\/payment-method\/[A-Za-z0-9_-]{43}$/);

  // Someone else, signed in nowhere, opens it and adds a card (it goes to the provider from their page).
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByText(/^For /)).toBeVisible();
  await stranger.getByLabel('Card number').fill('4242 4242 4242 4242');
  await stranger.getByLabel('Expiry (MM/YY)').fill('11/33');
  await stranger.getByLabel('CVC').fill('321');
  await stranger.getByLabel('Name for this method').fill(`Shared ${run}`);
  await stranger.getByRole('button', { name: 'Add payment method' }).click();
  await expect(stranger.getByRole('heading', { name: 'Payment method added' })).toBeVisible();
  await expectNoSeriousA11yViolations(stranger);

  // The link is used up; the owner has the card.
  await stranger.goto(link);
  await expect(stranger.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
  await stranger.context().close();
  await page.goto(`/${LA}/billing?tab=methods`);
  await expect(page.getByRole('row').filter({ hasText: `Shared ${run}` })).toBeVisible();
});
