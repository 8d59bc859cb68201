import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

// Building a week without a dialog per shift, at the width of a laptop. Each test changes only
// weeks of its own far ahead (four per repetition, so `--repeat-each` never meets an earlier run's
// drafts), in Luxe Los Angeles, whose weeks start on Sunday.
test.use({ viewport: { width: 1280, height: 800 } });

const ownWeeks = (base: number) => base + 4 * test.info().repeatEachIndex;
const weeksFromToday = (weeks: number) => new Date(Date.now() + weeks * 7 * 86_400_000).toISOString().slice(0, 10);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A row header's first line is the name (its scheduled hours follow). */
const nameIn = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';

async function openWeek(page: Page, weeks: number, query = '&view=week') {
  await signIn(page, 'manager@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const id = Number(new URL(page.url()).pathname.split('/')[1]);
  await page.goto(`/${id}/schedule?start=${weeksFromToday(weeks)}${query}`);
  await expect(page.getByRole('table')).toBeVisible();
}

/** The sideways overflow of the page and of the grid (0 and 0: nothing scrolls sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const grid = document.querySelector('[data-testid="schedule-grid-scroller"]') as HTMLElement;
    return [document.documentElement.scrollWidth - document.documentElement.clientWidth, grid.scrollWidth - grid.clientWidth];
  });

/** Presses at `from` and drags to `to` (fractions of the cell's width) along the middle of a cell; `end` releases or cancels. */
async function dragAcross(page: Page, cell: Locator, from: number, to: number, end: 'release' | 'escape' | 'hold' = 'release') {
  const box = (await cell.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * from, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * to, y, { steps: 8 });
  const label = page.getByTestId('drag-label');
  await expect(label).toBeVisible();
  const text = await label.innerText();
  if (end === 'escape') await page.keyboard.press('Escape');
  if (end !== 'hold') await page.mouse.up();
  return text;
}

test('a manager draws a shift by dragging, copies it to other days and another person, and opens the drafts from the badge', async ({ page }) => {
  await openWeek(page, ownWeeks(80));
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  const rows = page.getByRole('row');
  const first = rows.nth(1);
  const name = nameIn(await first.getByRole('rowheader').innerText());
  const other = nameIn(await rows.nth(2).getByRole('rowheader').innerText());
  const tuesday = first.getByRole('cell').nth(2);

  // Drag across Tuesday: the times show while dragging, and the draft is saved with them, no dialog.
  const drawn = await dragAcross(page, tuesday, 0.25, 0.6);
  const [, from, to] = /^(\d\d:\d\d)–(\d\d:\d\d) · /.exec(drawn) ?? [];
  expect(from && to).toBeTruthy();
  const bar = page.getByRole('button', { name: new RegExp(`^${escape(name)}, Tue .*, ${from} to ${to}, draft$`) });
  await expect(bar).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Drafts not published (1)' })).toBeVisible();

  // Over it again: refused with the overlap message while dragging and on release; nothing added.
  const refused = await dragAcross(page, tuesday, 0.12, 0.4);
  expect(refused).toContain('Cannot Set Overlapping Schedules');
  await expect(page.getByText('Cannot Set Overlapping Schedules').first()).toBeVisible();
  // Escape cancels a drag on Wednesday.
  await dragAcross(page, first.getByRole('cell').nth(3), 0.2, 0.5, 'escape');
  await expect(page.getByTestId('drag-label')).toHaveCount(0);
  await expect(first.getByRole('button', { name: /, draft$/ })).toHaveCount(1);

  // Copy it to Wednesday and Thursday, for the same person and another one: one action, five drafts.
  await bar.click();
  const popover = page.getByRole('dialog', { name: new RegExp(`^${escape(name)}, Tue `) });
  await popover.getByRole('checkbox', { name: /^Wed/ }).check();
  await popover.getByRole('checkbox', { name: /^Thu/ }).check();
  await popover.getByRole('checkbox', { name: other }).check();
  await expect(popover).toContainText('5 drafts will be created.');
  await expectNoSeriousA11yViolations(page);
  await popover.getByRole('button', { name: 'Copy 5 shifts' }).click();
  await expect(page.getByText('5 drafts created.')).toBeVisible();
  await expect(popover).toHaveCount(0);
  for (const [who, day] of [
    [name, 'Wed'],
    [name, 'Thu'],
    [other, 'Tue'],
    [other, 'Wed'],
    [other, 'Thu'],
  ]) {
    await expect(page.getByRole('button', { name: new RegExp(`^${escape(who as string)}, ${day} .*, ${from} to ${to}, draft$`) })).toBeVisible();
  }

  // The badge counts them and opens the list; a draft of the list opens its shift.
  await page.getByRole('button', { name: 'Drafts not published (6)' }).click();
  const drawer = page.getByRole('dialog', { name: 'Drafts not published' });
  const items = drawer.getByRole('list', { name: 'Drafts not published' }).getByRole('listitem');
  await expect(items).toHaveCount(6);
  await expect(items.first()).toContainText(`Tue`);
  await expect(drawer.getByRole('button', { name: 'Publish drafts…' })).toBeVisible();
  await items.first().getByRole('button').click();
  const editor = page.getByRole('dialog', { name: 'Edit shift' });
  await expect(editor.getByLabel('Start')).toHaveValue(from as string);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a manager copies the previous week into drafts, told what is created and skipped, and repeats a shift weekly', async ({ page }) => {
  const weeks = ownWeeks(90);
  await openWeek(page, weeks);
  const id = Number(new URL(page.url()).pathname.split('/')[1]);
  // The week before holds three drafts of two people (added as the API takes them, to keep this journey short).
  const staff = ((await (await page.request.get(`/protected/business/${id}/staff/schedules`)).json()) as { data: { id: number; display_name: string }[] }).data;
  const [a, b] = staff as [{ id: number; display_name: string }, { id: number; display_name: string }];
  const before = weeksFromToday(weeks - 1);
  const added = await page.request.post(`/protected/business/${id}/schedule/addbatch`, {
    headers: { 'x-salondesk-csrf': '1' },
    data: {
      schedules: [
        { employee_id: a.id, day: before, start_time: '10:00', end_time: '14:00' },
        { employee_id: a.id, day: before, start_time: '15:00', end_time: '18:00' },
        { employee_id: b.id, day: before, start_time: '11:00', end_time: '17:00' },
      ],
    },
  });
  expect(added.ok()).toBe(true);

  // This week: the week before becomes drafts, said before it is made.
  await page.getByRole('radio', { name: 'Edit draft' }).click();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Copy previous week…' }).click();
  const copyWeek = page.getByRole('dialog', { name: 'Copy the previous week into drafts?' });
  // Three drafts, less any that fall on a holiday of this week.
  const summary = await copyWeek.getByTestId('copy-week-summary').innerText();
  const [, made, , holidays] = /^(\d+) drafts? will be created(; (\d+) skipped: \d+ on (?:a holiday|holidays))?\.$/.exec(summary) ?? [];
  expect(Number(made) + Number(holidays ?? 0)).toBe(3);
  await copyWeek.getByRole('button', { name: `Create ${made} drafts` }).click();
  await expect(page.getByText(new RegExp(`^${made} drafts created`))).toBeVisible();
  await expect(page.getByRole('button', { name: /, draft$/ })).toHaveCount(Number(made));
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(b.display_name)}, .*, 11:00 to 17:00, draft$`) })).toBeVisible();

  // Copying it again would only overlap: nothing to create, and it says why.
  await page.getByRole('button', { name: 'Copy previous week…' }).click();
  await expect(copyWeek.getByTestId('copy-week-summary')).toContainText(`0 drafts will be created; 3 skipped: ${made} overlap shifts already there`);
  await expect(copyWeek.getByRole('button', { name: 'Create drafts' })).toBeDisabled();
  await copyWeek.getByRole('button', { name: 'Cancel' }).click();

  // Repeat one weekly for two more weeks, as drafts.
  await page.getByRole('button', { name: new RegExp(`^${escape(b.display_name)}, .*, 11:00 to 17:00, draft$`) }).click();
  const repeat = page.getByRole('dialog', { name: new RegExp(`^${escape(b.display_name)}, `) });
  await repeat.getByRole('spinbutton', { name: 'Weeks' }).fill('2');
  await expect(repeat).toContainText('Weekly to');
  await expectNoSeriousA11yViolations(page);
  await repeat.getByRole('button', { name: 'Repeat' }).click();
  await expect(page.getByText(/^[12] drafts? created/)).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('button', { name: new RegExp(`^${escape(b.display_name)}, .*, 11:00 to 17:00, draft$`) })).toHaveCount(1);
});

test('the week view fits 1,280 px, says the hours, and the view is in the address; the fortnight view stays', async ({ page }) => {
  await openWeek(page, ownWeeks(110), '');
  // Without a view in the address: the settings' 14 days, scrolled sideways at this width.
  await expect(page.getByRole('columnheader')).toHaveCount(15);
  await page.getByRole('radio', { name: 'Week', exact: true }).click();
  await expect(page).toHaveURL(/[?&]view=week/);
  await expect(page.getByRole('columnheader')).toHaveCount(8);
  await expect.poll(() => overflow(page)).toEqual([0, 0]);
  // Every day's staffed hours, every person's scheduled hours.
  await expect(page.getByRole('columnheader').nth(1)).toContainText(/\d+(\.\d)? h staffed/);
  await expect(page.getByRole('rowheader').first()).toContainText(/Scheduled hours \d+(\.\d)? h/);
  await expectNoSeriousA11yViolations(page);

  // A reload opens the same week in the same view.
  const url = page.url();
  await page.reload();
  await expect(page.getByRole('columnheader')).toHaveCount(8);
  expect(page.url()).toBe(url);
  await expect.poll(() => overflow(page)).toEqual([0, 0]);

  await page.getByRole('radio', { name: '2 weeks' }).click();
  await expect(page).toHaveURL(/[?&]view=fortnight/);
  await expect(page.getByRole('columnheader')).toHaveCount(15);
  await expect.poll(async () => (await overflow(page))[1]).toBeGreaterThan(0);
  expect((await overflow(page))[0]).toBe(0);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true });

  test('a finger sliding across a day draws a shift', async ({ page }) => {
    await openWeek(page, ownWeeks(120));
    await page.getByRole('radio', { name: 'Edit draft' }).click();
    const row = page.getByRole('row').nth(1);
    const name = nameIn(await row.getByRole('rowheader').innerText());
    const box = (await row.getByRole('cell').nth(2).boundingBox())!;
    // Playwright has no touch drag: the touches go to Chromium as a touch screen sends them.
    const cdp = await page.context().newCDPSession(page);
    const y = box.y + box.height / 2;
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', box.x + box.width * 0.2);
    for (let i = 1; i <= 8; i++) await touch('touchMove', box.x + box.width * (0.2 + 0.05 * i));
    const label = page.getByTestId('drag-label');
    await expect(label).toBeVisible();
    const [, from, to] = /^(\d\d:\d\d)–(\d\d:\d\d) · /.exec(await label.innerText()) ?? [];
    await touch('touchEnd');
    await expect(page.getByRole('button', { name: new RegExp(`^${escape(name)}, Tue .*, ${from} to ${to}, draft$`) })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
