import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './support';

/** Drops a file on the upload area as a person would drag it there: a PNG drawn in the page, or text under a name. */
async function dropFile(page: Page, file: { name: string; png?: { hue: number }; text?: string; type?: string }) {
  const transfer = await page.evaluateHandle(async ({ name, png, text, type }) => {
    let blob: Blob;
    if (png) {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 360;
      const g = canvas.getContext('2d') as CanvasRenderingContext2D;
      g.fillStyle = `hsl(${png.hue}, 60%, 65%)`;
      g.fillRect(0, 0, 480, 360);
      g.fillStyle = 'white';
      g.beginPath();
      g.arc(240, 150, 80, 0, Math.PI * 2);
      g.fill();
      blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b as Blob), 'image/png'));
    } else {
      blob = new Blob([text ?? ''], { type: type ?? 'text/plain' });
    }
    const data = new DataTransfer();
    data.items.add(new File([blob], name, { type: blob.type }));
    return data;
  }, file);
  const zone = page.getByTestId('upload-drop-zone').first();
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

test('an owner uploads an image by drag and drop and uses it as a staff photo; an image in use cannot be deleted', async ({ page }) => {
  const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await signIn(page, 'owner@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  // A staff member of this run's own, so repeated runs never share one.
  const added = await page.request.post('/protected/business/1/staff/add', {
    headers: { 'x-salondesk-csrf': '1' },
    data: { name: `Photo${unique}`, full_name: `Photo ${unique}`, allowSameName: true },
  });
  expect(added.ok()).toBe(true);
  const staffId = ((await added.json()) as { data: { id: number } }).data.id;

  await page.getByRole('link', { name: 'Media library' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  // The demo's staff photos and service images are there, drawn on first view.
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByRole('button', { name: /used in Staff photo/ }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Drag and drop: the upload shows its progress, then the image is in the library under its file's name.
  await dropFile(page, { name: `Portrait ${unique}.png`, png: { hue: Number.parseInt(unique.slice(-3), 36) % 360 } });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText(`Portrait ${unique}.png`)).toBeVisible();
  await expect(uploads.getByText('Uploaded').first()).toBeVisible();
  const mine = grid.getByRole('button', { name: `Open Portrait ${unique}` });
  await expect(mine).toBeVisible();

  // A refused file says why and adds nothing.
  await dropFile(page, { name: `logo-${unique}.svg`, text: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: 'image/svg+xml' });
  await expect(uploads.getByRole('alert')).toContainText('SVG images are not accepted');
  await expect(grid.getByRole('button', { name: new RegExp(`logo-${unique}`) })).toHaveCount(0);

  // Rename and tag it.
  await mine.click();
  const details = page.getByRole('dialog', { name: `Portrait ${unique}` });
  await details.getByRole('textbox', { name: 'Name' }).fill(`Staff portrait ${unique}`);
  await details.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('Updated successfully').first()).toBeVisible();
  await details.getByRole('textbox', { name: 'Tags' }).fill(`Team, ${unique}`);
  await details.getByRole('button', { name: 'Save tags' }).click();
  await expect(details.getByRole('button', { name: 'Save tags' })).toBeDisabled();
  await expect(details.getByText('Not used anywhere yet.')).toBeVisible();
  await details.getByRole('button', { name: `Close Staff portrait ${unique}` }).click();
  // Its tag is a filter of the library now.
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: `${unique} (1)` }).click();
  await expect(grid.getByRole('button')).toHaveCount(1);

  // Use it as the staff member's photo, chosen from the library.
  await page.goto(`/1/staff/${staffId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Photo ${unique}` })).toBeVisible();
  await page.getByRole('button', { name: 'Choose a photo' }).click();
  const picker = page.getByRole('dialog', { name: /^Photo of / });
  await picker.getByRole('textbox', { name: 'Search by name' }).fill(`Staff portrait ${unique}`);
  await picker.getByRole('button', { name: `Choose Staff portrait ${unique}` }).click();
  await picker.getByRole('button', { name: 'Use this image' }).click();
  await expect(page.getByText('Employee updated successfully.')).toBeVisible();
  const photo = page.getByRole('img', { name: /^Photo of / });
  await expect(photo).toBeVisible();
  // The photo is the image's thumbnail, a real image the browser decoded.
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

  // Back in the library it says where it is used, and cannot be deleted.
  await page.goto('/1/media');
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: `${unique} (1)` }).click();
  await grid.getByRole('button', { name: new RegExp(`Open Staff portrait ${unique}, used in Staff photo: `) }).click();
  const used = page.getByRole('dialog', { name: `Staff portrait ${unique}` });
  await expect(used.getByRole('link', { name: new RegExp(`Photo ${unique}|Photo${unique}`) })).toBeVisible();
  await expect(used.getByRole('button', { name: 'Delete image' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);

  // Once the member has no photo, it can be deleted, after saying so.
  await page.goto(`/1/staff/${staffId}`);
  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('No photo yet: initials are shown instead.')).toBeVisible();
  await page.goto('/1/media');
  await page.getByRole('group', { name: 'Filter by tag' }).getByRole('button', { name: `${unique} (1)` }).click();
  await grid.getByRole('button', { name: `Open Staff portrait ${unique}` }).click();
  await page.getByRole('dialog', { name: `Staff portrait ${unique}` }).getByRole('button', { name: 'Delete image' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete Staff portrait ${unique}?` });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Deleted successfully').first()).toBeVisible();
  await expect(grid.getByRole('button', { name: new RegExp(`Staff portrait ${unique}`) })).toHaveCount(0);
});
