import { MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const answer = (resources: unknown[], appointments: unknown[] = []) => ({
  start: '2026-03-09',
  end: '2026-03-09',
  today: '2026-03-08',
  timezone: 'America/Los_Angeles',
  hours: [],
  holidays: [],
  resources,
  appointments,
  hidden: 2,
});

function open(reply: ReturnType<typeof ok>) {
  return renderApp('/12/appointments?day=2026-03-09', {
    storedSession: ownerSession,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(ownerSession),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/appointments/taskresourcemap': reply,
    },
  });
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the appointments screen', { timeout: 20_000 }, () => {
  it('draws the day of the address by staff member, says what is left out and that nothing is flagged', async () => {
    const app = open(
      ok(
        answer(
          [{ id: 5, display_name: 'Maya F.', schedulerColor: '#60A5FA', shifts: [{ id: 9, day: '2026-03-09', start_time: '10:00', end_time: '18:00' }] }],
          [{ id: 1, staff_id: 5, service_id: null, service: null, customer_name: 'Alex Morgan', starts_at: '2026-03-09T18:00:00.000Z', duration_minutes: 60, day: '2026-03-09', start_time: '11:00', end_time: '12:00', status: 'BOOKED', flag: null }],
        ),
      ),
    );
    const grid = await app.screen.findByRole('group', { name: 'Appointments on Mon, Mar 9, 2026' }, { timeout: 10_000 });
    expect(within(grid).getByTestId('column-shift').textContent).toBe('10:00–18:00');
    expect(within(grid).getByRole('button', { name: '11:00–12:00, Alex Morgan, with Maya F., Booked' })).toBeTruthy();
    expect(app.screen.getByText('1 appointment, 0 flagged')).toBeTruthy();
    expect(app.screen.getByText(/2 appointments belong to staff not shown in appointments/)).toBeTruthy();
    expect(app.screen.getByText('Every booking is inside a published shift of its staff member.')).toBeTruthy();
  });

  it('says when nobody is shown in appointments, and when the view could not be loaded', async () => {
    const empty = open(ok(answer([])));
    expect(await empty.screen.findByText('No staff are shown in appointments', undefined, { timeout: 10_000 })).toBeTruthy();
    empty.unmount();
    const failed = open(fail(500, ''));
    await waitFor(() => expect(failed.screen.getAllByText(MESSAGES.failedToGetAppointmentData).length).toBeGreaterThan(0), { timeout: 10_000 });
    expect(failed.screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
