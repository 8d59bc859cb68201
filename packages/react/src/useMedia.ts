import type { MediaImage, MediaUploadFields } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueQueries } from './catalogueQueries';
import { mediaQueries } from './mediaQueries';
import { useSalondeskContext } from './SalondeskProvider';
import { staffQueries } from './staffQueries';

const valid = (id: number) => Number.isInteger(id) && id > 0;

/** The business's media library, or the part of it with a tag or words in the name. */
export function useMediaLibrary(businessId: number, filter: { tag?: string; search?: string } = {}) {
  const { client } = useSalondeskContext('useMediaLibrary');
  return useQuery({ ...mediaQueries.library(client, businessId, filter), enabled: valid(businessId) });
}

/** What one upload is given: the file, its fields, and where its progress goes (bytes sent, total). */
export interface ImageUpload {
  file: File;
  fields?: MediaUploadFields;
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
}

/** Uploads one image with progress; the library refetches. A refusal (type, size, name) is the server's message. */
export function useUploadImage(businessId: number) {
  const { client } = useSalondeskContext('useUploadImage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, fields, onProgress, signal }: ImageUpload) => client.media.upload(businessId, file, fields, { filename: file.name, onProgress, signal }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueries.business(businessId) }),
  });
}

/** Every change of the library besides uploads. */
export type MediaChange =
  | { kind: 'rename'; imageId: number; name: string }
  | { kind: 'setTags'; imageId: number; tags: readonly string[] }
  | { kind: 'remove'; imageId: number }
  | { kind: 'removeTag'; tagId: number };

/** Renames, retags or deletes an image, or deletes a tag: `mutate({ kind: 'rename', imageId, name })`; the library refetches. */
export function useMediaChange(businessId: number) {
  const { client } = useSalondeskContext('useMediaChange');
  const queryClient = useQueryClient();
  const media = client.media;
  return useMutation({
    mutationFn: (change: MediaChange): Promise<MediaImage | { id: number }> => {
      switch (change.kind) {
        case 'rename':
          return media.rename(businessId, change.imageId, change.name);
        case 'setTags':
          return media.setTags(businessId, change.imageId, change.tags);
        case 'remove':
          return media.remove(businessId, change.imageId);
        case 'removeTag':
          return media.removeTag(businessId, change.tagId);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: mediaQueries.business(businessId) }),
  });
}

/**
 * Sets (or clears, with null) a staff member's photo from the library; the staff lists and the
 * library ("used in") refetch.
 */
export function useChooseStaffPhoto(businessId: number) {
  const { client } = useSalondeskContext('useChooseStaffPhoto');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, imageId }: { staffId: number; imageId: number | null }) => client.staff.updateProperty(businessId, staffId, 'photo_media_id', imageId),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: staffQueries.business(businessId) }), queryClient.invalidateQueries({ queryKey: mediaQueries.business(businessId) })]),
  });
}

/** Sets (or clears) a service's image from the library; the catalogue and the library refetch. */
export function useChooseServiceImage(businessId: number) {
  const { client } = useSalondeskContext('useChooseServiceImage');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ serviceId, imageId }: { serviceId: number; imageId: number | null }) => client.catalogue.updateService(businessId, serviceId, { image_media_id: imageId }),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: catalogueQueries.business(businessId) }), queryClient.invalidateQueries({ queryKey: mediaQueries.business(businessId) })]),
  });
}
