import { MESSAGES } from '@salondesk/core';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const tips = {
  id: 5,
  name: 'DEFAULT_TIP_PERCENTAGES',
  prettyname: 'Tip suggestions',
  description: 'Tip percentages offered at checkout, as a JSON list.',
  category: 'Checkout',
  type: 'json',
  editable: true,
  cancopy: true,
  isunique: false,
  isvisible: 2,
  syncappt: false,
  reload: false,
  defaultvalue: '[15,18,20,25]',
  options: [],
  value: '[15,18,20,25]',
  isDefault: true,
};
const footer = { ...tips, id: 7, name: 'RECEIPT_FOOTER', prettyname: 'Receipt footer', description: 'Printed on receipts.', type: 'string', defaultvalue: 'Thanks!', value: 'Thanks!' };
const hours = [0, 1, 2, 3, 4, 5, 6].map((dow) => ({ dow, open: dow !== 0, start: '09:00', end: '19:00' }));

/** The settings screen over a fake API that keeps what is saved, as the server does. */
function openSettings() {
  const settings = [footer, tips].map((s) => ({ ...s }));
  const bodies: { id: number; value: unknown }[] = [];
  const reportBodies: unknown[] = [];
  let detail = { ...businessDetail, reportsettings: { enabled: true, reports: ['sales', 'aggregate-sales'] } };
  const app = renderApp('/12/settings', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': () => ok(detail),
      'POST /protected/business/12/reportsettings/update': async (request) => {
        const body = (await request.json()) as typeof detail.reportsettings;
        reportBodies.push(body);
        detail = { ...detail, reportsettings: body };
        return ok(body);
      },
      'GET /protected/business/12/bizsettings/get': () => ok({ groups: [{ kind: 'hours', name: 'Business Hours', days: hours }, { kind: 'settings', name: 'Checkout', settings }] }),
      'POST /protected/business/12/bizsettings/update': async (request) => {
        const body = (await request.json()) as { id: number; value: string };
        bodies.push(body);
        const setting = settings.find((s) => s.id === body.id)!;
        Object.assign(setting, { value: body.value, isDefault: false });
        return ok(setting);
      },
    },
  });
  return { app, bodies, reportBodies };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('business settings', { timeout: 20_000 }, () => {
  it('edits a list setting item by item, checks each item, and saves the JSON list', async () => {
    const { app, bodies } = openSettings();
    const list = within(await app.screen.findByRole('group', { name: 'Tip suggestions' }, { timeout: 10_000 }));
    // No raw JSON to type.
    expect(app.screen.queryByDisplayValue('[15,18,20,25]')).toBeNull();
    expect(list.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['15', '18', '20', '25']);
    await app.user.click(list.getByRole('button', { name: 'Add an item' }));
    await app.user.keyboard('150');
    await app.user.click(list.getByRole('button', { name: 'Move Tip suggestions, item 1 down' }));
    const save = app.screen.getByRole('button', { name: 'Save Tip suggestions' });
    await app.user.click(save);
    // 150 is not a percentage: nothing is sent, the item says why.
    expect(bodies).toEqual([]);
    expect(list.getByText(MESSAGES.settingListPercentItem)).toBeTruthy();
    const added = list.getByRole('textbox', { name: 'Tip suggestions, item 5' });
    expect(added.getAttribute('aria-invalid')).toBe('true');
    await app.user.clear(added);
    await app.user.type(added, '12.5%');
    await app.user.click(save);
    await waitFor(() => expect(bodies).toEqual([{ id: 5, value: '[18,15,20,25,12.5]' }]));
    expect(await app.screen.findByText(MESSAGES.settingUpdated)).toBeTruthy();
    expect(list.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['18', '15', '20', '25', '12.5']);
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Leave goes', async () => {
    const { app } = openSettings();
    const footerField = await app.screen.findByRole('textbox', { name: 'Receipt footer' }, { timeout: 10_000 });
    // Nothing changed: leaving does not ask, and the tab may close freely.
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
    await app.user.type(footerField, ' See you soon');
    // The tab asks too (the browser's own question).
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(false);

    await app.user.click(app.screen.getAllByRole('link', { name: 'Staff' })[0]!);
    const ask = await app.screen.findByRole('alertdialog', { name: MESSAGES.unsavedChangesTitle });
    expect(ask.textContent).toContain(MESSAGES.unsavedChangesDetail);
    await app.user.click(within(ask).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(app.screen.queryByRole('alertdialog')).toBeNull());
    expect(currentPath(app.router)).toBe('/12/settings');
    expect((app.screen.getByRole('textbox', { name: 'Receipt footer' }) as HTMLInputElement).value).toBe('Thanks! See you soon');

    await app.user.click(app.screen.getAllByRole('link', { name: 'Staff' })[0]!);
    await app.user.click(within(await app.screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/staff'));
    await app.screen.findByRole('heading', { level: 1, name: 'Staff' }, { timeout: 10_000 });
    expect(fireEvent(window, new Event('beforeunload', { cancelable: true }))).toBe(true);
  });

  it('does not ask once the changes are saved', async () => {
    const { app, bodies } = openSettings();
    const footerField = await app.screen.findByRole('textbox', { name: 'Receipt footer' }, { timeout: 10_000 });
    await app.user.clear(footerField);
    await app.user.type(footerField, 'Bye');
    await app.user.click(app.screen.getByRole('button', { name: 'Save Receipt footer' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await app.screen.findByText(MESSAGES.settingUpdated);
    await app.user.click(app.screen.getAllByRole('link', { name: 'Staff' })[0]!);
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/staff'));
    expect(app.screen.queryByRole('alertdialog')).toBeNull();
  });

  it('stops offering a daily report, and turns the location’s reports off', async () => {
    const { app, reportBodies } = openSettings();
    const reports = within(await app.screen.findByRole('region', { name: 'Reports' }, { timeout: 10_000 }));
    const aggregate = reports.getByRole('checkbox', { name: /^Aggregate sales/ });
    expect((aggregate as HTMLInputElement).checked).toBe(true);
    await app.user.click(aggregate);
    await app.user.click(reports.getByRole('button', { name: 'Save report settings' }));
    await waitFor(() => expect(reportBodies).toEqual([{ enabled: true, reports: ['sales'] }]));
    expect(await app.screen.findByText(MESSAGES.settingUpdated)).toBeTruthy();
    // Off: the list of reports cannot be changed until they are on again.
    await app.user.click(reports.getByRole('switch', { name: 'Reports' }));
    await waitFor(() => expect(reports.getByRole('checkbox', { name: /^Sales/ }).matches(':disabled')).toBe(true));
    await app.user.click(reports.getByRole('button', { name: 'Save report settings' }));
    await waitFor(() => expect(reportBodies.at(-1)).toEqual({ enabled: false, reports: ['sales'] }));
  });
});
