import type { AblySettingsInput, EpaySettings, EpaySettingsInput } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { epayQueries } from './epayQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** A business's epay settings: web orders, recurring, provider, websites, the domain allow-list, the account, whether an Ably key is set. */
export function useEpaySettings(businessId: number, enabled = true) {
  const { client } = useSalondeskContext('useEpaySettings');
  return useQuery({ ...epayQueries.settings(client, businessId), enabled: enabled && valid(businessId) });
}

/** A business's short links with their visits, newest first. */
export function useShortLinks(businessId: number, enabled = true) {
  const { client } = useSalondeskContext('useShortLinks');
  return useQuery({ ...epayQueries.shortLinks(client, businessId), enabled: enabled && valid(businessId) });
}

/**
 * The epay mutations of a business. Each answer replaces the cached settings (or the part of them
 * it is about); a refusal leaves the cache as it was and the caller shows the error.
 * - `update`: web orders, recurring, provider, websites;
 * - `domains`: the whole allow-list (the answer is the list as kept, normalised);
 * - `ably`: sets (`{ key }`) or removes (`{ key: null }`) the Ably key; the answer only says whether one is set;
 * - `shorten` / `bookingLink`: make (or find again) a short link; the list is refetched.
 */
export function useEpayMutations(businessId: number) {
  const { client } = useSalondeskContext('useEpayMutations');
  const queryClient = useQueryClient();
  const key = epayQueries.settings(client, businessId).queryKey;
  const patch = (change: (current: EpaySettings) => EpaySettings) => queryClient.setQueryData<EpaySettings>(key, (current) => (current ? change(current) : current));
  const refreshLinks = () => queryClient.invalidateQueries({ queryKey: epayQueries.shortLinks(client, businessId).queryKey });
  return {
    update: useMutation({
      mutationFn: (body: EpaySettingsInput) => client.epay.update(businessId, body),
      onSuccess: (saved) => queryClient.setQueryData(key, saved),
    }),
    domains: useMutation({
      mutationFn: (domains: string[]) => client.epay.domains(businessId, domains),
      onSuccess: ({ domains }) => patch((current) => ({ ...current, domains })),
    }),
    ably: useMutation({
      mutationFn: (body: AblySettingsInput) => client.epay.ably(businessId, body),
      onSuccess: (ably) => patch((current) => ({ ...current, ably })),
    }),
    shorten: useMutation({
      mutationFn: (url: string) => client.epay.shorten(businessId, url),
      onSuccess: refreshLinks,
    }),
    bookingLink: useMutation({
      mutationFn: (query: { tid: number; rid: number; gzsrc?: string }) => client.epay.bookingLink(businessId, query),
      onSuccess: refreshLinks,
    }),
    /** Opens nothing by itself: resolves to the provider dashboard link for the caller to open. */
    providerDashboard: useMutation({ mutationFn: () => client.epay.providerDashboard(businessId) }),
  };
}
