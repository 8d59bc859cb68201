import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, openAsAdmin, signIn } from './support';

test('an admin message reaches another admin page live: toast, unread badge, marked read', async ({ browser }) => {
  const text = `Maintenance window ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const receiver = await openAsAdmin(browser);
  const sender = await openAsAdmin(browser);

  // The receiver's bell is connected before anything is sent.
  const bell = receiver.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = receiver.getByLabel('Notification list', { exact: true });
  await expect(panel.getByText('Live', { exact: true })).toBeVisible();
  await receiver.keyboard.press('Escape');

  // The sender writes from the admin screen, reached from the navigation.
  await sender.getByRole('link', { name: 'Admin notifications' }).first().click();
  await expect(sender.getByRole('heading', { level: 1, name: 'Admin notifications' })).toBeVisible();
  await sender.getByRole('button', { name: 'Send to admins' }).click();
  await expect(sender.getByText('Write a message.')).toBeVisible();
  await sender.getByRole('textbox', { name: 'Message' }).fill(text);
  // The receiver's toast is looked for from the moment the message is sent: it goes away by
  // itself after a few seconds, and the sender's checks below can take longer than that on a busy
  // machine (in one run the bell had counted it unread but the toast had already gone).
  const toastSeen = expect(receiver.getByText(text).first()).toBeVisible();
  await sender.getByRole('button', { name: 'Send to admins' }).click();
  await expect(sender.getByText('Message sent to every admin.')).toBeVisible();
  await expect(sender.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(sender.getByRole('main').getByRole('table', { name: 'Notifications, newest first' }).getByRole('row').filter({ hasText: text })).toBeVisible();
  await expectNoSeriousA11yViolations(sender);

  // The receiver, without reloading: a toast, and the bell counts it unread.
  await toastSeen;
  await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread$/);
  await bell.click();
  const mine = panel.getByRole('listitem').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Unread:')).toHaveCount(1);
  await expectNoSeriousA11yViolations(receiver);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(mine.getByText('Unread:')).toHaveCount(0);

  // It stays read after a reload.
  await receiver.reload();
  await receiver.getByRole('button', { name: /^Notifications/ }).click();
  await expect(receiver.getByLabel('Notification list', { exact: true }).getByRole('listitem').filter({ hasText: text }).getByText('Unread:')).toHaveCount(0);

  await receiver.context().close();
  await sender.context().close();
});

test('an owner sees no bell, connects the socket for their business, and cannot open the admin screen', async ({ page }) => {
  const socketRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/socket.io')) socketRequests.push(request.url());
  });
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await expect(page.getByRole('button', { name: /Account/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin notifications' })).toHaveCount(0);
  // Owners and managers hear their business live (deploys, build steps, report runs).
  await expect.poll(() => socketRequests.length).toBeGreaterThan(0);
  await page.goto('/1/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Only platform admins can do this.' })).toBeVisible();
});
