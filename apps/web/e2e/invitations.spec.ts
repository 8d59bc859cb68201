import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, lastOutboxId, outboxMessage, signIn } from './support';

/**
 * Invitations (issue 27): the owner invites a front-desk user by email from the Staff screen with
 * the permissions they will hold; the invitee opens the link from the developer outbox, creates
 * their account on `register-user`, is signed in and sees only what that acl gives; the link then
 * works no more. Each run invites an address of its own, so the journey repeats.
 */

const nav = (page: Page) => page.getByRole('navigation', { name: 'Sections' });
const PASSWORD = 'front-desk-42';

test('the owner invites a front-desk user, who registers from the emailed link and sees only what was given; the link then works no more', async ({ page, browser }, testInfo) => {
  const email = `desk-${Date.now()}-${testInfo.workerIndex}-${testInfo.repeatEachIndex}@example.test`;

  // The owner, on the Staff screen of Luxe Los Angeles.
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto('/1/staff');
  await page.getByRole('button', { name: 'Invite a user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Role').selectOption({ label: 'Front desk' });
  await dialog.getByRole('checkbox', { name: 'View staff' }).check();
  await dialog.getByRole('checkbox', { name: 'Transaction reports' }).check();
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  const before = await lastOutboxId(page, email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText('Invitation sent.')).toBeVisible();
  const invited = page.getByRole('region', { name: 'Invitations' }).getByRole('listitem', { name: email });
  await expect(invited.getByText('Waiting', { exact: true })).toBeVisible();

  // The invitee, in a browser of their own, reads the email in the developer outbox and opens its link.
  const mail = await outboxMessage(page, { to: email }, before);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto('/dev/outbox');
  await invitee.getByLabel('Recipient').fill(email);
  await invitee.getByRole('button', { name: 'Refresh' }).click();
  const item = invitee.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: email }).first();
  const link = item.getByRole('link', { name: /\/register-user\// });
  await expect(link).toHaveAttribute('href', /\/register-user\/1\/[A-Za-z0-9_-]{43}$/);
  const href = (await link.getAttribute('href')) as string;
  expect(mail.body).toContain(href);
  await link.click();

  await expect(invitee).toHaveURL(/\/register-user\/1\//);
  await expect(invitee.getByRole('heading', { level: 1, name: 'Join Luxe Los Angeles' })).toBeVisible();
  await expect(invitee.getByText('You are invited as Front desk.', { exact: false })).toBeVisible();
  await expect(invitee.getByLabel('Email')).toHaveValue(email);
  await expectNoSeriousA11yViolations(invitee);
  // The password is hashed in the browser: the plain one never travels.
  const sent: string[] = [];
  invitee.on('request', (r) => {
    if (r.method() === 'POST') sent.push(r.postData() ?? '');
  });
  await invitee.getByLabel('Full name').fill('Dana Desk');
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Confirm password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Create account' }).click();

  // Signed in on the business's home, with only the sections the acl gives.
  await expect(invitee).toHaveURL(/\/1\/home$/);
  await expect(invitee.getByText('Your account is ready. Welcome!')).toBeVisible();
  expect(sent.join('\n')).not.toContain(PASSWORD);
  await expect(nav(invitee).getByRole('link', { name: 'Staff', exact: true })).toBeVisible();
  await expect(nav(invitee).getByRole('link', { name: 'Transactions', exact: true })).toBeVisible();
  await expect(nav(invitee).getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  await expect(nav(invitee).getByRole('link', { name: 'Payroll', exact: true })).toHaveCount(0);
  await expect(nav(invitee).getByRole('link', { name: 'Clients', exact: true })).toHaveCount(0);
  // A view-only member: the staff list shows, without inviting or adding.
  await nav(invitee).getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(invitee.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  await expect(invitee.getByRole('button', { name: 'Invite a user' })).toHaveCount(0);
  await expect(invitee.getByRole('button', { name: 'Add staff member' })).toHaveCount(0);
  // Settings by its address: not authorized.
  await invitee.goto('/1/settings');
  await expect(invitee.getByRole('heading', { level: 1, name: 'Not authorized' })).toBeVisible();

  // The account signs in again by its email and password, and sees the same.
  await invitee.getByRole('button', { name: /account|user menu|dana/i }).first().click();
  await invitee.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(invitee).toHaveURL(/\/login/);
  await signIn(invitee, email, PASSWORD);
  await expect(invitee).toHaveURL(/\/1\/home$/);
  await expect(nav(invitee).getByRole('link', { name: 'Transactions', exact: true })).toBeVisible();
  await expect(nav(invitee).getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);

  // The owner sees the invitation used.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Invitations' }).getByRole('listitem', { name: email }).getByText('Account created', { exact: true })).toBeVisible();

  // The link works once: opened again, it is refused with a clear message, and offers nothing to fill.
  const again = await (await browser.newContext()).newPage();
  await again.goto(new URL(href).pathname);
  await expect(again.getByRole('heading', { level: 1, name: 'This invitation link does not work' })).toBeVisible();
  await expect(again.getByRole('alert')).toHaveText('This invitation has already been used to create an account. Sign in instead.');
  await expect(again.getByLabel('Password', { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(again);
  await again.context().close();
  await invitee.context().close();
});
