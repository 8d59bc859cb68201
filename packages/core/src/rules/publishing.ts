import { MESSAGES } from '../messages';
import type { BuildStep, PreviewCheck, SiteVersionStatus } from '../models/publishing';

/** The preview's readiness check (spec 000 §9): up to 6 tries, 10 seconds apart. */
export const PREVIEW_CHECK = { tries: 6, intervalMs: 10_000 } as const;

/** How many versions of each kind a business keeps (the newest; never the live one). */
export const VERSIONS_KEPT = 20;

/** How long a preview link works. */
export const PREVIEW_LINK_HOURS = 24;

/** The word a preview's path carries (spec 000 §2: paths with it bypass the business check). */
export const PREVIEW_PATH_WORD = 'adminpreview';

/** Where sites are served by the API: `/sites/{webcode}/`, an app at `/sites/{webcode}/app/`, previews at `/sites/adminpreview/{token}/`. */
export const SITES_PATH = '/sites';
export const APP_SUBPATH = 'app';

/** What the readiness poller says at each step, with the spec's messages. */
export type PreviewPollState =
  | { state: 'waiting'; /** 1-based: the check that just said "not yet". */ attempt: number; tries: number; nextCheckAt: Date; message: typeof MESSAGES.websiteNotReadyYet }
  | { state: 'ready'; attempt: number }
  | { state: 'failed'; attempt: number; message: typeof MESSAGES.websitePublishFailed }
  | { state: 'gaveUp'; attempt: number; message: typeof MESSAGES.previewNotReady };

/** What one check answers (`checkwebsitepreview`): ready, or not yet, or the build failed. */
export interface PreviewCheckResult {
  ready: boolean;
  status?: SiteVersionStatus | null;
}

export interface PollPreviewOptions {
  /** One readiness check; a check that throws counts as "not yet". */
  check: () => Promise<PreviewCheckResult>;
  /** Waits `ms` (a fake clock in tests). */
  sleep: (ms: number) => Promise<void>;
  now: () => Date;
  tries?: number;
  intervalMs?: number;
  /** Stops polling (the modal closed): the poller ends without another state. */
  signal?: AbortSignal;
}

/**
 * The Preview Website modal's readiness poller (spec 000 §4, §9): checks up to `PREVIEW_CHECK.tries`
 * times, `PREVIEW_CHECK.intervalMs` apart, yielding `waiting` (show "Please wait... Your website will
 * be ready in few minutes.") after each "not yet", then `ready`, or `failed` ("Oops, we couldn't
 * publish your website.") when the build failed, or `gaveUp` ("Please check preview after some
 * time.") after the last try. Pure: the check, the clock and the sleep are given.
 */
export async function* pollPreview(options: PollPreviewOptions): AsyncGenerator<PreviewPollState, void, undefined> {
  const tries = options.tries ?? PREVIEW_CHECK.tries;
  const intervalMs = options.intervalMs ?? PREVIEW_CHECK.intervalMs;
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (options.signal?.aborted) return;
    let result: PreviewCheckResult;
    try {
      result = await options.check();
    } catch {
      result = { ready: false };
    }
    if (options.signal?.aborted) return;
    if (result.ready) {
      yield { state: 'ready', attempt };
      return;
    }
    if (result.status === 'failed') {
      yield { state: 'failed', attempt, message: MESSAGES.websitePublishFailed };
      return;
    }
    if (attempt === tries) break;
    yield { state: 'waiting', attempt, tries, nextCheckAt: new Date(options.now().getTime() + intervalMs), message: MESSAGES.websiteNotReadyYet };
    await options.sleep(intervalMs);
  }
  if (options.signal?.aborted) return;
  yield { state: 'gaveUp', attempt: tries, message: MESSAGES.previewNotReady };
}

/**
 * Which address a preview shows: the version's own preview link (served once the version is
 * built), or the site's live address (served once the version is live).
 */
export type PreviewAddress = 'preview' | 'live';

/**
 * Whether the preview's address already serves the version, as the version itself says (issue 28):
 * its status, or — before the version is read again — the latest step its live build log shows.
 * A preview link serves a built version (`ready`, `live`, `superseded`, or a log whose latest step
 * is Ready or Live); the live address only a live one (`live`, or a build still under way whose
 * latest step is Live). The modal then shows the site at once, not the waiting text until the next
 * check ten seconds later.
 */
export function previewServes(version: { status: SiteVersionStatus; buildLog: readonly { step: BuildStep }[] }, address: PreviewAddress): boolean {
  const latest = version.buildLog.at(-1)?.step;
  const underWay = version.status === 'queued' || version.status === 'building' || version.status === 'ready';
  if (address === 'live') return version.status === 'live' || (underWay && latest === 'live');
  return siteVersionCan.preview(version) || (underWay && (latest === 'ready' || latest === 'live'));
}

/** What may be done with a version in each status (the states are listed, so screens can say why not). */
export const siteVersionCan = {
  /** Make it live (publish a draft, or roll back to an earlier version). */
  makeLive: Object.assign((v: { status: SiteVersionStatus }) => siteVersionCan.makeLive.states.includes(v.status), {
    states: ['ready', 'superseded'] as readonly SiteVersionStatus[],
  }),
  /** Delete it: a draft or a failed build (earlier live versions stay, for rollback, until pruned). */
  remove: Object.assign((v: { status: SiteVersionStatus }) => siteVersionCan.remove.states.includes(v.status), {
    states: ['ready', 'failed'] as readonly SiteVersionStatus[],
  }),
  /** Open its preview: it was built. */
  preview: Object.assign((v: { status: SiteVersionStatus }) => siteVersionCan.preview.states.includes(v.status), {
    states: ['ready', 'live', 'superseded'] as readonly SiteVersionStatus[],
  }),
};

/** Whether a version that finished building goes live on its own: only if no newer one is live (two publishes at once end with the newer live). */
export const shouldGoLive = (versionNumber: number, liveNumber: number | null): boolean => liveNumber === null || versionNumber > liveNumber;

/** A version as the live address's check weighs it. */
export interface LiveCheckVersion {
  id: number;
  number: number;
  status: SiteVersionStatus;
  /** Asked to go live as soon as it is built (a publish); false: a draft. */
  makeLive: boolean;
  createdAt: Date;
  /** When it last went live (null: never). */
  liveAt: Date | null;
}

/**
 * What `checkwebsitepreview` answers for a site's live address (`/sites/{webcode}/`): whether it
 * serves the version it should yet. In order:
 * - a publish under way (queued or building, asked to go live, newer than the live version) will
 *   replace what is served: not ready, naming it;
 * - a publish asked for after the live version went live that failed: `failed`, naming it;
 * - otherwise the live version is the one expected — also after a rollback or a draft made live
 *   by hand, whatever newer versions exist: ready, naming it;
 * - nothing live: the newest version asked to go live, not ready (or none at all).
 */
export function liveAddressCheck(versions: readonly LiveCheckVersion[]): PreviewCheck {
  const newestFirst = [...versions].sort((a, b) => b.number - a.number);
  const live = newestFirst.find((v) => v.status === 'live');
  const newerThanLive = (v: LiveCheckVersion) => v.makeLive && (!live || v.number > live.number);
  const pending = newestFirst.find((v) => newerThanLive(v) && (v.status === 'queued' || v.status === 'building'));
  if (pending) return { ready: false, versionId: pending.id, status: pending.status };
  const failed = newestFirst.find((v) => newerThanLive(v) && v.status === 'failed' && (!live?.liveAt || v.createdAt.getTime() > live.liveAt.getTime()));
  if (failed) return { ready: false, versionId: failed.id, status: 'failed' };
  if (live) return { ready: true, versionId: live.id, status: 'live' };
  const asked = newestFirst.find((v) => v.makeLive);
  return asked ? { ready: false, versionId: asked.id, status: asked.status } : { ready: false, versionId: null, status: null };
}

/**
 * The versions to delete so that at most `kept` remain: the oldest by number, never the live one
 * nor one still queued or building. Returns their ids.
 */
export function versionsToPrune<V extends { id: number; number: number; status: SiteVersionStatus }>(versions: readonly V[], kept: number = VERSIONS_KEPT): number[] {
  const untouchable = (v: V) => v.status === 'live' || v.status === 'queued' || v.status === 'building';
  // The live and unfinished versions always stay and take their room first; the newest others fill the rest.
  let room = kept - versions.filter(untouchable).length;
  const prune: number[] = [];
  for (const version of [...versions].sort((a, b) => b.number - a.number)) {
    if (untouchable(version)) continue;
    if (room > 0) room--;
    else prune.push(version.id);
  }
  return prune;
}

/** Path segments a webcode may not be (they name the API's own paths under `/sites/`). */
export const RESERVED_WEBCODES: readonly string[] = [PREVIEW_PATH_WORD, APP_SUBPATH, 'assets', 'api', 'www'];

const WEBCODE = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/** A site code: 1-40 lower-case letters, digits and inner hyphens, not a reserved word. */
export const isWebcode = (value: string): boolean => WEBCODE.test(value) && !RESERVED_WEBCODES.includes(value);

/** A site code made from a business's name (`Luxe Los Angeles` → `luxe-los-angeles`); `site` when nothing is left. */
export function webcodeFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return slug === '' || !isWebcode(slug) ? (slug === '' ? 'site' : `${slug.slice(0, 35)}-site`) : slug;
}

/** The public address of a business's site of `kind`: `{base}/sites/{webcode}/`, the app at `{base}/sites/{webcode}/app/`. */
export function siteUrl(base: string, webcode: string, kind: 'website' | 'app'): string {
  return `${base.replace(/\/+$/, '')}${SITES_PATH}/${webcode}/${kind === 'app' ? `${APP_SUBPATH}/` : ''}`;
}

/** The address of a version's preview: `{base}/sites/adminpreview/{token}/`. */
export const previewUrl = (base: string, token: string): string => `${base.replace(/\/+$/, '')}${SITES_PATH}/${PREVIEW_PATH_WORD}/${token}/`;
