import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, readCsv, signIn } from './support';

/**
 * Prepaid cards and memberships (issue 14): find a gift card by its last 4 digits and see its
 * ledger (its balance the ledger's sum; a load written to it); list the memberships expiring in
 * 30 days and export them, the file holding exactly the list the API gives.
 */

const LA = 1;

interface Card {
  card_number: string;
  last4: string;
  balance: number;
  ledger?: { kind: string; amount: number; balance: number }[];
}

test('find a gift card by its last 4 digits and see its ledger', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  // The demo's first card (its number follows from its ordinal): its last 4 digits, as read off the card.
  const redeemed = await page.request.get(`/protected/business/${LA}/prepaid/search?q=7919`);
  const candidates = ((await redeemed.json()) as { data: { cards: Card[] } }).data.cards;
  expect(candidates.length).toBeGreaterThan(0);
  const target = candidates[0] as Card;

  await page.getByRole('link', { name: 'Gift cards' }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/prepaid$`));
  await page.getByRole('searchbox', { name: 'Search cards' }).fill(target.last4);
  const open = page.getByRole('button', { name: `Open the ledger of card ${target.card_number}` });
  await expect(open).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await open.click();

  const section = page.getByRole('region', { name: /^Card •••• / });
  await expect(section.getByRole('heading', { name: `Card •••• ${target.last4}` })).toBeVisible();
  const ledger = section.getByRole('table', { name: `Ledger of Card •••• ${target.last4}` });
  await expect(ledger.getByRole('cell', { name: 'Issued', exact: true })).toBeVisible();
  const detail = ((await (await page.request.get(`/protected/business/${LA}/prepaid/giftcard/${target.card_number}`)).json()) as { data: Card }).data;
  const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  // Every entry listed, and the balance is what the entries add up to.
  await expect(ledger.locator('tbody tr')).toHaveCount(detail.ledger?.length ?? 0);
  expect(detail.ledger?.reduce((s, e) => s + e.amount, 0)).toBe(detail.balance);
  await expect(section.getByText(money(detail.balance), { exact: true }).first()).toBeVisible();

  // A load is one more entry, and the balance follows it.
  if (detail.balance >= 0 && (await section.getByRole('button', { name: 'Load' }).isEnabled())) {
    await section.getByRole('button', { name: 'Load' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Amount').fill('10');
    await dialog.getByLabel('Note (optional)').fill('Journey top-up');
    await dialog.getByRole('button', { name: 'Load' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(ledger.locator('tbody tr')).toHaveCount((detail.ledger?.length ?? 0) + 1);
    await expect(ledger.getByRole('cell', { name: 'Journey top-up' }).first()).toBeVisible();
    const after = ((await (await page.request.get(`/protected/business/${LA}/prepaid/giftcard/${target.card_number}`)).json()) as { data: Card }).data;
    expect(after.balance).toBeGreaterThanOrEqual(detail.balance + 1000);
    await expect(section.getByText(money(after.balance), { exact: true }).first()).toBeVisible();
  }
});

test('list memberships expiring in 30 days and export them', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/prepaid/memberships`);
  await page.getByRole('button', { name: 'Expiring in 30 days' }).click();
  await expect(page).toHaveURL(/expiring_within=30/);
  const api = ((await (await page.request.get(`/protected/business/${LA}/membership/search?expiring_within=30&limit=2000`)).json()) as {
    data: { memberships: { id: number; member: { name: string }; expires_on: string; status: string }[] };
  }).data.memberships;
  expect(api.length).toBeGreaterThan(0);
  await expect(page.getByRole('table', { name: `Memberships (${api.length.toLocaleString('en-US')})` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const menu = page.getByRole('button', { name: 'Export Memberships' });
  await menu.click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(file.suggestedFilename()).toMatch(/^luxe-los-angeles_memberships_.*\.csv$/);
  const csv = await readCsv(await file.path());
  const header = csv[0] ?? [];
  expect(header.slice(0, 3)).toEqual(['Member', 'Phone', 'Email']);
  expect(csv.length - 1).toBe(api.length);
  const ends = header.indexOf('Term ends');
  const status = header.indexOf('Status');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const in30 = new Date(Date.parse(`${today}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
  for (const row of csv.slice(1)) {
    expect(['Active', 'Paused', 'Past due']).toContain(row[status]);
    const end = row[ends] ?? '';
    expect(end >= today && end <= in30).toBe(true);
  }
  expect(new Set(csv.slice(1).map((r) => r[0]))).toEqual(new Set(api.map((m) => m.member.name)));
});
