import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/**
 * The questions service in the browser: a card made over a data source shows its chart, and an
 * embed report opens its Metabase question (through the API's stand-in) with its rows.
 */
test('create a card over a data source, see its chart; open an embed report and see its rows', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const businessId = Number(/\/(\d+)\/home$/.exec(page.url())?.[1]);

  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Questions', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Questions' })).toBeVisible();
  await page.getByRole('link', { name: 'New question' }).click();
  await expect(page).toHaveURL(`/${businessId}/reports/questions/new`);

  // A name of its own per run (the journey runs several times on one server).
  const name = `Daily gross sales ${test.info().repeatEachIndex}-${Date.now() % 100_000}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Source').selectOption({ label: 'Sales by day (data source)' });
  // The data source's parameters, as it opens today: the location's choices read now.
  await expect(page.getByLabel('Location')).toBeVisible();
  await page.getByLabel('From').fill('2000-01-01');
  // The live preview runs the source; a line of gross sales by day.
  await page.getByLabel('Show as').selectOption({ label: 'Line chart' });
  await page.getByLabel('Along the axis').selectOption({ label: 'Day' });
  const values = page.getByRole('group', { name: 'Values' });
  await values.getByRole('checkbox', { name: 'Gross sales' }).check();
  for (const other of ['Tickets', 'Refunds', 'Net sales']) await values.getByRole('checkbox', { name: other }).uncheck();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('group', { name: new RegExp(`^${name}: \\d+ days from`) })).toHaveAttribute('data-chart-state', 'ready');
  await page.getByRole('button', { name: 'Save question' }).click();

  // The card's own page draws its chart from its saved query.
  await expect(page).toHaveURL(new RegExp(`/${businessId}/reports/questions/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const chart = page.getByRole('group', { name: new RegExp(`^${name}: \\d+ days from .* Gross sales total \\$[\\d,]+\\.\\d\\d`) });
  await expect(chart).toHaveAttribute('data-chart-state', 'ready');
  await expect(chart.locator('svg')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'main');

  // It is listed, and its values are in the chart's table.
  await page.getByRole('button', { name: 'Show values' }).click();
  await expect(page.getByRole('table', { name }).getByRole('row').nth(1)).toContainText('$');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Questions', exact: true }).click();
  await expect(page.getByRole('link', { name, exact: true })).toBeVisible();

  // An embed report of the demo: a frame of the signed address, showing the question's rows.
  const reports = (await (await page.request.get(`/protected/business/${businessId}/customreports/all`)).json()) as { data: { id: number; title: string; type: string }[] };
  const embed = reports.data.find((r) => r.type === 'embed');
  if (!embed) throw new Error('the demo has no embed report in this location');
  await page.goto(`/${businessId}/reports/embed/${embed.id}`);
  await expect(page.getByRole('heading', { level: 1, name: embed.title })).toBeVisible();
  const frame = page.frameLocator(`iframe[title="${embed.title}"]`);
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(frame.getByRole('table').getByRole('row').first()).toBeVisible();
  await expect(frame.getByText(/Showing [\d,]+ rows?/)).toBeVisible();
  await expect(page.locator(`iframe[title="${embed.title}"]`)).toHaveAttribute('src', /^\/metabase-standin\/embed\/question\/[\w-]+\.[\w-]+\.[\w-]+#bordered=true&titled=true$/);
});
