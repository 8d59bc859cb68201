import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { id } from '../models/ids';
import { text } from '../models/input';
import { previewCheck, previewLink, type PublishInput, publishInput, type SiteKind, siteKind, siteVersion, siteVersionList } from '../models/publishing';
import { defineEndpoint } from './endpoint';
import type { Transport } from './transport';

/**
 * Website and app publishing (spec 000 §1, §4, §7 `checkwebsitepreview`; issue 17). A publish
 * makes a new version (`queued`), built by a job (`building` → `ready`) and, unless asked to stay
 * a draft, made live; the build's steps arrive live on the socket. Any kept version that was built
 * can be made live again (rollback); a draft or a failed version can be deleted. The live site is
 * served at `/sites/{webcode}/` (the app at `/sites/{webcode}/app/`), a version's preview at an
 * unguessable, expiring `/sites/adminpreview/{token}/`.
 *
 * Reading needs `setting.viewsetting`; publishing, making live and deleting, `setting.editsetting`.
 */
const P = '/protected/business/{id}';
const business = z.object({ id });
const ofVersion = z.object({ id, versionId: id });

export const publishingEndpoints = {
  publishWebsite: defineEndpoint({
    name: 'publishing.publishWebsite',
    method: 'POST',
    path: `${P}/website/publish`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: publishInput,
    /** The new version, `queued`, with its preview address and the first line of its log. */
    response: siteVersion,
    errorMessage: MESSAGES.websitePublishFailed,
    successMessage: MESSAGES.publishQueued,
  }),
  publishApp: defineEndpoint({
    name: 'publishing.publishApp',
    method: 'POST',
    path: `${P}/app/publish`,
    access: 'business',
    permission: 'setting.editsetting',
    params: business,
    body: publishInput,
    /** The new app version ("mobile app deploy"), `queued`. */
    response: siteVersion,
    errorMessage: MESSAGES.appDeployFailed,
    successMessage: MESSAGES.publishQueued,
  }),
  versions: defineEndpoint({
    name: 'publishing.versions',
    method: 'GET',
    path: `${P}/site/versions`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    query: z.object({ kind: siteKind }),
    /** The kept versions of that kind, newest first (without their logs), the live one and the site's address. */
    response: siteVersionList,
    errorMessage: MESSAGES.failedToFetchSiteVersions,
  }),
  version: defineEndpoint({
    name: 'publishing.version',
    method: 'GET',
    path: `${P}/site/versions/{versionId}`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: ofVersion,
    /** One version with its whole build log. */
    response: siteVersion,
    errorMessage: MESSAGES.failedToFetchSiteVersions,
  }),
  makeLive: defineEndpoint({
    name: 'publishing.makeLive',
    method: 'POST',
    path: `${P}/site/versions/{versionId}/live`,
    access: 'business',
    permission: 'setting.editsetting',
    params: ofVersion,
    /** The version, now live (the one that was live becomes an earlier version): a draft published, or a rollback. */
    response: siteVersion,
    errorMessage: MESSAGES.failedToMakeVersionLive,
    successMessage: MESSAGES.siteVersionLive,
  }),
  remove: defineEndpoint({
    name: 'publishing.remove',
    method: 'POST',
    path: `${P}/site/versions/{versionId}/delete`,
    access: 'business',
    permission: 'setting.editsetting',
    params: ofVersion,
    /** A draft (`ready`) or a failed version, removed with its files. */
    response: z.object({ deleted: id }),
    errorMessage: MESSAGES.failedToUpdate,
    successMessage: MESSAGES.siteVersionDeleted,
  }),
  createPreview: defineEndpoint({
    name: 'publishing.createPreview',
    method: 'POST',
    path: `${P}/site/versions/{versionId}/preview`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: ofVersion,
    /** A fresh preview address of the version, valid for `PREVIEW_LINK_HOURS`. */
    response: previewLink,
    errorMessage: MESSAGES.failedToCreatePreviewLink,
  }),
  checkPreview: defineEndpoint({
    name: 'publishing.checkPreview',
    method: 'GET',
    path: `${P}/checkwebsitepreview`,
    access: 'business',
    permission: 'setting.viewsetting',
    params: business,
    query: z.object({ url: text(2000, { min: 1 }) }),
    /** Whether that address (a preview or the live site) serves the version it should yet (spec 000 §7). */
    response: previewCheck,
    errorMessage: MESSAGES.failedToCheckPreview,
  }),
} as const;

export function publishingClient(transport: Transport) {
  const e = publishingEndpoints;
  const params = (businessId: number) => ({ id: businessId });
  const ofVersion = (businessId: number, versionId: number) => ({ id: businessId, versionId });
  return {
    /** `client.publishing.publishWebsite(1)` → the new version, `queued`; `{ makeLive: false }` keeps it as a draft. */
    publishWebsite: (businessId: number, body: PublishInput = {}) => transport.request(e.publishWebsite, { params: params(businessId), body }),
    /** `client.publishing.publishApp(1)` → the new app version, `queued`. */
    publishApp: (businessId: number, body: PublishInput = {}) => transport.request(e.publishApp, { params: params(businessId), body }),
    /** `client.publishing.versions(1, 'website')` → `{ kind, webcode, url, liveVersionId, versions: [...] }`. */
    versions: (businessId: number, kind: SiteKind) => transport.request(e.versions, { params: params(businessId), query: { kind } }),
    /** `client.publishing.version(1, 42)` → the version with its build log. */
    version: (businessId: number, versionId: number) => transport.request(e.version, { params: ofVersion(businessId, versionId) }),
    /** `client.publishing.makeLive(1, 40)`: publish a draft, or roll back to an earlier version. */
    makeLive: (businessId: number, versionId: number) => transport.request(e.makeLive, { params: ofVersion(businessId, versionId) }),
    /** `client.publishing.remove(1, 41)`: delete a draft or a failed version. */
    remove: (businessId: number, versionId: number) => transport.request(e.remove, { params: ofVersion(businessId, versionId) }),
    /** `client.publishing.createPreview(1, 42)` → `{ versionId, url: 'https://…/sites/adminpreview/…/', expiresAt }`. */
    createPreview: (businessId: number, versionId: number) => transport.request(e.createPreview, { params: ofVersion(businessId, versionId) }),
    /** `client.publishing.checkPreview(1, url)` → `{ ready, versionId, status }`. */
    checkPreview: (businessId: number, url: string) => transport.request(e.checkPreview, { params: params(businessId), query: { url } }),
  };
}
