import { dayInZone, dayLabel, pastUsualClockOut, timeInZone } from '@salondesk/core';
import { fireEvent, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('the staff clock', { timeout: 20_000 }, () => {
  it('says since when someone is clocked in, with the day when it is not today, and warns past the usual clock-out', async () => {
    const now = Date.now();
    const longAgo = new Date(now - 54 * HOUR).toISOString();
    const justNow = new Date(now - 60_000).toISOString();
    const app = renderApp('/12/clock', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        'GET /protected/user/7/checkstatus': ok(session),
        'GET /protected/user/7/business/12/detail': ok(businessDetail),
        'GET /protected/business/12/clock/staff': ok({
          timezone: ZONE,
          staff: [
            { id: 3, name: 'Ava Bennett', has_pin: true, clocked_in_at: longAgo, still_clocked_in_from: new Date(now - 44 * HOUR).toISOString() },
            { id: 4, name: 'Leo Park', has_pin: true, clocked_in_at: justNow, still_clocked_in_from: new Date(now + 8 * HOUR).toISOString() },
            { id: 5, name: 'Mia Chen', has_pin: false, clocked_in_at: null, still_clocked_in_from: null },
          ],
        }),
      },
    });
    const ava = await app.screen.findByRole('button', { name: /^Ava Bennett/ }, { timeout: 15_000 });
    expect(ava.textContent).toContain(`Clocked in since ${dayLabel(dayInZone(new Date(longAgo), ZONE))}, ${timeInZone(longAgo, ZONE)}`);
    expect(ava.textContent).toContain('Past the usual clock-out');
    const leo = app.screen.getByRole('button', { name: /^Leo Park/ });
    expect(leo.textContent).toContain('Clocked in since');
    expect(leo.textContent).not.toContain('Past the usual clock-out');
    expect(app.screen.getByRole('button', { name: /^Mia Chen/ }).textContent).toContain('No PIN yet');

    fireEvent.click(ava);
    const panel = await app.screen.findByRole('region', { name: 'Ava Bennett' });
    expect(within(panel).getByRole('alert').textContent).toBe(pastUsualClockOut('54 h'));
  });
});
