import { MESSAGES } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { formOf, readForm, serverProblems } from './form';

describe('payout schedule form', () => {
  it('sends only the anchor of the chosen interval', () => {
    const form = { ...formOf({ delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null }), monthly_anchor: '15' };
    expect(readForm(form)).toEqual({ ok: true, schedule: { delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null } });
    expect(readForm({ ...form, interval: 'monthly' })).toEqual({ ok: true, schedule: { delay_days: 2, interval: 'monthly', weekly_anchor: null, monthly_anchor: 15 } });
    expect(readForm({ ...form, interval: 'daily' })).toEqual({ ok: true, schedule: { delay_days: 2, interval: 'daily', weekly_anchor: null, monthly_anchor: null } });
  });

  it('refuses an anchor that does not fit the interval, and a bad delay, with core’s messages', () => {
    const weekly = formOf({ delay_days: 2, interval: 'weekly', weekly_anchor: null, monthly_anchor: null });
    expect(readForm(weekly)).toEqual({ ok: false, problems: { weekly_anchor: MESSAGES.payoutWeeklyAnchorRequired } });
    expect(readForm({ ...weekly, interval: 'monthly', monthly_anchor: '' })).toEqual({ ok: false, problems: { monthly_anchor: MESSAGES.payoutMonthlyAnchorRequired } });
    expect(readForm({ ...weekly, interval: 'monthly', monthly_anchor: '32' })).toMatchObject({ ok: false, problems: { monthly_anchor: MESSAGES.payoutMonthlyAnchor } });
    expect(readForm({ ...weekly, interval: 'daily', delay_days: '366' })).toMatchObject({ ok: false, problems: { delay_days: MESSAGES.payoutDelayDays } });
    expect(readForm({ ...weekly, interval: 'daily', delay_days: '1' })).toMatchObject({ ok: false, problems: { delay_days: MESSAGES.payoutDelayDays } });
    expect(readForm({ ...weekly, interval: 'daily', delay_days: 'two' }).ok).toBe(false);
  });

  it('puts the server’s problems on the form’s fields', () => {
    expect(serverProblems([{ path: ['body', 'schedule', 'weekly_anchor'], message: 'No day' }])).toEqual({ weekly_anchor: 'No day' });
  });
});
