import { expect, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, outboxMessage, readCsv, signIn } from './support';

/**
 * Campaigns (issue 18): the owner writes an email campaign to a segment, sends it now, sees it
 * sent with its figures, reads the message in the developer outbox, and the client's unsubscribe
 * link works; the list and the surveys are exported as files. Each repeat makes its own two
 * clients and segment (a unique word in their emails).
 */
const LA = 1;

test('send a campaign to a segment and read it in the outbox', async ({ page }, testInfo) => {
  const run = `j${Date.now().toString(36)}${testInfo.repeatEachIndex}${testInfo.workerIndex}`;
  const emails = [`${run}-ana@example.org`, `${run}-ben@example.org`];
  const segment = `Journey ${run}`;
  const db = await database();
  try {
    for (const [i, email] of emails.entries()) {
      await db.query(`insert into customers (business_id, network_id, phone, firstname, lastname, email) values ($1, 1, $2, $3, 'Journey', $4)`, [LA, `310555${String(1000 + i)}`, i === 0 ? 'Ana' : 'Ben', email]);
    }
    await db.query(`insert into customer_segments (business_id, network_id, name, query_parameters, business_list) values ($1, 1, $2, $3, '{1}')`, [
      LA,
      segment,
      JSON.stringify({ type: 'group', match: 'all', children: [{ type: 'condition', kind: 'emailContains', text: run }] }),
    ]);
  } finally {
    await db.end();
  }

  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/campaigns`);
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();

  await page.getByRole('button', { name: 'New campaign' }).click();
  const editor = page.getByRole('dialog', { name: 'New campaign' });
  await editor.getByLabel('Campaign name').fill(`Offer ${run}`);
  await editor.getByLabel('Send to').selectOption({ label: segment });
  await editor.getByLabel('Subject').fill(`Hello {first_name}, ${run}`);
  await editor.getByLabel('Message', { exact: true }).fill('We have openings this week. Book online!');
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(editor).toBeHidden();
  const row = page.getByRole('table', { name: 'Campaigns', exact: true }).getByRole('row').filter({ hasText: `Offer ${run}` });
  await expect(row).toContainText('Draft');

  await row.getByRole('button', { name: `Send Offer ${run}` }).click();
  const send = page.getByRole('dialog', { name: `Send Offer ${run}` });
  // The segment's two clients, and nobody else.
  await expect(send.getByRole('status')).toHaveText(/^2 of 2 clients will get it/);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await send.getByRole('button', { name: 'Send now' }).click();
  await expect(send).toBeHidden();
  // The job sends it within seconds; the list follows while it goes out.
  await expect(row).toContainText('Sent', { timeout: 30_000 });

  // The list as a file: the campaign to the segment's two clients, both sent.
  await page.getByRole('button', { name: 'Export Campaigns' }).click();
  const [campaigns] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const lines = await readCsv(await campaigns.path());
  expect(lines[0]?.slice(6, 8)).toEqual(['Recipients', 'Sent']);
  expect(lines.filter((l) => l[0] === `Offer ${run}`).map((l) => [l[1], l[2], l[3], l[6], l[7]])).toEqual([['Sent', 'Email', segment, '2', '2']]);

  // The message, in the developer outbox as the client gets it.
  const message = await outboxMessage(page, { to: emails[0] as string });
  expect(message.body).toContain('We have openings this week. Book online!');
  await page.goto('/dev/outbox');
  await expect(page.getByRole('heading', { level: 1, name: 'Developer outbox' })).toBeVisible();
  const inOutbox = page.getByRole('row').filter({ hasText: emails[0] as string });
  await expect(inOutbox).toContainText(`Hello Ana, ${run}`);
  await expect(page.getByRole('row').filter({ hasText: emails[1] as string })).toContainText(`Hello Ben, ${run}`);

  // Its unsubscribe link works, without signing in.
  const link = /https?:\/\/[^\s]+\/public\/share\/unsubscribe\/[A-Za-z0-9_-]{32}/.exec(message.body)?.[0];
  expect(link, 'an unsubscribe link in the message').toBeTruthy();
  await page.goto(new URL(link as string).pathname);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from Luxe Los Angeles' })).toBeVisible();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are unsubscribed.' })).toBeVisible();

  // The surveys, and the shown survey's results, as files.
  await page.goto(`/${LA}/campaigns/surveys`);
  await expect(page.getByRole('heading', { name: /^Results: / })).toBeVisible();
  await page.getByRole('button', { name: 'Export Surveys' }).click();
  await expect(page.getByRole('menuitem', { name: 'Survey results per service (XLSX)' })).toBeVisible();
  const [byStaff] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Survey results per staff member (CSV)' }).click()]);
  const staff = await readCsv(await byStaff.path());
  expect(staff[0]).toEqual(['Staff', 'NPS', 'Answers', 'Promoters', 'Passives', 'Detractors']);
  expect(staff.length).toBeGreaterThan(1);
});
