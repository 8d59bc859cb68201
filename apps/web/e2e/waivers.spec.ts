import { expect, test } from '@playwright/test';
import { database, expectNoSeriousA11yViolations, readCsv, signIn } from './support';

/**
 * Waivers (issue 18): the owner writes a waiver and makes a signing link for a client; the client,
 * signed in nowhere, reads it on the public page, types their name, draws a signature and agrees;
 * the owner then publishes a new version, and the signature still shows the version signed.
 * (The client profile shows the same signatures through `signaturesOfCustomer`.) The signatures
 * and the report's lists are exported as files made on the server.
 */

const LA = 1;

test('a client signs a waiver on the public page; the signature keeps showing the version signed after the text changes', async ({ browser, page }) => {
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const db = await database();
  const customer = (
    await db.query<{ id: number; name: string }>(
      // A client whose name no other client of the location has, so the picker offers one match.
      `select min(id) as id, firstname || ' ' || lastname as name from customers
        where business_id = $1 and firstname is not null and lastname is not null and erased_at is null and merged_into_id is null
        group by firstname, lastname having count(*) = 1 order by min(id) limit 1`,
      [LA],
    )
  ).rows[0];
  await db.end();
  if (!customer) throw new Error('The demo has no client in Luxe Los Angeles');

  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/waivers`);
  await expect(page.getByRole('switch', { name: 'Waivers on for this location' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'New waiver' }).click();
  const create = page.getByRole('dialog', { name: 'New waiver' });
  await create.getByLabel('Name').fill(`Journey waiver ${run}`);
  await create.getByLabel('Waiver text').fill(`First version ${run}: I accept the risks.`);
  await create.getByRole('button', { name: 'Publish version 1' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Journey waiver ${run}` })).toBeVisible();
  const waiverId = Number(new URL(page.url()).pathname.split('/').pop());

  // The client is found by name in the picker (the client list's search).
  await page.getByRole('combobox', { name: 'Client' }).fill(customer.name);
  await page.getByRole('option', { name: new RegExp(`^${customer.name}`) }).click();
  await page.getByRole('button', { name: 'Make signing link' }).click();
  const link = await page.getByRole('link', { name: /\/waiver\// }).getAttribute('href');
  expect(new URL(link as string).pathname).toMatch(/^\/waiver\/[A-Za-z0-9_-]{43}$/);

  // The client, on their own device and signed in nowhere.
  const client = await (await browser.newContext()).newPage();
  await client.goto(link as string);
  await expect(client.getByTestId('waiver-text')).toHaveText(`First version ${run}: I accept the risks.`);
  await client.getByLabel('Your full name').fill(customer.name);
  const pad = client.getByRole('img', { name: 'Your signature: empty' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad has no box');
  await client.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await client.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.35, 0.7],
    [0.5, 0.35],
    [0.7, 0.65],
  ] as const) {
    await client.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 4 });
  }
  await client.mouse.up();
  await expect(client.getByRole('img', { name: 'Your signature: signed' })).toBeVisible();
  // Without consent nothing is signed.
  await client.getByRole('button', { name: 'Sign waiver' }).click();
  await expect(client.getByText('Tick the box to agree to the waiver')).toBeVisible();
  await client.getByLabel(/I have read this waiver and I agree to it/).check();
  await expectNoSeriousA11yViolations(client);
  await client.getByRole('button', { name: 'Sign waiver' }).click();
  await expect(client.getByRole('heading', { name: `Journey waiver ${run} — signed` })).toBeVisible();
  await client.context().close();

  // The owner publishes version 2.
  await page.getByLabel('Waiver text').fill(`Second version ${run}: new terms.`);
  await page.getByRole('button', { name: 'Publish version 2' }).click();
  await page.getByRole('dialog', { name: 'Publish version 2?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('heading', { name: 'Text of version 2' })).toBeVisible();

  // The signature shows version 1, the text the client read.
  await page.getByRole('link', { name: 'Signatures', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/waivers/signatures\\?waiver=${waiverId}$`));
  // The list as a file: the signature of version 1, the waiver now at 2.
  await page.getByRole('button', { name: 'Export Waiver signatures' }).click();
  const [signatures] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const rows = await readCsv(await signatures.path());
  expect(rows[0]?.slice(1, 5)).toEqual(['Client', 'Waiver', 'Version signed', 'Current version']);
  expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[6]])).toEqual([[customer.name, `Journey waiver ${run}`, '1', '2', customer.name]]);
  await page.getByRole('link', { name: customer.name }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Journey waiver ${run}, version 1` })).toBeVisible();
  await expect(page.getByTestId('signed-text')).toHaveText(`First version ${run}: I accept the risks.`);
  await expect(page.getByText('The waiver is now at version 2.', { exact: false })).toBeVisible();
  await expect(page.getByText('matches the text above')).toBeVisible();
  await expect(page.getByRole('img', { name: `Signature of ${customer.name}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The client's profile lists the signature with the version signed, and leads to it.
  await page.goto(`/${LA}/clients/${customer.id}`);
  const signed = page.getByRole('region', { name: 'Waivers signed' });
  await signed.getByRole('link', { name: `Journey waiver ${run}, version 1` }).click();
  await expect(page.getByTestId('signed-text')).toHaveText(`First version ${run}: I accept the risks.`);

  // The report offers both its lists as files.
  await page.goto(`/${LA}/waivers/report`);
  await page.getByRole('button', { name: 'Export Waiver report' }).click();
  await expect(page.getByRole('menuitem', { name: 'Waiver signatures (XLSX)' })).toBeVisible();
  const [due] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Must sign before their appointment (CSV)' }).click()]);
  expect(due.suggestedFilename()).toMatch(/^luxe-los-angeles_waivers-due_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  expect((await readCsv(await due.path()))[0]?.slice(0, 2)).toEqual(['Client', 'Appointment (America/Los_Angeles)']);
});
