import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { text } from '../models/input';
import {
  MEDIA_LIMITS,
  type MediaUploadFields,
  mediaDelete,
  mediaDeleteTag,
  mediaImage,
  mediaLibrary,
  mediaQuery,
  mediaRename,
  mediaRendition,
  mediaSetTags,
  mediaUploadFields,
} from '../models/media';
import { defineEndpoint } from './endpoint';
import type { Transport, UploadOptions } from './transport';

/**
 * The media library (spec 001 §7 Media, "media server": getallimages, uploader, deleteimage,
 * updatename, updatetag, deletetag; issue 18). Served under its own base URL, `MEDIA_BASE`, by a
 * separate server plugin so it can run apart from the rest of the API. Reading needs only access
 * to the business (staff photos and service images are chosen from it); every change needs
 * `setting.editsetting`. The files themselves are served from signed addresses (`file`).
 */
export const MEDIA_BASE = '/media';
const B = `${MEDIA_BASE}/business/{id}`;
const business = z.object({ id });

export const mediaEndpoints = {
  list: defineEndpoint({
    name: 'media.getallimages',
    method: 'GET',
    path: `${B}/getallimages`,
    access: 'business',
    params: business,
    query: mediaQuery,
    /** Newest first; `tags` lists every tag of the library with its count, whatever the filter. */
    response: mediaLibrary,
    errorMessage: MESSAGES.failedToFetchDataBang,
  }),
  upload: defineEndpoint({
    name: 'media.uploader',
    method: 'POST',
    path: `${B}/uploader`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    /** The parts besides the file (`file`, at most 20 MB): a display name, tags separated by commas. */
    body: mediaUploadFields,
    upload: { field: 'file', maxBytes: MEDIA_LIMITS.maxBytes },
    response: mediaImage,
    errorMessage: MESSAGES.failedToUpload,
    successMessage: MESSAGES.addedSuccessfully,
  }),
  remove: defineEndpoint({
    name: 'media.deleteimage',
    method: 'POST',
    path: `${B}/deleteimage`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    /** Refused (409) while the image is used anywhere (its `usedIn`). */
    body: mediaDelete,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteBang,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  rename: defineEndpoint({
    name: 'media.updatename',
    method: 'POST',
    path: `${B}/updatename`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: mediaRename,
    response: mediaImage,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  setTags: defineEndpoint({
    name: 'media.updatetag',
    method: 'POST',
    path: `${B}/updatetag`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    /** The image's tags become exactly these (new names become tags of the library). */
    body: mediaSetTags,
    response: mediaImage,
    errorMessage: MESSAGES.failedToUpdateBang,
    successMessage: MESSAGES.updatedSuccessfully,
  }),
  removeTag: defineEndpoint({
    name: 'media.deletetag',
    method: 'POST',
    path: `${B}/deletetag`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    /** The tag leaves the library and every image that had it; the images stay. */
    body: mediaDeleteTag,
    response: z.object({ id }),
    errorMessage: MESSAGES.failedToDeleteBang,
    successMessage: MESSAGES.deletedSuccessfully,
  }),
  file: defineEndpoint({
    name: 'media.file',
    method: 'GET',
    path: `${MEDIA_BASE}/file/{mediaId}/{rendition}`,
    access: 'public',
    params: z.object({ mediaId: id, rendition: mediaRendition }),
    /** `s`: the signature `mediaUrl` adds; without the right one, 404. */
    query: z.object({ s: text(64) }),
    /** The image itself. */
    response: z.unknown(),
    download: true,
    errorMessage: MESSAGES.mediaLinkInvalid,
  }),
} as const;

/** Whether an endpoint belongs to the media server (served by its own plugin). */
export const isMediaEndpoint = (endpoint: { path: string }): boolean => endpoint.path.startsWith(`${MEDIA_BASE}/`);

export function mediaClient(transport: Transport) {
  const e = mediaEndpoints;
  return {
    /** The library: images newest first (a tag or words in the name narrow it) and every tag. */
    list: (businessId: number, query: z.input<typeof mediaQuery> = {}) => transport.request(e.list, { params: { id: businessId }, query }),
    /** Uploads one image (`file` at most 20 MB), with progress: `upload(1, file, { tags: 'staff' }, { onProgress })`. */
    upload: async (businessId: number, file: Blob, fields: MediaUploadFields = {}, options?: UploadOptions) =>
      (await transport.upload(e.upload, { params: { id: businessId }, body: fields }, file, options)).data,
    remove: (businessId: number, imageId: number) => transport.request(e.remove, { params: { id: businessId }, body: { imageId } }),
    rename: (businessId: number, imageId: number, name: string) => transport.request(e.rename, { params: { id: businessId }, body: { imageId, name } }),
    setTags: (businessId: number, imageId: number, tags: readonly string[]) => transport.request(e.setTags, { params: { id: businessId }, body: { imageId, tags: [...tags] } }),
    removeTag: (businessId: number, tagId: number) => transport.request(e.removeTag, { params: { id: businessId }, body: { tagId } }),
  };
}
