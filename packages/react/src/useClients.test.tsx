import { MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { clientQueries, useClientList, useClientProfile, useUpdateClient } from './useClients';

const profile = (notes: string) => ({
  id: 42,
  name: 'Ava Carter',
  firstname: 'Ava',
  lastname: 'Carter',
  phone: '(555) 514-6808',
  phone_type: 'MOBILE',
  email: null,
  birthday: null,
  loyalty_points: 3,
  tags: [],
  created_at: '2026-01-02T18:00:00.000Z',
  erased_at: null,
  visits: 2,
  spend: 9000,
  refunds: 0,
  tips: 500,
  average_spend: 4500,
  first_visit: '2026-01-02',
  last_visit: '2026-02-03',
  last_ticket_id: 7,
  last_staff_id: 1,
  last_staff: 'Mia',
  notes,
  merged_into_id: null,
  merged_from: [],
  cards: [],
  memberships: [],
  location: 'Luxe',
});

describe('client hooks', () => {
  it('sends only the filters that are set, and waits while not enabled', async () => {
    const sent: string[][] = [];
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/clients': (request) => {
        sent.push([...new URL(request.url).searchParams.keys()].sort());
        return ok({ rows: [profile('')], total: 1, page: 1, page_size: 50 });
      },
    });
    const { result, rerender } = renderHook(({ enabled }) => useClientList(3, { q: 'ava', tags: undefined, never_visited: false, sort: 'spend' }, enabled), { wrapper, initialProps: { enabled: false } });
    expect(result.current.fetchStatus).toBe('idle');
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data?.total).toBe(1));
    expect(sent).toEqual([['q', 'sort']]);
  });

  it('an update replaces the cached profile with the answer; a refusal changes nothing', async () => {
    let notes = '';
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/clients/42': () => ok(profile(notes)),
      'POST /protected/business/3/clients/42/update': async (request) => {
        const body = (await request.json()) as { notes?: string };
        if (body.notes === 'x') return fail(409, MESSAGES.clientErasedReadOnly);
        notes = body.notes ?? notes;
        return ok(profile(notes), MESSAGES.updatedSuccessfully);
      },
    });
    const { result } = renderHook(() => ({ profile: useClientProfile(3, 42), update: useUpdateClient(3, 42) }), { wrapper });
    await waitFor(() => expect(result.current.profile.data?.notes).toBe(''));
    await act(() => result.current.update.mutateAsync({ notes: 'Prefers mornings' }));
    expect(queryClient.getQueryData(clientQueries.profile(client, 3, 42).queryKey)?.notes).toBe('Prefers mornings');
    await expect(result.current.update.mutateAsync({ notes: 'x' })).rejects.toMatchObject({ status: 409, message: MESSAGES.clientErasedReadOnly });
    expect(queryClient.getQueryData(clientQueries.profile(client, 3, 42).queryKey)?.notes).toBe('Prefers mornings');
  });
});
