import { z } from 'zod/mini';
import { id, instant } from './ids';

/**
 * Website and mobile app publishing (spec 000 §1, §2, §4; issue 17): each publish of a business's
 * website or app is a new immutable version, built by a job from the business's own data, then
 * made live; any kept version can be made live again (rollback).
 */

/** What is published: the website, or the installable app (the spec's "mobile app deploy"). */
export const SITE_KIND = { website: 'website', app: 'app' } as const;
export type SiteKind = (typeof SITE_KIND)[keyof typeof SITE_KIND];
export const SITE_KIND_LABEL: Record<SiteKind, string> = { website: 'Website', app: 'Mobile app' };
export const siteKind = z.enum(['website', 'app']);

/**
 * A version's status. `queued` → `building` → `ready` (built; a draft until made live) → `live`;
 * a build that fails is `failed` (the live version stays as it was); a live version replaced by
 * another becomes `superseded` (it can be made live again).
 */
export const SITE_VERSION_STATUS = {
  queued: 'queued',
  building: 'building',
  ready: 'ready',
  live: 'live',
  failed: 'failed',
  superseded: 'superseded',
} as const;
export type SiteVersionStatus = (typeof SITE_VERSION_STATUS)[keyof typeof SITE_VERSION_STATUS];
export const SITE_VERSION_STATUS_LABEL: Record<SiteVersionStatus, string> = {
  queued: 'Queued',
  building: 'Building',
  ready: 'Ready (not live)',
  live: 'Live',
  failed: 'Failed',
  superseded: 'Earlier version',
};
export const siteVersionStatus = z.enum(['queued', 'building', 'ready', 'live', 'failed', 'superseded']);

/** A step of a build, as its log and the live notifications name it. */
export const BUILD_STEP = {
  queued: 'queued',
  building: 'building',
  ready: 'ready',
  live: 'live',
  failed: 'failed',
  rolledBack: 'rolledBack',
} as const;
export type BuildStep = (typeof BUILD_STEP)[keyof typeof BUILD_STEP];
export const BUILD_STEP_LABEL: Record<BuildStep, string> = {
  queued: 'Queued',
  building: 'Building',
  ready: 'Ready',
  live: 'Live',
  failed: 'Failed',
  rolledBack: 'Rolled back',
};
export const buildStep = z.enum(['queued', 'building', 'ready', 'live', 'failed', 'rolledBack']);

/** One line of a version's build log. */
export const buildLogEntry = z.object({
  step: buildStep,
  at: instant,
  message: z.string(),
});
export type BuildLogEntry = z.infer<typeof buildLogEntry>;

/** One version of a business's website or app. */
export const siteVersion = z.object({
  id,
  businessId: id,
  kind: siteKind,
  /** 1, 2, 3, … per business and kind, in the order publishes were asked for. */
  number: z.int(),
  status: siteVersionStatus,
  createdAt: instant,
  /** Who asked for it (their name), or null (the demo data, a deleted user). */
  createdBy: z.nullable(z.string()),
  /** When it was last made live; null if never. */
  liveAt: z.nullable(instant),
  /** The site's public address (`https://…/sites/luxe-los-angeles/`), where it is served while live; null before the business has one. */
  url: z.nullable(z.string()),
  /**
   * The version's own preview address (`…/sites/adminpreview/<token>/`): unguessable, it expires
   * (`PREVIEW_LINK_HOURS`); null when it has none that is still valid, or the build failed.
   */
  previewUrl: z.nullable(z.string()),
  /** When the preview address stops working. */
  previewExpiresAt: z.nullable(instant),
  /** Why the build failed (a failed version only). */
  error: z.nullable(z.string()),
  /** Its build log, oldest first (in the answer of `get` and `publish`; empty in lists). */
  buildLog: z.array(buildLogEntry),
});
export type SiteVersion = z.infer<typeof siteVersion>;

/** The versions of one kind, newest first, and which is live. */
export const siteVersionList = z.object({
  kind: siteKind,
  /** The business's site code (`luxe-los-angeles`), or null before its first publish. */
  webcode: z.nullable(z.string()),
  /** The public address of the live version, or null when none is live. */
  url: z.nullable(z.string()),
  liveVersionId: z.nullable(id),
  versions: z.array(siteVersion),
});
export type SiteVersionList = z.infer<typeof siteVersionList>;

/** Asking for a publish: by default the new version goes live as soon as it is built. */
export const publishInput = z.object({
  /** false: build it and keep it as a draft (`ready`), to preview and make live later. Default true. */
  makeLive: z.optional(z.boolean()),
});
export type PublishInput = z.infer<typeof publishInput>;

/** The answer of `checkwebsitepreview?url`: is that address serving the version it should yet. */
export const previewCheck = z.object({
  /** The address serves the expected version now. */
  ready: z.boolean(),
  /** The version that address shows (or will show); null when the address is not one of the business's. */
  versionId: z.nullable(id),
  /** That version's status (`failed`: it never will be ready). */
  status: z.nullable(siteVersionStatus),
});
export type PreviewCheck = z.infer<typeof previewCheck>;

/** A preview link of a version. */
export const previewLink = z.object({
  versionId: id,
  url: z.string(),
  expiresAt: instant,
});
export type PreviewLink = z.infer<typeof previewLink>;
