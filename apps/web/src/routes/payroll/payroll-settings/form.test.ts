import { payrollInfo } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { formOf, readForm } from './form';

const saved = payrollInfo.parse({ settings: { breakMinutes: 30, breakThresholdHours: 6 }, payrollHourSettings: { clockInTime: '09:00', shiftDuration: 480 }, lastPayoutStartDate: '2026-03-02' });

describe('the payroll settings form', () => {
  it('reads back what it was given', () => {
    expect(readForm(formOf(saved))).toEqual({ ok: true, info: saved });
  });

  it('turns overtime on and off, empty break fields off', () => {
    const read = readForm({ ...formOf(saved), breakMinutes: '', breakThresholdHours: '', overtimeWeekly: true, overtimeWeeklyHours: '40' });
    expect(read.ok && read.info.settings).toMatchObject({ breakMinutes: null, breakThresholdHours: null, overtimeDailyHours: null, overtimeWeeklyHours: 40 });
  });

  it('names the fields the schema refuses', () => {
    const read = readForm({ ...formOf(saved), breakMinutes: '-15', breakThresholdHours: 'six', overtimeDaily: true, overtimeDailyHours: '', clockOutTime: '25:00', lastPayoutStartDate: '2026-02-30' });
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.breakMinutes).toBe('Must be 0 or more minutes');
    expect(read.problems.breakThresholdHours).toBe('Enter a number');
    expect(read.problems.overtimeDailyHours).toBe('Enter a number');
    expect(read.problems.clockOutTime).toBe('Must be a time as HH:mm');
    expect(read.problems.lastPayoutStartDate).toBeTruthy();
  });
});
