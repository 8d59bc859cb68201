import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import pg from 'pg';

export const DEMO_PASSWORD = 'salondesk';

interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  body: string;
  ref: string | null;
}

/**
 * The newest developer-outbox message matching `where` (demo mode), waiting for it to arrive.
 * `after` skips messages up to that id (the ones that were there before the step that sends).
 */
export async function outboxMessage(page: Page, where: { to?: string; ref?: string }, after = 0): Promise<OutboxMessage> {
  const query = new URLSearchParams({ ...where, limit: '1' });
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/dev/outbox/messages?${query}`);
        const [latest] = ((await response.json()) as { data: OutboxMessage[] }).data;
        found = latest && latest.id > after ? latest : undefined;
        return found !== undefined;
      },
      { message: `an outbox message for ${JSON.stringify(where)}` },
    )
    .toBe(true);
  return found as OutboxMessage;
}

/** The id of the newest outbox message to `to` (0 when none): pass it as `after` to wait for the next one. */
export async function lastOutboxId(page: Page, to: string): Promise<number> {
  const response = await page.request.get(`/dev/outbox/messages?${new URLSearchParams({ to, limit: '1' })}`);
  return ((await response.json()) as { data: OutboxMessage[] }).data[0]?.id ?? 0;
}

export const codeIn = (message: OutboxMessage): string => {
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`no code in: ${message.body}`);
  return code;
};

/**
 * Signs in through the login screen as a person would. A platform admin's sign-in is completed
 * with the code emailed to them, read from the developer outbox: the message of this very
 * attempt (found by its challenge). A newer admin challenge cancels the older code, so journeys
 * running in parallel use `openAsAdmin` instead.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/username or email/i).fill(username);
  await page.getByLabel(/^password$/i).fill(password);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/login' && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const body = (await (await answer).json().catch(() => null)) as { data?: { otpRequired?: boolean; key?: string } } | null;
  if (body?.data?.otpRequired && body.data.key) {
    const ref = createHash('sha256').update(body.data.key).digest('hex');
    const code = codeIn(await outboxMessage(page, { ref }));
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
  }
}

/** Where `admin.setup.ts` keeps the admin's signed-in browser state for the run. */
export const ADMIN_STATE = path.join(process.env.SALONDESK_E2E_DATA_DIR ?? '.', 'admin-state.json');

/** A page of a new browser context signed in as the platform admin, on the admin's home. */
export async function openAsAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  return page;
}

/**
 * Fails on any serious or critical accessibility violation on the page as it is now, or only
 * inside `within` (a CSS selector): a dialog opened over a page already checked need not make
 * axe walk the whole page again (on the scheduler that is thousands of cells). `exclude` leaves
 * out a part checked elsewhere (a framed page).
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string, options: { exclude?: string } = {}) {
  // A dialog, menu or toast still fading in or out has, for a moment, text of too little contrast:
  // check the page as it rests, once every transition and every finite animation has finished
  // (spinners and skeletons loop for ever and are left out).
  await page.waitForFunction(
    () =>
      !document.querySelector('[data-transition], [data-enter], [data-leave]') &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  const builder = new AxeBuilder({ page });
  if (within) builder.include(within);
  // A part checked elsewhere (a framed page: the published site is checked by its own tests).
  if (options.exclude) builder.exclude(options.exclude);
  const { violations } = await builder.analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A downloaded CSV's rows as written (the byte-order mark first, then comma-separated lines). */
export async function readCsv(file: string): Promise<string[][]> {
  const text = await readFile(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const sheet = await new ExcelJS.Workbook().csv.read(Readable.from([text.slice(1)]), { map: (value: unknown) => value });
  const rows: string[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === undefined || v === null ? '' : String(v)))));
  return rows;
}

/**
 * The journeys' database (the embedded PostgreSQL the server started in the run's data folder),
 * for what no screen of a journey's part makes (timesheet slots for payroll) or to put a location
 * back as a journey needs it (no drawer of today for the shifts journeys).
 */
export async function database(): Promise<pg.Client> {
  const dataDir = process.env.SALONDESK_E2E_DATA_DIR as string;
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const port = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/salondesk` });
  await client.connect();
  return client;
}
