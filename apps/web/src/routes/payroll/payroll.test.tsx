import { MESSAGES, type PayrollInfo, payrollInfo } from '@salondesk/core';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as session } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const saved: PayrollInfo = payrollInfo.parse({
  settings: { breakMinutes: 30, breakThresholdHours: 6, payPeriod: 'weekly' },
  payrollHourSettings: { clockInTime: '09:00', clockOutTime: '18:00', shiftDuration: 510 },
  lastPayoutStartDate: '2025-03-03',
});

const figures = (hours: number, breakHours: number, sales = 0) => ({
  hours,
  breakHours,
  hoursAfterBreak: hours - breakHours,
  overtimeHours: 0,
  tickets: sales > 0 ? 2 : 0,
  salesBeforeDiscount: sales + 500,
  salesAfterDiscount: sales,
  tip: sales > 0 ? 1_000 : 0,
  service: { quantity: sales > 0 ? 2 : 0, sales },
  retail: { quantity: 0, sales: 0 },
  prepaid: { quantity: 0, sales: 0 },
});

/** The payroll screens over a fake API that keeps what is saved (or refuses it), as the server does. */
function open(path: string, options: { refuse?: ReturnType<typeof fail> } = {}) {
  let stored = saved;
  const updates: PayrollInfo[] = [];
  const ranges: string[] = [];
  const app = renderApp(path, {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/tablesettings/payroll/get': ok(null),
      'GET /protected/business/12/payrollinfo/get': () => ok(stored),
      'POST /protected/business/12/payrollinfo/update': async (request) => {
        const body = (await request.json()) as PayrollInfo;
        updates.push(body);
        if (options.refuse) return options.refuse;
        stored = payrollInfo.parse(body);
        return ok(stored, MESSAGES.payrollUpdated);
      },
      'GET /protected/business/12/payrolldata/withservicedetail': (request) => {
        const url = new URL(request.url);
        const start = url.searchParams.get('start') as string;
        const end = url.searchParams.get('end') as string;
        ranges.push(`${start}/${end}`);
        const afterBreak = (stored.settings.breakMinutes ?? 0) / 60;
        const rows = [
          { employee_id: 1, employee_name: 'Maya F.', ...figures(9, afterBreak, 12_000), services: [{ service_id: 4, service: 'Haircut', quantity: 2, sales: 12_000 }] },
          { employee_id: 2, employee_name: 'Maya P.', ...figures(0, 0), services: [] },
        ];
        const totals = { ...figures(9, afterBreak, 12_000) };
        return ok({ start, end, rows, totals, info: stored });
      },
    },
  });
  return { app, updates, ranges };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('payroll', { timeout: 20_000 }, () => {
  it('shows a row per staff member with its figures and services, moves between pay periods, and closes one after asking', async () => {
    const { app, updates, ranges } = open('/12/payroll');
    // The open pay period of the settings (weekly from Mar 3, 2025).
    const table = within(await app.screen.findByRole('table', { name: 'Payroll, Mar 3 – 9, 2025' }, { timeout: 10_000 }));
    await waitFor(() => expect(table.getByRole('rowheader', { name: 'Maya F.' })).toBeTruthy());
    expect(ranges).toContain('2025-03-03/2025-03-09');
    const maya = table.getByRole('rowheader', { name: 'Maya F.' }).closest('tr') as HTMLElement;
    expect(maya.textContent).toContain('8.50');
    expect(table.getByRole('rowheader', { name: 'Maya P.' })).toBeTruthy();
    expect(table.getByRole('rowheader', { name: 'Total' })).toBeTruthy();
    // The service detail.
    await app.user.click(table.getByRole('button', { name: 'Details for Maya F.' }));
    expect(await app.screen.findByRole('table', { name: 'Services sold by Maya F.' })).toBeTruthy();
    expect(app.screen.getByText('Haircut')).toBeTruthy();

    await app.user.click(app.screen.getByRole('button', { name: 'Previous pay period' }));
    await waitFor(() => expect(ranges).toContain('2025-02-24/2025-03-02'));
    // That one is closed: it offers Reopen. Back to the open one, which is over: Close.
    expect(await app.screen.findByRole('button', { name: 'Reopen this pay period' })).toBeTruthy();
    await app.user.click(app.screen.getByRole('button', { name: 'Current period' }));
    await app.user.click(await app.screen.findByRole('button', { name: 'Close this pay period' }));
    const dialog = within(await app.screen.findByRole('alertdialog', { name: 'Close this pay period?' }));
    expect(dialog.getByText('Timesheets of Mar 3 – 9, 2025 can no longer be changed until they are reopened.')).toBeTruthy();
    await app.user.click(dialog.getByRole('button', { name: 'Close pay period' }));
    await waitFor(() => expect(updates.at(-1)?.lastPayoutStartDate).toBe('2025-03-10'));
    expect(await app.screen.findByText(MESSAGES.payrollUpdated)).toBeTruthy();
    expect(await app.screen.findByRole('button', { name: 'Reopen this pay period' })).toBeTruthy();
  });

  it('explains the break rule as it is typed and saves it, saying so only once saved', async () => {
    const { app, updates } = open('/12/payroll/settings');
    const minutes = await app.screen.findByRole('textbox', { name: 'Break minutes' }, { timeout: 10_000 });
    expect(app.screen.getByText('For example: A day of 8.5 hours is paid 8 hours (0.5 hours of break taken off).')).toBeTruthy();
    expect(app.screen.getByText('A shift of 8 h 30 min.')).toBeTruthy();
    await app.user.clear(minutes);
    await app.user.type(minutes, '45');
    expect(app.screen.getByText('For example: A day of 8.5 hours is paid 7.75 hours (0.75 hours of break taken off).')).toBeTruthy();
    await app.user.click(app.screen.getByRole('button', { name: 'Save payroll settings' }));
    await waitFor(() => expect(updates.at(-1)?.settings.breakMinutes).toBe(45));
    expect(await app.screen.findByText(MESSAGES.payrollUpdated)).toBeTruthy();
  });

  it('refuses bad input before sending, and a failed save shows the error, never success, and keeps what was typed', async () => {
    const { app, updates } = open('/12/payroll/settings', { refuse: fail(500, '') });
    const minutes = await app.screen.findByRole('textbox', { name: 'Break minutes' }, { timeout: 10_000 });
    await app.user.clear(minutes);
    await app.user.type(minutes, '-5');
    await app.user.click(app.screen.getByRole('button', { name: 'Save payroll settings' }));
    expect(await app.screen.findByText('Must be 0 or more minutes')).toBeTruthy();
    expect(updates).toEqual([]);

    await app.user.clear(minutes);
    await app.user.type(minutes, '60');
    await app.user.click(app.screen.getByRole('button', { name: 'Save payroll settings' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(await app.screen.findByText(MESSAGES.failedToUpdateBang)).toBeTruthy();
    expect(app.screen.queryByText(MESSAGES.payrollUpdated)).toBeNull();
    expect((minutes as HTMLInputElement).value).toBe('60');
    expect(app.screen.getByText('Unsaved changes')).toBeTruthy();
  });

  it('asks before closing days when the last payout start moves', async () => {
    const { app, updates } = open('/12/payroll/settings');
    const date = await app.screen.findByLabelText('Last payout start date', {}, { timeout: 10_000 });
    fireEvent.change(date, { target: { value: '2025-03-10' } });
    await app.user.click(app.screen.getByRole('button', { name: 'Save payroll settings' }));
    const dialog = within(await app.screen.findByRole('alertdialog', { name: 'Close days?' }));
    expect(dialog.getByText('Timesheets of Mar 3 – 9, 2025 can no longer be changed until they are reopened.')).toBeTruthy();
    expect(updates).toEqual([]);
    await app.user.click(dialog.getByRole('button', { name: 'Save and close' }));
    await waitFor(() => expect(updates.at(-1)?.lastPayoutStartDate).toBe('2025-03-10'));
  });
});
