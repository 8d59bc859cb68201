import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, readCsv, signIn } from './support';

/**
 * Segments (issues 18, 28): the owner builds a nested segment and watches its live count follow
 * the tree — every client, then those who visited (as many as the client list finds with at least
 * one visit), the same once an empty group is added, none once that group asks for clients who
 * never visited as well, then the visitors again when that group is turned into "none of" — each
 * change saying "Counting…" (the previous figure beside it) until the count of the tree as it is
 * now, the same as the API's for that tree, and never another number in between; saved, it opens
 * again as built, the list shows its count with its age once the server has counted it, it is in
 * the exported list with the same count, and is deleted after confirming.
 */

const LA = 1;
const ADDED = 'Segment added successfully';
const DELETED = 'Segment deleted successfully';

test('build a nested segment and see its count change', async ({ page }) => {
  const name = `Journey ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const countOf = async (tree: unknown): Promise<number> => {
    const response = await page.request.post(`/protected/business/${LA}/io-request?dest=customersegment/count`, {
      data: { query_parameters: tree },
      headers: { 'x-salondesk-csrf': '1' },
    });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { data: { count: number } }).data.count;
  };
  const shown = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'client matches' : 'clients match'}`;

  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  const visited = { type: 'condition', kind: 'visits', op: 'gte', value: 1 };
  const all = await countOf({ type: 'group', match: 'all', children: [] });
  const visitors = await countOf({ type: 'group', match: 'all', children: [visited] });
  expect(visitors).toBeGreaterThan(0);
  // The client list finds as many with at least one visit.
  const listed = await page.request.get(`/protected/business/${LA}/clients?visits_min=1&page_size=1`);
  expect(((await listed.json()) as { data: { total: number } }).data.total).toBe(visitors);
  await page.goto(`/${LA}/home`);
  await page.getByRole('link', { name: 'Segments', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/segments$`));
  await page.getByRole('link', { name: 'New segment' }).click();
  await expect(page).toHaveURL(new RegExp(`/${LA}/segments/new$`));

  const count = page.getByTestId('segment-count');
  await expect(count).toHaveText(shown(all));
  await page.getByLabel('Segment name').fill(name);
  // Every text the count shows from here on, in order (a change and its answer can come faster than a look).
  await count.evaluate((element) => {
    const seen: string[] = [];
    (window as unknown as { countsSeen: string[] }).countsSeen = seen;
    new MutationObserver(() => {
      if (seen[seen.length - 1] !== element.textContent) seen.push(element.textContent ?? '');
    }).observe(element, { childList: true, characterData: true, subtree: true });
  });
  const countsSeen = () => page.evaluate(() => (window as unknown as { countsSeen: string[] }).countsSeen.splice(0));
  /** After a change: "Counting…" first, then the count of the tree as it is now, and nothing else. */
  const countsTo = async (n: number) => {
    await expect(count).toHaveText(shown(n));
    expect(await countsSeen()).toEqual(['Counting…', shown(n)]);
  };

  // One condition: clients who visited at least once.
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  await expect(page.getByLabel('Condition 1 of group 1: kind')).toHaveValue('visits');
  await countsTo(visitors);

  // A nested group, empty: it changes nothing.
  await page.getByRole('button', { name: 'Add group', exact: true }).click();
  await countsTo(visitors);
  // Asking for clients who never visited: nobody is both.
  await page.getByRole('button', { name: 'Add condition to group 1.2' }).click();
  await countsTo(visitors);
  await page.getByLabel('Condition 1 of group 1.2: kind').selectOption('neverVisited');
  await countsTo(0);

  // "None of" that group: the visitors again.
  await page.getByLabel('Group 1.2 matches').selectOption('none');
  await countsTo(visitors);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add segment' }).click();
  await expect(page.getByText(ADDED).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${LA}/segments/\\d+$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Opened again, it is as built.
  await page.reload();
  await expect(page.getByLabel('Group 1.2 matches')).toHaveValue('none');
  await expect(page.getByLabel('Condition 1 of group 1.2: kind')).toHaveValue('neverVisited');
  await expect(count).toHaveText(shown(visitors));

  // The list: its count once the server has counted it in the background, with its age.
  await page.goto(`/${LA}/segments`);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(`${visitors.toLocaleString('en-US')} · counted just now`);

  // The list as a file: the segment with its members counted now.
  await page.getByRole('button', { name: 'Export Segments' }).click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export CSV' }).click()]);
  const lines = await readCsv(await file.path());
  expect(lines[0]?.slice(0, 4)).toEqual(['Segment', 'Description', 'Conditions', 'Members']);
  expect(lines.filter((l) => l[0] === name).map((l) => [l[2], l[3]])).toEqual([['2', String(visitors)]]);
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(DELETED).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/${LA}/segments$`));
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
