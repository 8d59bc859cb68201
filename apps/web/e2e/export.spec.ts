import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { openAsAdmin, readCsv, signIn } from './support';

/**
 * Exports and print (issue 10): a month of tickets as CSV and XLSX, read back and held to the
 * API's own lists; a paged report printed to PDF by Chromium, its text read back: every row, the
 * report's heading, none of the app around it.
 */

const LA = 1;
const ZONE = 'America/Los_Angeles';

/** Last month in Los Angeles, as `YYYY-MM-DD` days. */
function lastMonth(): { start: string; end: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

function daysOf(range: { start: string; end: string }): string[] {
  const days: string[] = [];
  for (let d = new Date(`${range.start}T00:00:00Z`); d.toISOString().slice(0, 10) <= range.end; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}

interface ListedTicket {
  id: number;
  status: string;
  total: number;
}

/** Every ticket the transactions list shows over a range, by the API's day lists (the page's own session). */
async function listedTickets(page: Page, range: { start: string; end: string }): Promise<ListedTicket[]> {
  const lists = await Promise.all(
    daysOf(range).map(async (day) => {
      const response = await page.request.get(`/protected/business/${LA}/transactions/${day}`);
      expect(response.ok()).toBe(true);
      return ((await response.json()) as { data: { transactions: ListedTicket[] } }).data.transactions;
    }),
  );
  return lists.flat();
}


test('export last month’s tickets as CSV and XLSX from the transactions screen, and read them back', async ({ page }) => {
  test.slow(); // a month of tickets, twice, read back in the test
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const month = lastMonth();
  await page.goto(`/${LA}/transactions?start=${month.start}&end=${month.end}`);
  const menu = page.getByRole('button', { name: 'Export Transactions' });
  await expect(menu).toBeEnabled();

  await menu.click();
  const [csvFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  expect(csvFile.suggestedFilename()).toBe(`luxe-los-angeles_transactions_${month.start}_${month.end}.csv`);
  await menu.click();
  const [xlsxFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export XLSX' }).click()]);
  expect(xlsxFile.suggestedFilename()).toBe(`luxe-los-angeles_transactions_${month.start}_${month.end}.xlsx`);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const listed = await listedTickets(page, month);
  expect(listed.length).toBeGreaterThan(100);
  const byId = new Map(listed.map((t) => [t.id, t]));

  const csv = await readCsv(await csvFile.path());
  expect(csv[0]?.slice(0, 3)).toEqual(['Ticket', 'Day', `Checked in (${ZONE})`]);
  expect(csv[0]).toContain('Total (USD)');
  const total = csv[0]?.indexOf('Total (USD)') as number;
  const status = csv[0]?.indexOf('Status') as number;
  // Every ticket of the month, not the one day on screen.
  expect(csv.length - 1).toBe(listed.length);
  expect(new Set(csv.slice(1).map((r) => Number(r[0])))).toEqual(new Set(byId.keys()));
  for (const row of csv.slice(1, 40)) {
    const ticket = byId.get(Number(row[0])) as ListedTicket;
    expect(row[total]).toBe((ticket.total / 100).toFixed(2));
    const day = row[1] ?? '';
    expect(day >= month.start && day <= month.end).toBe(true);
    if (ticket.status === 'CHECKOUT') expect(row[status]).toBe('Completed');
  }

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await xlsxFile.path())) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.name).toBe('Transactions');
  expect(sheet.rowCount - 1).toBe(listed.length);
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(csv[0]);
  for (let r = 2; r <= 40; r++) {
    const row = sheet.getRow(r);
    const ticket = byId.get(row.getCell(1).value as number) as ListedTicket;
    expect(ticket).toBeDefined();
    // Money is a number of dollars with a dollar format; the day is a date.
    expect(row.getCell(total + 1).value).toBeCloseTo(ticket.total / 100, 10);
    expect(row.getCell(total + 1).numFmt).toContain('"$"#,##0.00');
    expect(row.getCell(2).value).toBeInstanceOf(Date);
  }
});

/** The text of each page of a PDF (pdf.js's legacy build, which runs on Node 20). */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({ data: new Uint8Array(pdf), useSystemFonts: true, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages;
}

interface HistoryEntry {
  id: number;
  queue_id: number;
  amount: number | null;
}

test('print a paged report to PDF: every row of every page, its heading, nothing of the app around it', async ({ browser }) => {
  test.slow(); // loads every page, renders a PDF of several pages and reads it back
  const page = await openAsAdmin(browser);
  // Last month's history (deletions, refunds, changes; a few hundred entries): several pages of
  // the list (50 a page), many pages of paper.
  const month = lastMonth();
  const entries: HistoryEntry[] = [];
  for (let p = 1; ; p++) {
    const response = await page.request.get(`/protected/admin/${LA}/search/${month.start}/${month.end}?page=${p}`);
    const body = (await response.json()) as { data: { entries: HistoryEntry[]; total: number; pageSize: number } };
    entries.push(...body.data.entries);
    if (p * body.data.pageSize >= body.data.total) break;
  }
  expect(entries.length).toBeGreaterThan(100);

  await page.goto(`/${LA}/transactions/history?start=${month.start}&end=${month.end}`);
  await expect(page.getByText(`${entries.length.toLocaleString('en-US')} entries · page 1 of`)).toBeVisible();
  // The browser's print is counted, not run: headless Chromium's print job would still be going
  // when page.pdf() prints the same page ("Page is already being printed"), sooner or later
  // depending on the machine's load. page.pdf() below prints what it would.
  await page.evaluate(() => {
    const w = window as unknown as { printCalls: number; print: () => void };
    w.printCalls = 0;
    w.print = () => {
      w.printCalls += 1;
      // What the browser does first: every row goes in the page for the print's layout.
      window.dispatchEvent(new Event('beforeprint'));
    };
  });
  await page.getByRole('button', { name: 'Export Transaction history' }).click();
  await page.getByRole('menuitem', { name: 'Print' }).click();
  // Every page is loaded first, then the browser's print runs on all of them, once.
  await expect(page.getByText(`All ${entries.length.toLocaleString('en-US')} entries`)).toBeVisible();
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(entries.length + 1);
  await expect.poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls)).toBe(1);

  await page.emulateMedia({ media: 'print' });
  const pages = await pdfPages(await page.pdf({ format: 'A4' }));
  expect(pages.length).toBeGreaterThan(1);
  const text = pages.join('\n');
  expect(pages[0]).toContain('Transaction history');
  const label = (day: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
  expect(pages[0]).toContain(`Luxe Los Angeles · ${label(month.start)} – ${label(month.end)}`);
  expect(pages[0]).toMatch(/Printed \w{3} \d{1,2}, \d{4}/);
  for (const entry of entries) expect(text, `ticket #${entry.queue_id}`).toContain(`#${entry.queue_id}`);
  // Only the report: no navigation, header, toolbar, menu or pager.
  for (const chrome of ['Skip to content', 'Schedule', 'Catalogue', 'Setting types', 'Export', 'Quick ranges', 'Show pages', 'Previous', 'All actions']) {
    expect(text, chrome).not.toContain(chrome);
  }
  await page.context().close();
});
