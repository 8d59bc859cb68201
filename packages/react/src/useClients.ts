import type { ClientProfile, ClientTag, SalondeskClient, TagWithUse, UpdateClientBody } from '@salondesk/core';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSalondeskContext } from './SalondeskProvider';

/** The client list's query as the screen keeps it (empty values are dropped before sending). */
export type ClientListInput = Record<string, string | number | boolean | undefined | null>;

/**
 * Query keys and fetchers for a location's clients and its network's tags, under
 * `clientQueries.business(id)`, so an edit, a merge, an erasure or a tag change refreshes every
 * list and profile of the location.
 */
export const clientQueries = {
  all: () => ['salondesk', 'clients'] as const,
  business: (businessId: number) => [...clientQueries.all(), businessId] as const,
  list: (client: SalondeskClient, businessId: number, query: ClientListInput) =>
    queryOptions({ queryKey: [...clientQueries.business(businessId), 'list', query] as const, queryFn: () => client.clients.list(businessId, query) }),
  profile: (client: SalondeskClient, businessId: number, clientId: number) =>
    queryOptions({ queryKey: [...clientQueries.business(businessId), 'profile', clientId] as const, queryFn: () => client.clients.get(businessId, clientId) }),
  visits: (client: SalondeskClient, businessId: number, clientId: number, page: number) =>
    queryOptions({ queryKey: [...clientQueries.business(businessId), 'visits', clientId, page] as const, queryFn: () => client.clients.visits(businessId, clientId, { page }) }),
  duplicates: (client: SalondeskClient, businessId: number, clientId: number) =>
    queryOptions({ queryKey: [...clientQueries.business(businessId), 'duplicates', clientId] as const, queryFn: () => client.clients.duplicates(businessId, clientId) }),
  tags: (client: SalondeskClient, businessId: number) =>
    queryOptions({ queryKey: [...clientQueries.business(businessId), 'tags'] as const, queryFn: () => client.clients.getTags(businessId) }),
};

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** A page of the client list (the previous page stays on screen while the next loads). */
export function useClientList(businessId: number, query: ClientListInput, enabled = true) {
  const { client } = useSalondeskContext('useClientList');
  return useQuery({ ...clientQueries.list(client, businessId, query), enabled: enabled && valid(businessId), placeholderData: keepPreviousData });
}

/** A client's profile; idle without an id. */
export function useClientProfile(businessId: number, clientId: number) {
  const { client } = useSalondeskContext('useClientProfile');
  return useQuery({ ...clientQueries.profile(client, businessId, clientId), enabled: valid(businessId) && valid(clientId) });
}

/** A page of a client's visits with their tickets. */
export function useClientVisits(businessId: number, clientId: number, page: number) {
  const { client } = useSalondeskContext('useClientVisits');
  return useQuery({ ...clientQueries.visits(client, businessId, clientId, page), enabled: valid(businessId) && valid(clientId), placeholderData: keepPreviousData });
}

/** Possible duplicates of a client; idle until `enabled`. */
export function useClientDuplicates(businessId: number, clientId: number, enabled = true) {
  const { client } = useSalondeskContext('useClientDuplicates');
  return useQuery({ ...clientQueries.duplicates(client, businessId, clientId), enabled: enabled && valid(businessId) && valid(clientId) });
}

/** The network's tags with how many clients carry each. */
export function useClientTags(businessId: number) {
  const { client } = useSalondeskContext('useClientTags');
  return useQuery({ ...clientQueries.tags(client, businessId), enabled: valid(businessId) });
}

/** Invalidates everything of the location's clients after a change (the profile answered is set first). */
function useRefresh(businessId: number) {
  const { client } = useSalondeskContext('useClientMutations');
  const queryClient = useQueryClient();
  return {
    client,
    done: async (profile?: ClientProfile) => {
      if (profile) queryClient.setQueryData(clientQueries.profile(client, businessId, profile.id).queryKey, profile);
      await queryClient.invalidateQueries({ queryKey: clientQueries.business(businessId) });
    },
  };
}

/** Saves a change to a client: `mutate({ notes: 'Prefers mornings' })`. */
export function useUpdateClient(businessId: number, clientId: number) {
  const { client, done } = useRefresh(businessId);
  return useMutation({ mutationFn: (body: UpdateClientBody) => client.clients.update(businessId, clientId, body), onSuccess: done });
}

/** Merges duplicates into the client: `mutate([43, 44])`. */
export function useMergeClients(businessId: number, clientId: number) {
  const { client, done } = useRefresh(businessId);
  return useMutation({ mutationFn: (duplicates: number[]) => client.clients.merge(businessId, clientId, duplicates), onSuccess: done });
}

/** Erases the client's personal data (tickets kept). */
export function useEraseClient(businessId: number, clientId: number) {
  const { client, done } = useRefresh(businessId);
  return useMutation({ mutationFn: () => client.clients.erase(businessId, clientId), onSuccess: done });
}

/** Everything kept about the client, fetched on demand (to save as a file). */
export function useClientPersonalData(businessId: number, clientId: number) {
  const { client } = useSalondeskContext('useClientPersonalData');
  return useMutation({ mutationFn: () => client.clients.personalData(businessId, clientId) });
}

/** Sets a client's tags to exactly `tagIds`. */
export function useSetClientTags(businessId: number, clientId: number) {
  const { client, done } = useRefresh(businessId);
  return useMutation({ mutationFn: (tagIds: number[]): Promise<ClientTag[]> => client.clients.setTags(businessId, clientId, tagIds), onSuccess: () => done() });
}

/** Creates, renames/recolours or deletes a tag of the network. */
export function useTagMutations(businessId: number) {
  const { client, done } = useRefresh(businessId);
  const after = () => done();
  return {
    create: useMutation({ mutationFn: (body: { name: string; color?: string }): Promise<TagWithUse> => client.clients.createTag(businessId, body), onSuccess: after }),
    update: useMutation({ mutationFn: ({ tagId, ...body }: { tagId: number; name?: string; color?: string }) => client.clients.updateTag(businessId, tagId, body), onSuccess: after }),
    remove: useMutation({ mutationFn: (tagId: number) => client.clients.deleteTag(businessId, tagId), onSuccess: after }),
  };
}
