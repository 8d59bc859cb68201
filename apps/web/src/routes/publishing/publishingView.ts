import { BUILD_STEP_LABEL, type BuildStep, type PreviewAddress, previewServes, SITE_VERSION_STATUS_LABEL, type SiteVersion, type SiteVersionStatus } from '@salondesk/core';
import type { BuildLogEntry } from './BuildLog';
import type { PreviewPhase } from './PreviewWebsiteModal';
import type { StatusTone } from '../../ui/StatusBadge';
import type { PreviewReadiness } from '@salondesk/react';

const STATUS_TONE: Record<SiteVersionStatus, StatusTone> = {
  queued: 'neutral',
  building: 'info',
  ready: 'warning',
  live: 'success',
  failed: 'danger',
  superseded: 'neutral',
};

const STEP_TONE: Record<BuildStep, StatusTone> = {
  queued: 'neutral',
  building: 'info',
  ready: 'info',
  live: 'success',
  failed: 'danger',
  rolledBack: 'warning',
};

/** A version's status badge: core's label, a colour. */
export const statusBadge = (status: SiteVersionStatus) => ({ label: SITE_VERSION_STATUS_LABEL[status], tone: STATUS_TONE[status] });

/** Whether a version's build is still under way (more steps will come). */
export const isBuilding = (version: Pick<SiteVersion, 'status'>) => version.status === 'queued' || version.status === 'building';

/** An instant as the business reads it (its time zone): `Nov 24, 2026, 10:02 AM`. */
export const whenIn = (timeZone: string) => (instant: string) => new Date(instant).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });

/** The same with seconds, for a build log's lines. */
const clockIn = (timeZone: string) => (instant: string) => new Date(instant).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone });

/** A version's build log as `ui/BuildLog` shows it, oldest first (keyed by position: a log only grows). */
export const buildLogEntries = (version: Pick<SiteVersion, 'buildLog'>, timeZone: string): BuildLogEntry[] => {
  const clock = clockIn(timeZone);
  return version.buildLog.map((entry, index) => ({
    id: `${index}-${entry.step}`,
    label: BUILD_STEP_LABEL[entry.step],
    tone: STEP_TONE[entry.step],
    message: entry.message === BUILD_STEP_LABEL[entry.step] ? '' : entry.message,
    when: clock(entry.at),
    at: entry.at,
  }));
};

/**
 * The modal's phase: core's poller's state, except that what the version itself already says is
 * shown at once — failed, or, for the version the modal waits for, served where it waits
 * (`previewServes`: live at the live address, built at its preview link), its build log having
 * said so — rather than ten seconds later at the next check. So the waiting text shows only while
 * the site is not ready.
 */
export const previewPhase = (readiness: PreviewReadiness, version: Pick<SiteVersion, 'status' | 'buildLog'> | null, waitsFor: PreviewAddress | null): PreviewPhase => {
  if (version?.status === 'failed') return 'failed';
  if (version && waitsFor && previewServes(version, waitsFor)) return 'ready';
  if (readiness.state === 'idle') return 'waiting';
  return readiness.state;
};

/** Where a kind of site's versions are named on screen. */
export const versionName = (version: Pick<SiteVersion, 'kind' | 'number'>) => `${version.kind === 'app' ? 'App' : 'Website'} version ${version.number}`;
