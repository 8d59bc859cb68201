import { MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { epayQueries } from './epayQueries';
import { fakeProvider } from './testing/fakeProvider';
import { useEpayMutations, useEpaySettings } from './useEpay';

const settings = (domains: string[]) => ({
  'epay.recurring.enabled': false,
  'epay.weborder.enabled': true,
  'epay.weborder.provider': 'stripe',
  websites: ['https://luxe.example/'],
  domains,
  account: 'acct_demo_0003',
  ably: { configured: false, keyName: null, updated_at: null },
  updated_at: null,
});

describe('epay hooks', () => {
  it('a saved allow-list replaces the cached one with the list as kept; a refusal leaves it and gives the reason', async () => {
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/epaysettings/get': () => ok(settings(['luxe.example'])),
      'POST /protected/business/3/domains/update': async (request) =>
        ((await request.json()) as { domains: string[] }).domains.includes('bad.example') ? fail(400, MESSAGES.invalidRequest) : ok({ domains: ['luxe.example', 'xn--bcher-kva.example'] }, MESSAGES.domainsUpdated),
    });
    const { result } = renderHook(() => ({ settings: useEpaySettings(3), m: useEpayMutations(3) }), { wrapper });
    await waitFor(() => expect(result.current.settings.data?.domains).toEqual(['luxe.example']));
    await act(() => result.current.m.domains.mutateAsync(['luxe.example', 'Bücher.example']));
    expect(queryClient.getQueryData(epayQueries.settings(client, 3).queryKey)?.domains).toEqual(['luxe.example', 'xn--bcher-kva.example']);
    await expect(result.current.m.domains.mutateAsync(['bad.example'])).rejects.toMatchObject({ status: 400 });
    expect(queryClient.getQueryData(epayQueries.settings(client, 3).queryKey)?.domains).toEqual(['luxe.example', 'xn--bcher-kva.example']);
  });

  it('setting an Ably key caches only whether one is set', async () => {
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/epaysettings/get': () => ok(settings([])),
      'POST /protected/business/3/ablysettings/update': () => ok({ configured: true, keyName: 'app.key', updated_at: '2026-03-01T10:00:00.000Z' }),
    });
    const { result } = renderHook(() => ({ settings: useEpaySettings(3), m: useEpayMutations(3) }), { wrapper });
    await waitFor(() => expect(result.current.settings.data).toBeDefined());
    await act(() => result.current.m.ably.mutateAsync({ key: 'app.key:secret' }));
    const cached = queryClient.getQueryData(epayQueries.settings(client, 3).queryKey);
    expect(cached?.ably).toEqual({ configured: true, keyName: 'app.key', updated_at: '2026-03-01T10:00:00.000Z' });
    expect(JSON.stringify(cached)).not.toContain('secret');
  });
});
