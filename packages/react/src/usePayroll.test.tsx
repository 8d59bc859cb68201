import { MESSAGES, type PayrollInfo, payrollInfo } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { payrollQueries } from './payrollQueries';
import { fakeProvider } from './testing/fakeProvider';
import { usePayrollData, usePayrollInfo, useUpdatePayrollInfo } from './usePayroll';

const info: PayrollInfo = payrollInfo.parse({ settings: { breakMinutes: 30, breakThresholdHours: 6 }, payrollHourSettings: {}, lastPayoutStartDate: '2026-03-02' });
const data = (hoursAfterBreak: number) => ({
  start: '2026-03-02',
  end: '2026-03-08',
  rows: [],
  totals: { hours: 8, breakHours: 8 - hoursAfterBreak, hoursAfterBreak, overtimeHours: 0, tickets: 0, salesBeforeDiscount: 0, salesAfterDiscount: 0, tip: 0, service: { quantity: 0, sales: 0 }, retail: { quantity: 0, sales: 0 }, prepaid: { quantity: 0, sales: 0 } },
  info,
});

describe('payroll hooks', () => {
  it('saves the settings, keeps what the server saved and refetches the payroll', async () => {
    const saved = { ...info, settings: { ...info.settings, breakMinutes: 60 } };
    let stored = info;
    const { api, wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/payrollinfo/get': () => ok(stored),
      'GET /protected/business/3/payrolldata/withservicedetail': () => ok(data(stored.settings.breakMinutes === 30 ? 7.5 : 7)),
      'POST /protected/business/3/payrollinfo/update': () => {
        stored = saved;
        return ok(saved, MESSAGES.payrollUpdated);
      },
    });
    const { result } = renderHook(() => ({ info: usePayrollInfo(3), data: usePayrollData(3, '2026-03-02', '2026-03-08'), update: useUpdatePayrollInfo(3) }), { wrapper });
    await waitFor(() => expect(result.current.data.data?.totals.hoursAfterBreak).toBe(7.5));
    await act(() => result.current.update.mutateAsync({ base: info, edited: saved }));
    expect(queryClient.getQueryData(payrollQueries.info(client, 3).queryKey)).toEqual(saved);
    await waitFor(() => expect(result.current.data.data?.totals.hoursAfterBreak).toBe(7));
    expect(api.calls.filter((c) => String(typeof c === 'string' ? c : JSON.stringify(c)).includes('payrolldata')).length).toBe(2);
  });

  it('saves only what was changed, over what someone else saved meanwhile', async () => {
    let stored: PayrollInfo = { ...info, settings: { ...info.settings, breakMinutes: 45 } };
    const posted: PayrollInfo[] = [];
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/payrollinfo/get': () => ok(stored),
      'POST /protected/business/3/payrollinfo/update': async (request) => {
        stored = (await request.json()) as PayrollInfo;
        posted.push(stored);
        return ok(stored, MESSAGES.payrollUpdated);
      },
    });
    const { result } = renderHook(() => useUpdatePayrollInfo(3), { wrapper });
    // The screen showed `info` (break 30) and closed a period; the break saved elsewhere (45) stays.
    await act(() => result.current.mutateAsync({ base: info, edited: { ...info, lastPayoutStartDate: '2026-03-09' } }));
    expect(posted).toEqual([{ ...info, settings: { ...info.settings, breakMinutes: 45 }, lastPayoutStartDate: '2026-03-09' }]);
  });

  it('a failed save changes nothing and gives the server’s message, or the catalogue’s', async () => {
    for (const [reply, message] of [
      [fail(409, 'Ana R. is still clocked in on days this would close. Clock them out first.'), 'Ana R. is still clocked in on days this would close. Clock them out first.'],
      [fail(500, ''), MESSAGES.failedToUpdateBang],
    ] as const) {
      const { wrapper, queryClient, client } = fakeProvider({
        'GET /protected/business/3/payrollinfo/get': ok(info),
        'POST /protected/business/3/payrollinfo/update': reply,
      });
      const { result } = renderHook(() => ({ info: usePayrollInfo(3), update: useUpdatePayrollInfo(3) }), { wrapper });
      await waitFor(() => expect(result.current.info.isSuccess).toBe(true));
      await act(() => expect(result.current.update.mutateAsync({ base: info, edited: { ...info, lastPayoutStartDate: '2026-03-09' } })).rejects.toMatchObject({ message }));
      expect(queryClient.getQueryData(payrollQueries.info(client, 3).queryKey)).toEqual(info);
    }
  });
});
