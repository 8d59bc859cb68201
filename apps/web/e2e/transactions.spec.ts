import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Journeys on tickets. Each journey changes only tickets it picked for itself: a different
 * location or day per journey, so they can run in parallel with each other and the other specs.
 */

async function openDay(page: Page, businessId: number, daysAgo: number) {
  await expect(page).toHaveURL(/\/\d+\/home$/); // signed in
  await page.goto(`/${businessId}/home`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - daysAgo);
  await page.goto(`/${businessId}/transactions?day=${day.toISOString().slice(0, 10)}`);
  await expect(page.getByRole('table', { name: /Tickets of/ })).toBeVisible();
}

const ticketsTable = (page: Page) => page.getByRole('table', { name: /Tickets of/ });
/** The table's ticket rows (not the spacers of its virtual scrolling). */
const ticketRows = (page: Page) => ticketsTable(page).locator('tbody tr').filter({ has: page.getByRole('link') });

/** The ticket number of the n-th completed ticket in the list. */
async function completedTicket(page: Page, n: number): Promise<string> {
  await page.getByLabel('Status').selectOption('Completed');
  const rows = ticketRows(page);
  // The filter goes through the URL and the server: wait until every listed ticket shows a
  // total (a completed one), so the ticket read is one the filtered list keeps.
  await expect(ticketsTable(page)).not.toHaveAttribute('aria-busy', 'true');
  await expect(rows.filter({ hasNotText: '$' })).toHaveCount(0);
  const link = rows.nth(n).getByRole('link');
  await expect(link).toBeVisible();
  const href = (await link.getAttribute('href')) ?? '';
  const id = /\/transactions\/(\d+)$/.exec(href)?.[1];
  if (!id) throw new Error(`no ticket number in "${href}"`);
  return id;
}

test('find a ticket, open its receipt, refund part of it', async ({ page }) => {
  await signIn(page, 'owner');
  await openDay(page, 1, 3);
  const id = await completedTicket(page, 0);
  await page.getByLabel('Status').selectOption('');
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/transactions/search') && new URL(r.url()).searchParams.get('q') === id && (new URL(r.url()).searchParams.get('status') ?? '') === '');
  await page.getByLabel('Search').fill(id);
  await searched;
  // Digits are a ticket number or the end of a phone: the ticket is found, and any other row left
  // is one whose phone ends with those digits.
  const list = ticketsTable(page);
  const ticket = list.locator(`a[href$="/transactions/${id}"]`);
  await expect(ticket).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}`));
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  for (const row of await ticketRows(page).all()) {
    if ((await row.getByRole('link').getAttribute('href'))?.endsWith(`/transactions/${id}`)) continue;
    expect(((await row.getByRole('link').textContent()) ?? '').replace(/\D/g, '')).toContain(id);
  }
  await ticket.click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Ticket #${id}`) })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Receipt' }).click()]);
  await popup.waitForLoadState();
  await expect(popup.getByText(`#${id}`)).toBeVisible();
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([480, 640]);
  await popup.close();

  await page.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ticket #${id}` });
  // A refund counts on the day it is made (today in Los Angeles), not on the ticket's day.
  const today = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(dialog).toContainText(`The refund counts on the day it is made, today (${today} in America/Los_Angeles), not on the ticket’s day`);
  await dialog.getByLabel(/Amount/).fill('999999');
  // A reason of its own: the ticket may carry refunds from other runs against the same database.
  const reason = `Price adjustment ${Date.now().toString(36)}`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByText(/At most/)).toBeVisible();
  await dialog.getByLabel(/Amount/).fill('1.25');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refund recorded.')).toBeVisible();
  const refund = page.getByRole('region', { name: 'Refunds' }).getByRole('listitem').filter({ hasText: reason });
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('$1.25');
  await expect(refund).toContainText(`Olivia Laurent · ${today},`);
  await expect(refund).toContainText('counted on that day, not the ticket’s');
});

test('delete a ticket with a reason and a note; its receipt is no longer available', async ({ page }) => {
  await signIn(page, 'owner');
  await openDay(page, 2, 4);
  const id = await completedTicket(page, 1);
  await ticketsTable(page).locator(`a[href$="/transactions/${id}"]`).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`Ticket #${id}`) })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ticket #${id}?` });
  await dialog.getByRole('button', { name: 'Delete ticket' }).click();
  await expect(dialog.getByText('Give a reason')).toBeVisible();
  await expect(dialog.getByText('Add a note')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Duplicate ticket');
  await dialog.getByLabel('Note').fill('Rung up twice at the front desk');
  await dialog.getByRole('button', { name: 'Delete ticket' }).click();
  await expect(page.getByText('Transaction deleted successfully')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 }).getByText('Deleted after service')).toBeVisible();
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText('Duplicate ticket')).toBeVisible();
  await expect(notes.getByText('Rung up twice at the front desk')).toBeVisible();

  await page.getByRole('button', { name: 'Receipt' }).click();
  await expect(page.getByText('Receipt Not Available')).toBeVisible();

  // The list shows it with its label.
  await page.getByRole('link', { name: /Tickets of/ }).click();
  await page.getByLabel('Status').selectOption('Deleted after service');
  await expect(ticketsTable(page).locator(`a[href$="/transactions/${id}"]`)).toBeVisible();
});

test('the transaction list and sales summary name their figures; no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'manager');
  await openDay(page, 1, 1);
  // The list's count says what it counts, apart from the Tickets figure (completed only).
  const figures = page.getByRole('region', { name: /^Figures of / });
  const listed = figures.getByRole('button', { name: 'Tickets listed' });
  await expect(listed).toHaveAccessibleDescription(/completed, still open and deleted/);
  await listed.focus();
  await expect(page.getByRole('tooltip')).toContainText('Every ticket of the days in this list');
  await expect(figures.getByRole('button', { name: 'Tickets', exact: true })).toHaveAccessibleDescription(/^Completed tickets/);
  for (const name of ['Gross sales', 'Refunds', 'Net sales']) await expect(figures.getByRole('button', { name, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sales summary' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Net sales' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('credit a ticket to another staff member from the update dialog', async ({ page }) => {
  await signIn(page, 'owner');
  await openDay(page, 1, 5);
  const id = await completedTicket(page, 2);
  await ticketsTable(page).locator(`a[href$="/transactions/${id}"]`).click();
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`Ticket #${id}`) });
  await expect(heading).toBeVisible();

  await page.getByRole('button', { name: 'Update' }).click();
  const dialog = page.getByRole('dialog', { name: `Update ticket #${id}` });
  const picker = dialog.getByLabel('Staff');
  await expect(picker).toBeEnabled(); // the staff list has loaded
  const current = await picker.inputValue();
  const options = await picker.locator('option').evaluateAll((list) => list.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent ?? '' })));
  // A member whose name no one else has, so the heading names them unambiguously.
  const other = options.find((o) => o.value !== current && o.value !== '' && !o.label.includes('former') && options.filter((x) => x.label === o.label).length === 1);
  if (!other) throw new Error('no other staff member to pick');
  await expectNoSeriousA11yViolations(page);
  await picker.selectOption(other.value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`by ${other.label}`)).toBeVisible();

  // Saved on the server: the picker opens on the new member after a reload.
  await page.reload();
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByRole('dialog', { name: `Update ticket #${id}` }).getByLabel('Staff')).toHaveValue(other.value);
});

/** Last month's first and last days in Los Angeles (the business's time zone), as the picker's preset computes them. */
const lastMonthInLosAngeles = () => {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit' }).format(new Date()).split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
};

test('find last month’s ticket by its customer’s phone typed formatted', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const month = lastMonthInLosAngeles();
  // A ticket of last month with a customer's phone, read through the API as the screen reads it.
  const answer = await page.request.get(`/protected/business/3/transactions/search?start=${month.start}&end=${month.end}&status=Completed&sort=total&limit=200`);
  const { data } = (await answer.json()) as { data: { transactions: { id: number; phones: { type: string; phone: string }[] }[] } };
  const ticket = data.transactions.find((t) => t.phones[0]?.type === 'MOBILE' && /^\d{10}$/.test(t.phones[0].phone));
  if (!ticket) throw new Error('no ticket of last month with a 10-digit phone');
  const digits = ticket.phones[0]?.phone as string;
  const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;

  await page.goto('/3/transactions');
  await expect(ticketsTable(page)).toBeVisible();
  await page.getByLabel('Range').selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(new RegExp(`start=${month.start}&end=${month.end}`));
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/transactions/search') && new URL(r.url()).searchParams.get('q') === formatted);
  await page.getByLabel('Search').fill(formatted);
  await searched;
  await expect(page).toHaveURL(/[?&]q=/);
  const list = ticketsTable(page);
  await expect(list.locator(`a[href$="/transactions/${ticket.id}"]`)).toBeVisible();
  await expect(list).not.toHaveAttribute('aria-busy', 'true');
  // Every ticket found is that customer's, the phone shown as people write it.
  for (const row of await list.getByRole('link').all()) await expect(row).toContainText(formatted);
  await expect(page.getByText(/ of [\d,]+ tickets listed match/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The address keeps the search: a reload shows the same tickets.
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue(formatted);
  await expect(list.locator(`a[href$="/transactions/${ticket.id}"]`)).toBeVisible();
});

for (const width of [768, 1024]) {
  test(`at ${width} px the tickets table shows each row's customer and total, inside the screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'manager');
    await openDay(page, 1, 2);
    const table = ticketsTable(page);
    await expect(table).not.toHaveAttribute('aria-busy', 'true');
    const headings = await table.locator('thead th').allTextContents();
    const totalAt = headings.findIndex((h) => h.trim() === 'Total');
    expect(headings.some((h) => h.trim() === 'Customer')).toBe(true);
    expect(totalAt).toBeGreaterThan(0);
    const rows = ticketRows(page);
    await expect(rows.first()).toBeVisible();
    const count = Math.min(await rows.count(), 12);
    expect(count).toBeGreaterThan(5);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const customer = row.locator('th[scope="row"]');
      const total = row.locator('th, td').nth(totalAt);
      for (const [name, cell] of [['customer', customer], ['total', total]] as const) {
        const box = await cell.boundingBox();
        if (!box) throw new Error(`row ${i}: no ${name} cell on screen`);
        expect(box.width, `row ${i} ${name} width`).toBeGreaterThan(40);
        expect(box.x, `row ${i} ${name} left`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `row ${i} ${name} right`).toBeLessThanOrEqual(width);
      }
      await expect(customer.getByRole('link')).not.toHaveText('');
      await expect(total).toHaveText(/^(\$[\d,]+\.\d{2}|—)$/);
    }
    await expectNoSeriousA11yViolations(page);
  });
}

test('a day’s card payments are a table of their own, each row linking its ticket', async ({ page }) => {
  await signIn(page, 'owner@salondesk.demo');
  await openDay(page, 1, 3);
  await page.getByRole('group', { name: 'What to list' }).getByRole('button', { name: 'Card payments' }).click();
  const table = page.getByRole('table', { name: 'Card payments through stripe' });
  await expect(table).not.toHaveAttribute('aria-busy', 'true');
  const first = table.locator('tbody tr').filter({ has: page.getByRole('link') }).first();
  await expect(first).toContainText('$');
  const ticket = first.getByRole('link').first();
  const href = (await ticket.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/1\/transactions\/\d+$/);
  await ticket.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});
