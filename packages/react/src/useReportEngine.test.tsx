import { ok } from '@salondesk/core/testing';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './createQueryClient';
import { fakeProvider } from './testing/fakeProvider';
import { useReportParams, useReportRun } from './useReportEngine';

const opened = (choices: string[]) => ({
  title: 'Sales of a staff member',
  parameters: [{ id: 'staff', type: 'choice', target: 'staff', config: { valueType: 'query', value: 'select id, display_name from staff' }, default: choices[0] ?? null, choices: choices.map((c) => ({ value: c, label: c })) }],
  columns: [],
});

describe('useReportParams', () => {
  it('asks the server again every time a report opens, so query choices are fresh', async () => {
    let calls = 0;
    const { wrapper } = fakeProvider(
      { 'GET /protected/business/3/datasources/7/params': () => ok(opened(calls++ === 0 ? ['Ana'] : ['Ana', 'Zed'])) },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const first = renderHook(() => useReportParams(3, { kind: 'datasource', id: 7 }), { wrapper });
    await waitFor(() => expect(first.result.current.data?.parameters[0]?.choices).toHaveLength(1));
    first.unmount();
    const second = renderHook(() => useReportParams(3, { kind: 'datasource', id: 7 }), { wrapper });
    await waitFor(() => expect(second.result.current.data?.parameters[0]?.choices?.map((c) => c.label)).toEqual(['Ana', 'Zed']));
    expect(calls).toBe(2);
  });
});

describe('useReportRun', () => {
  it('asks again while the run is queued, and stops once it finished', async () => {
    let calls = 0;
    const run = (status: string) => ({
      id: 5,
      business_id: 3,
      title: 'Staff visits',
      source: { kind: 'function', name: 'staff_visits' },
      level: 'business',
      params: {},
      status,
      columns: [],
      row_count: status === 'finished' ? 2 : 0,
      truncated: false,
      error: null,
      created_at: '2026-01-01T00:00:00.000Z',
      finished_at: status === 'finished' ? '2026-01-01T00:00:01.000Z' : null,
    });
    const { wrapper } = fakeProvider(
      { 'GET /protected/business/3/reportruns/5': () => ok({ run: run(calls++ === 0 ? 'queued' : 'finished'), rows: [], offset: 0, limit: 100 }) },
      { queryClient: createQueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
    const { result } = renderHook(() => useReportRun(3, 5, { offset: 0, limit: 100 }), { wrapper });
    await waitFor(() => expect(result.current.data?.run.status).toBe('queued'));
    await waitFor(() => expect(result.current.data?.run.status).toBe('finished'), { timeout: 6_000 });
    expect(calls).toBe(2);
  });
});
