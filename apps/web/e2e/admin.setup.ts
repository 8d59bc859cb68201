import { expect, test as setup } from '@playwright/test';
import { ADMIN_STATE, signIn } from './support';

// The platform admin signs in once, through the login screen and the emailed code; journeys that
// need an admin start from this session. Only the newest code of an admin counts, so admins
// signing in at once in parallel journeys would cancel each other's codes.
setup('the admin signs in once for the journeys', async ({ page }) => {
  await signIn(page, 'admin@salondesk.demo');
  await expect(page).toHaveURL(/\/\d+\/home$/);
  await page.context().storageState({ path: ADMIN_STATE });
});
