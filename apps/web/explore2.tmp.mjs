import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8391';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
let log = [];
page.on('request', (r) => { if (r.url().includes('/protected/')) log.push(`${Date.now()%100000} ${r.method()} ${new URL(r.url()).pathname}${new URL(r.url()).search}`); });
page.on('response', (r) => { if (r.url().includes('/protected/')) log.push(`${Date.now()%100000} ${r.status()} ${new URL(r.url()).pathname}`); });
await page.goto(base + '/login');
await page.getByLabel(/username or email/i).fill(process.argv[2]);
await page.getByLabel(/^password$/i).fill('salondesk');
await page.getByRole('button', { name: 'Sign in', exact: true }).click();
await page.waitForURL(/\/home$/);
for (const path of process.argv.slice(3)) {
  log = [];
  await page.goto(base + path);
  await page.waitForTimeout(7000);
  console.log('==', path); console.log(log.join('\n'));
  console.log((await page.locator('body').innerText()).slice(0, 400).replace(/\n+/g, ' | '));
}
await browser.close();
