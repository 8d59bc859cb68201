import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/** `Sat, Mar 1, 2025` (how the chart names a day in full) → `2025-03-01`. */
function isoDay(label: string): string {
  const date = new Date(`${label.replace(/^[A-Za-z]{3}, /, '')} 12:00`);
  if (Number.isNaN(date.getTime())) throw new Error(`not a day: "${label}"`);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The chart drawn: its SVG is in the page once ECharts has loaded. */
async function drawnChart(page: Page, name: RegExp): Promise<Locator> {
  const chart = page.getByRole('group', { name });
  await expect(chart).toHaveAttribute('data-chart-state', 'ready');
  await expect(chart.locator('svg')).toBeVisible();
  return chart;
}

/** Every text the drawing holds (axis labels, legend), in order. */
const drawnTexts = (chart: Locator) => chart.locator('svg text').allTextContents();

test('the home chart has axes with days and money, a legend, a tooltip, and a click on a day opens its tickets', async ({ page }) => {
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const businessId = /\/(\d+)\/home$/.exec(page.url())?.[1];
  const chart = await drawnChart(page, /^Net sales · Tickets, last 30 days: 30 days from [A-Z][a-z]{2} \d{1,2} to [A-Z][a-z]{2} \d{1,2}\. Net sales total \$[\d,]+\.\d\d/);

  const texts = await drawnTexts(chart);
  // The day axis (Mar 1 …), the money axis in whole dollars ($0, $2,000 …), the count axis and the legend.
  expect(texts.filter((t) => /^[A-Z][a-z]{2} \d{1,2}$/.test(t)).length).toBeGreaterThanOrEqual(4);
  expect(texts).toContain('$0');
  expect(texts.filter((t) => /^\$\d{1,3}(,\d{3})*$/.test(t)).length).toBeGreaterThanOrEqual(3);
  expect(texts.filter((t) => /^\d+$/.test(t)).length).toBeGreaterThanOrEqual(3);
  expect(texts).toEqual(expect.arrayContaining(['Net sales', 'Tickets']));
  // The figures are named under the chart with their meaning.
  await expect(page.getByRole('button', { name: 'Tickets', exact: true }).last()).toHaveAccessibleDescription(/^Completed tickets/);

  // Over a day's column, the tooltip names the day and its values in full; a click opens that day's tickets.
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart has no box');
  const point = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.5 };
  await page.mouse.move(point.x, point.y);
  const tooltip = chart.locator('div').filter({ hasText: /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}Net sales: \$[\d,]+\.\d\dTickets: \d+$/ });
  await expect(tooltip).toBeVisible();
  const day = isoDay(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/.exec((await tooltip.textContent()) ?? '')?.[0] ?? '');
  await page.mouse.click(point.x, point.y);
  await expect(page).toHaveURL(`/${businessId}/transactions?start=${day}&end=${day}`);
});

test('the sales chart opens a day with the keyboard and from its table of values; no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'manager');
  await expect(page).toHaveURL(/\/1\/home$/);
  const end = new Date();
  const start = new Date(end.getTime() - 13 * 86_400_000);
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  await page.goto(`/1/reports/daily/sales?start=${iso(start)}&end=${iso(end)}`);
  // The range ends today in the business's time zone: 13 or 14 days, as the clocks fall.
  const chart = await drawnChart(page, /^Gross sales · Tickets by day, .*: 1[34] days from /);
  await expectNoSeriousA11yViolations(page);

  // Arrows choose a day and say it; Enter opens it.
  await chart.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const said = page.getByText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}: Gross sales \$[\d,]+\.\d\d, Tickets \d+\. Enter opens its tickets\.$/);
  await expect(said).toBeAttached();
  const second = isoDay(((await said.textContent()) ?? '').split(':')[0] ?? '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/1/transactions?start=${second}&end=${second}`);

  // The values as a table, each day a link to its tickets.
  await page.goBack();
  await drawnChart(page, /^Gross sales · Tickets by day/);
  await page.getByRole('button', { name: 'Show values' }).click();
  const table = page.getByRole('table', { name: /^Gross sales · Tickets by day/ });
  expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(14);
  await expect(table.getByRole('row').nth(1)).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}\$[\d,]+\.\d\d\d+$/);
  const first = table.getByRole('link').first();
  const firstDay = isoDay((await first.textContent()) ?? '');
  await first.click();
  await expect(page).toHaveURL(`/1/transactions?start=${firstDay}&end=${firstDay}`);
});
