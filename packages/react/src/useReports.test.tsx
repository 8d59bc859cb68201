import { customReportExample, ok, ownerSession } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useCustomReports, useDeletedReports, useReportMutation } from './useReports';
import { useSession } from './useSession';

const report = (id: number, title: string) => customReportExample(id, title);

describe('report catalogue hooks', () => {
  it('lists the reports, and after marking one for deletion the list and the deleted view refetch', async () => {
    let marked = false;
    const bodies: unknown[] = [];
    const who = { id: 1, name: 'Olivia Laurent', email: 'owner@salondesk.demo', username: 'owner' };
    const routes = {
      'POST /login': ok(ownerSession),
      'GET /protected/business/12/customreports/all': () => ok(marked ? [report(2, 'Kept')] : [report(1, 'Doomed'), report(2, 'Kept')]),
      'GET /protected/business/12/deletereport': () =>
        ok({ marked: marked ? [{ report_id: 1, type: 'custom', title: 'Doomed', category_name: null, deleted_at: '2026-03-02T11:00:00.000Z', deletedBy: who }] : [], history: [] }),
      'POST /protected/business/12/deletereport': async (request: Request) => {
        bodies.push(await request.json());
        marked = true;
        const record = { id: 5, report_id: 1, type: 'custom', title: 'Doomed', action: 'mark', at: '2026-03-02T11:00:00.000Z', deletedBy: who };
        return ok({ report_id: 1, type: 'custom', state: 'marked', deleted_at: '2026-03-02T11:00:00.000Z', record });
      },
    };
    const { wrapper } = fakeProvider(routes);
    const { result } = renderHook(
      () => ({
        session: useSession(),
        list: useCustomReports(12),
        deleted: useDeletedReports(12),
        remove: useReportMutation(12, (reports, reportId: number) => reports.deleteReport(12, { report_id: reportId, type: 'custom', action: 'mark' })),
      }),
      { wrapper },
    );
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(result.current.list.data?.map((r) => r.title)).toEqual(['Doomed', 'Kept']));
    expect(result.current.deleted.data?.marked).toEqual([]);

    const outcome = await act(() => result.current.remove.mutateAsync(1));
    expect(outcome.state).toBe('marked');
    expect(bodies).toEqual([{ report_id: 1, type: 'custom', action: 'mark' }]);
    await waitFor(() => expect(result.current.list.data?.map((r) => r.title)).toEqual(['Kept']));
    await waitFor(() => expect(result.current.deleted.data?.marked.map((m) => m.deletedBy?.username)).toEqual(['owner']));
  });
});
