import { ok, ownerSession } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useEmbedAddress, useQuestionCards, useSaveQuestionCard } from './useQuestions';
import { useSession } from './useSession';

const card = (id: number, name: string) => ({
  id,
  business_id: 12,
  name,
  description: '',
  source: { kind: 'function', name: 'sales_by_staff' },
  params: {},
  visualization: { display: 'table' },
  metabase_id: null,
  created_by: 1,
  updated_at: '2026-03-02T10:00:00.000Z',
});

describe('questions hooks', () => {
  it('asks for a new embed address a minute before the old one expires, so the frame never opens an expired token', async () => {
    let asked = 0;
    const routes = {
      'POST /login': ok(ownerSession),
      'GET /protected/business/12/customreport/7/embed': () => {
        asked += 1;
        // Expires in 61.5 s: renewed about 1.5 s from now.
        return ok({ url: `/metabase-standin/embed/question/token-${asked}#bordered=true&titled=true`, expires_at: new Date(Date.now() + 61_500).toISOString(), provider: 'standin', title: 'Embedded' });
      },
    };
    const { wrapper } = fakeProvider(routes);
    const { result } = renderHook(() => ({ session: useSession(), address: useEmbedAddress(12, 7) }), { wrapper });
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(result.current.address.data?.url).toContain('token-1'));
    await waitFor(() => expect(result.current.address.data?.url).toContain('token-2'), { timeout: 6_000 });
    expect(asked).toBe(2);
  });

  it('refetches the cards after one is added', async () => {
    let cards = [card(1, 'Sales by staff')];
    const routes = {
      'POST /login': ok(ownerSession),
      'GET /protected/business/12/card': () => ok(cards),
      'POST /protected/business/12/card/new': async (request: Request) => {
        const body = (await request.json()) as { name: string };
        const added = card(2, body.name);
        cards = [...cards, added];
        return ok(added);
      },
    };
    const { wrapper } = fakeProvider(routes);
    const { result } = renderHook(() => ({ session: useSession(), list: useQuestionCards(12), save: useSaveQuestionCard(12) }), { wrapper });
    await act(() => result.current.session.login({ username: 'o', password: 'p' }));
    await waitFor(() => expect(result.current.list.data?.map((c) => c.name)).toEqual(['Sales by staff']));
    await act(() =>
      result.current.save.mutateAsync({ create: { name: 'Tips', source: { kind: 'function', name: 'tips_by_staff' }, visualization: { display: 'table' } } }),
    );
    await waitFor(() => expect(result.current.list.data?.map((c) => c.name)).toEqual(['Sales by staff', 'Tips']));
  });
});
