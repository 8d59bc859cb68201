import { expect, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, readCsv, signIn } from './support';

/**
 * Clients (issue 18): find a client by a phone typed any way and read their profile (figures,
 * visits with tickets); a ticket's client name leads to the profile; tag a client and filter the
 * list by the tag, export it; merge a duplicate (its tickets move); erase a client's personal
 * data after typing the confirmation (the tickets stay).
 */

const LA = 1;

interface Row {
  id: number;
  name: string;
  phone: string;
  visits: number;
  spend: number;
  last_ticket_id: number | null;
}

const api = async <T,>(page: import('@playwright/test').Page, path: string): Promise<T> => ((await (await page.request.get(path)).json()) as { data: T }).data;

/** A fresh client of Luxe Los Angeles with a unique name and phone (for journeys that change one). */
async function freshClient(label: string, phoneDigits: string, copyTicketsOf?: number): Promise<number> {
  const db = await database();
  try {
    const name = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const { rows } = await db.query<{ id: number }>(
      `insert into customers (business_id, network_id, phone, firstname, lastname) values ($1, 1, $2, $3, 'Journey') returning id`,
      [LA, `(${phoneDigits.slice(0, 3)}) ${phoneDigits.slice(3, 6)}-${phoneDigits.slice(6)}`, name],
    );
    const id = (rows[0] as { id: number }).id;
    if (copyTicketsOf !== undefined) {
      // One completed ticket of another client's moves to this one, so it has a visit of its own.
      await db.query(
        `update queue set customer_id = $1 where id = (select q.id from queue q join checkouts k on k.queue_id = q.id and k.voided_at is null where q.customer_id = $2 and q.business_id = $3 order by q.id limit 1)`,
        [id, copyTicketsOf, LA],
      );
    }
    return id;
  } finally {
    await db.end();
  }
}

test('find a client by phone in any format and read their visits', async ({ page }) => {
  await signIn(page, 'owner');
  const top = (await api<{ rows: Row[] }>(page, `/protected/business/${LA}/clients?sort=visits&dir=desc&page_size=1`)).rows[0] as Row;
  const digits = top.phone.replace(/\D/g, '').slice(-10);
  await page.getByRole('link', { name: 'Clients', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/clients$`));
  // Typed the way a person reads it off a card: dots, not dashes or brackets.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`);
  const link = page.getByRole('link', { name: top.name, exact: true }).first();
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/clients/${top.id}$`));
  await expect(page.getByRole('heading', { name: top.name, level: 1 })).toBeVisible();
  await expect(page.locator('[data-figure="visits"]')).toHaveText(top.visits.toLocaleString('en-US'));
  const history = page.getByRole('table', { name: /^Visit history/ });
  await expect(history.getByRole('link', { name: `#${top.last_ticket_id}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The ticket names its client, linking back to the profile.
  await history.getByRole('link', { name: `#${top.last_ticket_id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/transactions/${top.last_ticket_id}$`));
  await page.getByRole('region', { name: 'Customer' }).getByRole('link', { name: top.name }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/clients/${top.id}$`));
});

test('tag a client, filter the list by the tag and export it', async ({ page }) => {
  await signIn(page, 'owner');
  const id = await freshClient('Tagme', `555${String(Date.now()).slice(-7)}`);
  await page.goto(`/${LA}/clients`);
  const tagName = `Journey ${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Manage tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tags' });
  await dialog.getByLabel('New tag').fill(tagName);
  await dialog.getByRole('button', { name: 'Add tag' }).click();
  await expect(dialog.getByLabel(`Name of ${tagName}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  await page.goto(`/${LA}/clients/${id}`);
  await page.getByLabel('Add a tag').selectOption({ label: tagName });
  await expect(page.getByRole('list', { name: 'Tags' }).getByText(tagName)).toBeVisible();
  await page.getByLabel('Notes about the client').fill('Likes the window seat');
  await page.getByRole('button', { name: 'Save notes' }).click();
  await expect(page.getByRole('button', { name: 'Save notes' })).toBeDisabled();

  await page.getByRole('link', { name: '← All clients' }).click();
  await page.getByRole('button', { name: new RegExp(`^${tagName} \\(1\\)$`) }).click();
  const table = page.getByRole('table', { name: 'Clients (1)' });
  await expect(table.getByRole('link')).toHaveCount(1);
  await page.getByRole('button', { name: 'Export Clients' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const csv = await readCsv(await file.path());
  expect(csv[0]?.[0]).toBe('Client');
  expect(csv.filter((r) => r.join(',').includes(tagName))).toHaveLength(1);
});

test('merge a duplicate: its ticket moves to the kept client', async ({ page }) => {
  await signIn(page, 'owner');
  const donor = (await api<{ rows: Row[] }>(page, `/protected/business/${LA}/clients?sort=visits&dir=desc&page_size=1&page=5`)).rows[0] as Row;
  const digits = `555${String(Date.now()).slice(-7)}`;
  const kept = await freshClient('Keep', digits);
  const duplicate = await freshClient('Dup', digits, donor.id);
  await page.goto(`/${LA}/clients/${kept}`);
  await expect(page.locator('[data-figure="visits"]')).toHaveText('0');
  await page.getByRole('button', { name: 'Merge duplicates' }).click();
  const dialog = page.getByRole('dialog', { name: /^Merge duplicates into/ });
  const box = dialog.getByRole('checkbox').first();
  await expect(dialog.getByText(`#${duplicate}`)).toBeVisible();
  await box.check();
  await dialog.getByRole('button', { name: 'Merge 1 into this client' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Merge' }).click();
  await expect(page.locator('[data-figure="visits"]')).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Visit history (1 ticket)' })).toBeVisible();
  // The duplicate is read-only now and points at the kept client.
  await page.goto(`/${LA}/clients/${duplicate}`);
  await expect(page.getByRole('link', { name: 'Open that client' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Erase personal data' })).toHaveCount(0);
});

test('erase a client’s personal data after typing the confirmation; the ticket stays', async ({ page }) => {
  await signIn(page, 'owner');
  const donor = (await api<{ rows: Row[] }>(page, `/protected/business/${LA}/clients?sort=visits&dir=desc&page_size=1&page=9`)).rows[0] as Row;
  const id = await freshClient('Erase', `555${String(Date.now()).slice(-7)}`, donor.id);
  await page.goto(`/${LA}/clients/${id}`);
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('alertdialog');
  const erase = dialog.getByRole('button', { name: 'Erase personal data' });
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(/^Type the client number/).fill(String(id + 1));
  await expect(erase).toBeDisabled();
  await dialog.getByLabel(/^Type the client number/).fill(String(id));
  await erase.click();
  await expect(page.getByRole('heading', { name: 'Erased client', level: 1 })).toBeVisible();
  await expect(page.getByText(/personal data was erased/)).toBeVisible();
  await expect(page.locator('[data-figure="visits"]')).toHaveText('1');
  await expect(page.getByRole('table', { name: 'Visit history (1 ticket)' })).toBeVisible();
});
