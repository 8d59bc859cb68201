import { ok, ownerSession } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PivotConfiguration } from '@salondesk/core';
import { fakeProvider } from './testing/fakeProvider';
import { usePivotPreview } from './usePivot';
import { useSession } from './useSession';

const page = (total: number) => ({
  rowFields: [],
  columnFields: [],
  values: [{ field: 'total', aggregate: 'sum', label: 'Sum of Total', format: 'money' }],
  columnKeys: [[]],
  entries: [{ row: [], column: [], values: [total] }],
  rowCount: 1,
  page: 1,
  pageSize: 50,
});

const configuration: PivotConfiguration = {
  source: { kind: 'function', name: 'sales_by_day' },
  params: {},
  rows: [],
  columns: [],
  values: [{ field: 'gross_sales', aggregate: 'sum' }],
  subtotals: true,
  grandTotals: true,
};

describe('pivot hooks', () => {
  it('asks for nothing until there is a configuration, then previews each one, keeping the last preview while the next loads', async () => {
    const bodies: { configuration: PivotConfiguration; pageSize?: number }[] = [];
    const routes = {
      'POST /login': ok(ownerSession),
      'POST /protected/business/12/pivotreport/preview': async (request: Request) => {
        const body = (await request.json()) as { configuration: PivotConfiguration; pageSize?: number };
        bodies.push(body);
        return ok(page(body.configuration.values[0]?.aggregate === 'sum' ? 1000 : 7));
      },
    };
    const { wrapper } = fakeProvider(routes);
    const { result } = renderHook(
      () => {
        const [config, setConfig] = useState<PivotConfiguration | null>(null);
        return { session: useSession(), setConfig, preview: usePivotPreview(12, config, 1, 50) };
      },
      { wrapper },
    );
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    expect(result.current.preview.fetchStatus).toBe('idle');
    expect(bodies).toEqual([]);

    act(() => result.current.setConfig(configuration));
    await waitFor(() => expect(result.current.preview.data?.entries[0]?.values).toEqual([1000]));
    expect(bodies).toEqual([{ configuration, page: 1, pageSize: 50 }]);

    act(() => result.current.setConfig({ ...configuration, values: [{ field: 'gross_sales', aggregate: 'count' }] }));
    expect(result.current.preview.data?.entries[0]?.values).toEqual([1000]);
    await waitFor(() => expect(result.current.preview.data?.entries[0]?.values).toEqual([7]));
  });
});
