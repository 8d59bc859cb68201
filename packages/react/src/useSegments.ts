import type { SegmentChanges, SegmentInput, SegmentQuery } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { segmentQueries } from './segmentQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** The segments of a location this user may see. */
export function useSegments(businessId: number) {
  const { client } = useSalondeskContext('useSegments');
  return useQuery({ ...segmentQueries.list(client, businessId), enabled: valid(businessId) });
}

/** One segment (`segmentId` 0: none, for a new one). */
export function useSegment(businessId: number, segmentId: number) {
  const { client } = useSalondeskContext('useSegment');
  return useQuery({ ...segmentQueries.detail(client, businessId, segmentId), enabled: valid(businessId) && valid(segmentId) });
}

/** The live count of a tree while it is edited (and the first few clients). Off while `enabled` is false (a tree that does not parse). */
export function useSegmentCount(businessId: number, input: { query_parameters: SegmentQuery; businessList?: number[]; segmentId?: number }, enabled = true) {
  const { client } = useSalondeskContext('useSegmentCount');
  return useQuery({ ...segmentQueries.count(client, businessId, input), enabled: enabled && valid(businessId) });
}

/** Users who can see the location, who may be named editors (users with `customer` only). */
export function useSegmentEditorCandidates(businessId: number, enabled = true) {
  const { client } = useSalondeskContext('useSegmentEditorCandidates');
  return useQuery({ ...segmentQueries.editorCandidates(client, businessId), enabled: enabled && valid(businessId) });
}

/** The network's tags a tag condition may name (empty for users who may not read tags). */
export function useSegmentTags(businessId: number) {
  const { client } = useSalondeskContext('useSegmentTags');
  return useQuery({ ...segmentQueries.tags(client, businessId), enabled: valid(businessId), retry: false });
}

/** Create, update, remove, copy, editors and the cache of a location's segments; each refreshes the location's segment queries. */
export function useSegmentMutations(businessId: number) {
  const { client } = useSalondeskContext('useSegmentMutations');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: segmentQueries.business(businessId) });
  return {
    create: useMutation({ mutationFn: (body: SegmentInput) => client.segments.create(businessId, body), onSuccess: refresh }),
    update: useMutation({ mutationFn: ({ segmentId, changes }: { segmentId: number; changes: SegmentChanges }) => client.segments.update(businessId, segmentId, changes), onSuccess: refresh }),
    // The deleted segment's own query is dropped, not refetched (a screen still showing it would read a 404).
    remove: useMutation({
      mutationFn: (segmentId: number) => client.segments.remove(businessId, segmentId),
      onSuccess: (_result, segmentId) => {
        queryClient.removeQueries({ queryKey: segmentQueries.detail(client, businessId, segmentId).queryKey });
        return queryClient.invalidateQueries({ queryKey: segmentQueries.business(businessId), refetchType: 'none' });
      },
    }),
    copy: useMutation({
      mutationFn: ({ segmentId, businessIds }: { segmentId: number; businessIds: number[] }) => client.segments.copy(businessId, segmentId, businessIds),
      onSuccess: (_result, { businessIds }) => Promise.all([refresh(), ...businessIds.map((id) => queryClient.invalidateQueries({ queryKey: segmentQueries.business(id) }))]),
    }),
    setEditors: useMutation({
      mutationFn: (changes: { segmentId: number; userId: number; canEdit: boolean }[]) => client.segments.setEditors(businessId, { changes }),
      onSuccess: refresh,
    }),
    updateCache: useMutation({
      mutationFn: (body: { segmentId: number; businessId: number; value: number }) => client.segments.updateCache(businessId, body),
      onSuccess: refresh,
    }),
  };
}
