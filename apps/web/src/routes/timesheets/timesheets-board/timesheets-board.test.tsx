import { entryInstants, MESSAGES } from '@salondesk/core';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const ZONE = 'America/Los_Angeles';
const DAY = '2025-03-03';
const at = (time: string) => entryInstants(DAY, time, time, ZONE).start.toISOString();
const slot = {
  id: 7,
  business_id: 12,
  employee_id: 3,
  employee_name: 'Ava Bennett',
  day: DAY,
  clockin_at: at('09:00'),
  clockout_at: at('17:00'),
  original_clockin: at('09:00'),
  original_clockout: at('17:00'),
  status: 'OUT',
  hours: 8,
  original_hours: 8,
  payroll_hours: 8,
  is_modified: false,
  updated_at: '2025-03-04T01:00:00.000Z',
  source: 'clock',
};
const range = {
  start: DAY,
  end: DAY,
  today: '2025-03-10',
  timezone: ZONE,
  breakSettings: { breakMinutes: 30, breakThresholdHours: 6 },
  lastPayoutStartDate: null,
  staff: [{ id: 3, name: 'Ava Bennett', active: true }],
  slots: [slot],
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('Staff timesheets', { timeout: 20_000 }, () => {
  it('shows the day with the break deducted, and never a success when a correction is refused', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const app = renderApp(`/12/timesheets?day=${DAY}`, {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(ownerSession),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/timesheets': ok(range),
        'GET /protected/business/12/timesheets/open': ok({ timezone: ZONE, slots: [] }),
        'GET /protected/business/12/activity/timesheets': ok({ timezone: ZONE, rows: [], next: null }),
        'GET /protected/business/12/tablesettings/timesheets-day/get': ok(null),
        'GET /protected/business/12/tablesettings/timesheets-people/get': ok(null),
        [`POST /protected/business/12/ts/updateall/${DAY}`]: async (request) => {
          sent.push(await request.json());
          return refuse ? fail(409, MESSAGES.timesheetChangedSinceOpened) : ok({ day: DAY, added: 0, changed: 1, removed: 0, slots: [slot] }, MESSAGES.timesheetUpdated);
        },
      },
    });
    const people = await app.screen.findByRole('table', { name: /^Hours per person/ }, { timeout: 15_000 });
    // Eight hours reach the six-hour threshold: half an hour of break.
    await waitFor(() => expect(within(people).getAllByText('7.50').length).toBeGreaterThan(0));
    expect(app.screen.getByText(/A 30-minute break is deducted on a day of 6 hours or more/)).toBeTruthy();

    fireEvent.click(app.screen.getByRole('button', { name: 'Edit day' }));
    const dialog = await app.screen.findByRole('dialog', { name: /^Timesheet of/ });
    fireEvent.change(within(dialog).getByLabelText('Clock-out'), { target: { value: '18:30' } });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Stayed for the last client' } });
    expect(within(dialog).getByText('1 corrected')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));

    // Refused: the server's message, the dialog still open with what was typed, no success anywhere.
    await app.screen.findByText(MESSAGES.timesheetChangedSinceOpened);
    expect(app.screen.queryByText(MESSAGES.timesheetUpdated)).toBeNull();
    expect((within(dialog).getByLabelText('Clock-out') as HTMLInputElement).value).toBe('18:30');
    expect(sent[0]).toEqual({
      slots: [{ id: 7, employee_id: 3, clockin_at: at('09:00'), clockout_at: at('18:30'), updated_at: slot.updated_at }],
      remove: [],
      reason: 'Stayed for the last client',
    });

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save the day' }));
    await app.screen.findByText(MESSAGES.timesheetUpdated);
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: /^Timesheet of/ })).toBeNull());
  });

  it('opens a day of clock times with seconds with no change counted, a slot of no time on its own day', async () => {
    const seconds = (iso: string, s: number) => new Date(Date.parse(iso) + s * 1000).toISOString();
    const slots = [
      { ...slot, clockin_at: seconds(at('08:58'), 23), clockout_at: seconds(at('17:02'), 41), original_clockin: seconds(at('08:58'), 23), original_clockout: seconds(at('17:02'), 41) },
      // Clocked in and out within the same minute.
      { ...slot, id: 8, employee_id: 4, employee_name: 'Leo Park', clockin_at: seconds(at('12:00'), 5), clockout_at: seconds(at('12:00'), 40), original_clockin: seconds(at('12:00'), 5), original_clockout: seconds(at('12:00'), 40), hours: 0.01 },
    ];
    const app = renderApp(`/12/timesheets?day=${DAY}`, {
      storedSession: ownerSession,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(ownerSession),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/timesheets': ok({ ...range, staff: [...range.staff, { id: 4, name: 'Leo Park', active: true }], slots }),
        'GET /protected/business/12/timesheets/open': ok({ timezone: ZONE, slots: [] }),
        'GET /protected/business/12/activity/timesheets': ok({ timezone: ZONE, rows: [], next: null }),
        'GET /protected/business/12/tablesettings/timesheets-day/get': ok(null),
        'GET /protected/business/12/tablesettings/timesheets-people/get': ok(null),
      },
    });
    await app.screen.findByRole('table', { name: /^Hours per person/ }, { timeout: 15_000 });
    fireEvent.click(app.screen.getByRole('button', { name: 'Edit day' }));
    const dialog = await app.screen.findByRole('dialog', { name: /^Timesheet of/ });
    expect(within(dialog).getByText('No changes')).toBeTruthy();
    expect(within(dialog).queryByText(/corrected/)).toBeNull();
    expect(within(dialog).queryByText('On the next day')).toBeNull();
    expect((within(dialog).getByRole('button', { name: 'Save the day' }) as HTMLButtonElement).disabled).toBe(true);
    // A clock-out earlier on the clock than its clock-in is on the next day, and counts as one correction.
    fireEvent.change(within(dialog).getAllByLabelText('Clock-out')[1] as HTMLElement, { target: { value: '11:30' } });
    expect(within(dialog).getByText('On the next day')).toBeTruthy();
    expect(within(dialog).getByText('1 corrected')).toBeTruthy();
  });
});
