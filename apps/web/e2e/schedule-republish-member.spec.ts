import { expect, test } from '@playwright/test';
import { signIn } from './support';

/**
 * `schedule/clear/republishfor/{id}` from the board (issue 27): in the published schedule, one
 * staff member's shifts are republished from the templates from a button on their row, after a
 * confirmation; only they are named in the activity log. On Luxe Santa Monica, where no other
 * journey republishes.
 */
const SM = 3;

test('an owner republishes one staff member’s shifts from the templates from their row; cancelling sends nothing', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${SM}/schedule`);
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('radio', { name: 'Published' }).click();
  const name = (await page.getByRole('rowheader').first().innerText()).trim().split('\n')[0]?.trim() ?? '';
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST') sent.push(new URL(r.url()).pathname);
  });

  const button = page.getByRole('button', { name: `Republish ${name}’s shifts from templates…` });
  await button.click();
  const confirm = page.getByRole('alertdialog', { name: `Republish ${name}’s shifts from templates?` });
  await expect(confirm).toContainText('nobody else’s schedule changes');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  expect(sent.filter((p) => p.includes('republish'))).toEqual([]);

  await button.click();
  await confirm.getByRole('button', { name: 'Republish', exact: true }).click();
  await expect(page.getByText('Schedule published for the next 4 weeks')).toBeVisible();
  expect(sent.filter((p) => p.includes('republish'))).toEqual([expect.stringMatching(new RegExp(`^/protected/business/${SM}/schedule/clear/republishfor/\\d+$`))]);
  // The activity log names the one member republished.
  const activity = (await (await page.request.get(`/protected/business/${SM}/activity/schedule?limit=20`)).json()) as { data: { action: string; description?: string; detail?: string }[] };
  const last = activity.data.find((a) => a.action === 'republish');
  expect(JSON.stringify(last)).toContain(`for ${name}`);

  // The button is only in the published schedule.
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  await expect(page.getByRole('button', { name: `Republish ${name}’s shifts from templates…` })).toHaveCount(0);
});
