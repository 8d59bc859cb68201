import { expect, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

/**
 * Suspension that can be resolved (issue 28): an admin suspends a business that owes nothing, with
 * a reason; its user then reads, once, since when it is suspended, why, and — nothing being owed —
 * the platform's support contact instead of being told to pay; every other screen only says it is
 * closed. The business and its user are the journey's own (made in the database, the password the
 * demo's), so no other journey's business is ever held back; they are removed at the end.
 */

const REASON = 'Closed for renovation until the new lease is signed.';
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
/** A day as the screens write it: `Fri, Mar 6, 2026`. */
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

test('a suspended business that owes nothing sees since when, why and the platform’s contact, and is never told to pay', async ({ page, browser }, testInfo) => {
  const run = `${Date.now().toString(36)}${testInfo.workerIndex}${testInfo.repeatEachIndex}`;
  const name = `Atelier ${run}`;
  const username = `atelier-${run}`;
  const db = await database();
  let businessId = 0;
  let userId = 0;
  try {
    // A business of its own with one owner, who signs in with the demo's password.
    businessId = Number(
      (
        await db.query<{ id: number }>(
          `insert into businesses (name, timezone, info) values ($1, 'America/Los_Angeles', jsonb_build_object('name', $1::text, 'currency', 'USD')) returning id`,
          [name],
        )
      ).rows[0]?.id,
    );
    userId = Number(
      (
        await db.query<{ id: number }>(
          `insert into users (role, acl, fullname, email, username, password_hash)
           select role, acl, 'Ada Atelier', $1, $2, password_hash from users where username = 'owner' returning id`,
          [`${username}@example.test`, username],
        )
      ).rows[0]?.id,
    );
    await db.query('insert into user_businesses (user_id, business_id) values ($1, $2)', [userId, businessId]);

    // The admin suspends it from today, saying why.
    const admin = await openAsAdmin(browser);
    await admin.goto('/1/admin/billing');
    // On a narrow table its actions fold behind the row's details.
    const suspend = admin.getByRole('button', { name: `Suspension of ${name}` });
    const details = admin.getByRole('button', { name: `Details for ${name}` });
    await expect(suspend.or(details).first()).toBeVisible();
    if (!(await suspend.isVisible())) await details.click();
    await suspend.click();
    const dialog = admin.getByRole('dialog', { name: `Suspension of ${name}` });
    await dialog.getByLabel('Suspended from').fill(todayIn('America/Los_Angeles'));
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    const saved = admin.waitForResponse((r) => r.url().endsWith(`/protected/admin/${businessId}/suspension/update`) && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Set suspension' }).click();
    expect((await saved).ok()).toBe(true);
    await expect(dialog).toBeHidden();
    await admin.context().close();

    // Its owner signs in: the home screen is closed, the banner says the rest.
    await signIn(page, username);
    await expect(page).toHaveURL(new RegExp(`/${businessId}/home$`));
    await expect(page.getByRole('heading', { level: 1, name: 'This screen is closed while the business is suspended.' })).toBeVisible();
    const contact = page.getByRole('group', { name: 'Support contact' });
    await expect(contact).toBeVisible();
    await expect(contact.getByRole('link', { name: 'support@salondesk.localhost' })).toHaveAttribute('href', 'mailto:support@salondesk.localhost');
    await expect(contact.getByRole('link', { name: '(800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
    const banner = page.getByRole('status').filter({ has: contact });
    await expect(banner).toContainText(`This business has been suspended since ${dayLabel(todayIn('America/Los_Angeles'))}.`);
    await expect(banner).toContainText(`Reason: ${REASON}`);
    await expect(banner).toContainText('Nothing is owed: contact support to restore access.');
    await expect(page.getByRole('link', { name: /^Pay / })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // Billing, the one part it reaches: the same banner, each thing said once, nothing to pay.
    await page.getByRole('link', { name: 'Go to Billing' }).click();
    await expect(page).toHaveURL(new RegExp(`/${businessId}/billing$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Support contact' })).toBeVisible();
    await expect(page.getByText(/has been suspended since/)).toHaveCount(1);
    await expect(page.getByText(/restore access/)).toHaveCount(1);
    await expect(page.getByText(/Pay (its|the) invoices/)).toHaveCount(0);
  } finally {
    if (userId) await db.query('delete from users where id = $1', [userId]);
    if (businessId) await db.query('delete from businesses where id = $1', [businessId]);
    await db.end();
  }
});
