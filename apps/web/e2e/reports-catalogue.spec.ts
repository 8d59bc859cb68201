import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e5)}`;

/** The owner, on the reports of Luxe Los Angeles, reached from the navigation. */
async function openReports(page: Page) {
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Custom reports: Sales' })).toBeVisible();
}

test('a category named twice, in another case and spacing, is refused with the spec’s message', async ({ page }) => {
  const name = `Journey Pivots ${unique()}`;
  await openReports(page);
  await page.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report categories' })).toBeVisible();

  await page.getByRole('button', { name: 'Add category' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add category' });
  await dialog.getByLabel('Category name').fill(name);
  await dialog.getByLabel('Holds').selectOption('pivot');
  await dialog.getByRole('radio', { name: 'table cells' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  const pivots = page.getByRole('table', { name: 'Categories of pivot reports' });
  await expect(pivots.getByRole('row').filter({ hasText: name })).toBeVisible();

  await page.getByRole('button', { name: 'Add category' }).click();
  const again = page.getByRole('dialog', { name: 'Add category' });
  await again.getByLabel('Category name').fill(`  ${name.toUpperCase().replace(' ', '   ')} `);
  await again.getByRole('button', { name: 'Save' }).click();
  // Beside the field, exactly as the spec words it, naming the category already there.
  await expect(again.getByText(`Category ${name} already exists`, { exact: true })).toBeVisible();
  await expect(again.getByLabel('Category name')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(pivots.getByRole('row').filter({ hasText: new RegExp(name, 'i') })).toHaveCount(1);
});

test('the report builder asks before leaving unsaved changes, checks its fields, and adds the report under its category', async ({ page }) => {
  const title = `Journey staff sales ${unique()}`;
  await openReports(page);
  await page.getByRole('link', { name: 'New custom report' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'New custom report' })).toBeVisible();

  // Leaving with unsaved changes asks first.
  await page.getByLabel('Title').fill(title);
  await page.getByRole('link', { name: 'Back to reports' }).click();
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New custom report' })).toBeVisible();

  // No function picked is refused beside its field, before anything is sent; the functions are listed by title.
  await page.getByRole('button', { name: 'Add report' }).click();
  await expect(page.getByLabel('Function', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Function', { exact: true }).selectOption({ label: 'Sales by staff (sales_by_staff)' });
  await expect(page.getByLabel('Function', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Category').selectOption('Sales');
  await page.getByRole('button', { name: 'Add a parameter' }).click();
  await page.getByRole('textbox', { name: 'Parameter 1, Id' }).fill('start_day');
  await page.getByRole('textbox', { name: 'Parameter 1, Label' }).fill('From');
  await page.getByRole('combobox', { name: 'Parameter 1, Default from' }).selectOption('relative');
  await page.getByRole('textbox', { name: 'Parameter 1, Default' }).fill('start-of-month');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Add report' }).click();
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = page.getByRole('table', { name: 'Custom reports: Sales' }).getByRole('row').filter({ hasText: title });
  await expect(row.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', /\/\d+\/reports\/custom\/\d+$/);
});

test('a report is marked for deletion, restored, then deleted for good, and who did it stays on record', async ({ page }) => {
  const title = `Journey doomed ${unique()}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const businessId = Number(/\/(\d+)\/home$/.exec(page.url())?.[1]);
  // The report itself comes from the API (the builder has its own journey).
  const created = await page.request.post(`/protected/business/${businessId}/customreports/new`, {
    headers: { 'x-salondesk-csrf': '1' },
    data: { title, type: 'function', name: 'sales_by_service', category_name: 'Sales' },
  });
  expect(created.ok()).toBe(true);
  await page.getByRole('link', { name: 'Reports', exact: true }).first().click();
  const row = page.getByRole('table', { name: 'Custom reports: Sales' }).getByRole('row').filter({ hasText: title });
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog', { name: `Mark ${title} for deletion?` }).getByRole('button', { name: 'Mark for deletion' }).click();
  await expect(page.getByText('Report marked for deletion')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Deleted reports' }).click();
  const marked = page.getByRole('table', { name: 'Reports marked for deletion' }).getByRole('row').filter({ hasText: title });
  await expect(marked).toContainText('Olivia Laurent (owner)');
  await expectNoSeriousA11yViolations(page);
  await marked.getByRole('button', { name: `Restore ${title}` }).click();
  await expect(page.getByText('Successfully restored')).toBeVisible();
  await expect(marked).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to reports' }).click();
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await page.getByRole('alertdialog', { name: `Mark ${title} for deletion?` }).getByRole('button', { name: 'Mark for deletion' }).click();
  await expect(page.getByText('Report marked for deletion')).toBeVisible();
  await page.getByRole('link', { name: 'Deleted reports' }).click();
  await marked.getByRole('button', { name: `Delete ${title} for good` }).click();
  await page.getByRole('alertdialog', { name: `Delete ${title} for good?` }).getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('Successfully deleted')).toBeVisible();
  await expect(marked).toHaveCount(0);
  const history = page.getByRole('table', { name: 'Who marked, restored or deleted reports' }).getByRole('row').filter({ hasText: title });
  await expect(history.filter({ hasText: 'Deleted for good' })).toContainText('Olivia Laurent (owner)');
  await expect(history).toHaveCount(4);
});

test('a gallery report of another business is copied into this one', async ({ page }) => {
  await openReports(page);
  await page.getByRole('link', { name: 'Gallery' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Report gallery' })).toBeVisible();
  const shared = page.getByRole('table', { name: 'Shared reports' }).getByRole('row').filter({ hasText: 'Customer visits by month' });
  await expect(shared).toContainText('Lotus Kathmandu');
  await expectNoSeriousA11yViolations(page);

  const copied = page.waitForResponse((r) => /\/customreport\/\d+\/duplicate$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await shared.getByRole('button', { name: 'Copy Customer visits by month to this location' }).click();
  const copy = ((await (await copied).json()) as { data: { id: number; business_id: number } }).data;
  await expect(page.getByText('Successfully added')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'A copy of Customer visits by month' })).toBeVisible();

  await page.getByRole('link', { name: "this location's reports" }).click();
  // Filed under the category of the same name here, opening in the report viewer.
  const link = page.getByRole('table', { name: 'Custom reports: Clients & prepaid' }).locator(`a[href="/${copy.business_id}/reports/custom/${copy.id}"]`);
  await expect(link).toHaveText('Customer visits by month (copy)');
});
