import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * Epay settings (issue 15): the owner adds a domain to the location's whitelist (typed in capitals,
 * kept normalised) and sees a bad one (`exa mple.com`) refused with its reason, nothing saved; a
 * short link to an address on the new domain then leads there and counts the visit.
 */

const LA = 1;
/** The catalogue's messages (core `DOMAINS_UPDATED`, `failedToUpdateDomain`), as a person reads them. */
const DOMAINS_UPDATED = 'Domains Updated Successfully!';
const FAILED_TO_UPDATE_DOMAIN = 'Failed to update domain !';

interface Settings {
  domains: string[];
}

test('add a domain to the whitelist, and see a bad one refused', async ({ page }) => {
  // A domain of its own per run: journeys share one server and run repeatedly.
  const domain = `journey-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.example`;
  const domainsNow = async () => ((await (await page.request.get(`/protected/business/${LA}/epaysettings/get`)).json()) as { data: Settings }).data.domains;

  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.goto(`/${LA}/home`);
  await page.getByRole('link', { name: 'Epay and domains', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/settings/epay$`));
  const whitelist = page.getByRole('form', { name: 'Domain whitelist' });
  await expect(whitelist.getByRole('textbox', { name: 'Domain 1' })).toBeVisible();
  const before = await domainsNow();
  await expectNoSeriousA11yViolations(page);

  // A bad entry: refused with its reason beside it, and nothing is saved.
  await whitelist.getByRole('button', { name: 'Add an item' }).click();
  const added = whitelist.getByRole('textbox', { name: `Domain ${before.length + 1}` });
  await expect(added).toBeFocused();
  await added.fill('exa mple.com');
  await whitelist.getByRole('button', { name: 'Save domains' }).click();
  await expect(whitelist.getByText('A domain name has no spaces')).toBeVisible();
  await expect(page.getByText(FAILED_TO_UPDATE_DOMAIN).first()).toBeVisible();
  await expect(added).toHaveAttribute('aria-invalid', 'true');
  expect(await domainsNow()).toEqual(before);

  // The same field, a good domain typed carelessly: saved, and shown as kept.
  await added.fill(`  ${domain.toUpperCase()}. `);
  await whitelist.getByRole('button', { name: 'Save domains' }).click();
  await expect(page.getByText(DOMAINS_UPDATED).first()).toBeVisible();
  await expect(added).toHaveValue(domain);
  await expect(added).not.toHaveAttribute('aria-invalid', 'true');
  expect(await domainsNow()).toEqual([...before, domain]);

  // Still there after a reload, and the page asks nothing on leaving (nothing unsaved).
  await page.reload();
  await expect(page.getByRole('form', { name: 'Domain whitelist' }).getByRole('textbox', { name: `Domain ${before.length + 1}` })).toHaveValue(domain);

  // A short link to the new domain leads there and counts the visit.
  await page.getByRole('link', { name: 'Short links', exact: true }).first().click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/settings/short-links$`));
  await page.getByRole('textbox', { name: 'Address' }).fill(`https://${domain}/offers`);
  await page.getByRole('button', { name: 'Shorten' }).click();
  const table = page.getByRole('table', { name: 'Short links' });
  const row = table.getByRole('row').filter({ hasText: `https://${domain}/offers` });
  await expect(row).toBeVisible();
  const code = ((await row.getByRole('link').first().textContent()) ?? '').split('/s/')[1] as string;
  expect(code).toMatch(/^[A-Za-z0-9]{8}$/);
  const visit = await page.request.get(`/s/${code}`, { maxRedirects: 0 });
  expect(visit.status()).toBe(302);
  expect(visit.headers().location).toBe(`https://${domain}/offers`);

  // Leave the whitelist as it was.
  await page.goto(`/${LA}/settings/epay`);
  const list = page.getByRole('form', { name: 'Domain whitelist' });
  await list.getByRole('button', { name: `Remove Domain ${before.length + 1}` }).click();
  await list.getByRole('button', { name: 'Save domains' }).click();
  await expect(page.getByText(DOMAINS_UPDATED).first()).toBeVisible();
  expect(await domainsNow()).toEqual(before);
});
