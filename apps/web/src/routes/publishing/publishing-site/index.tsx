import { MESSAGES, PREVIEW_CHECK, type PreviewAddress, type PreviewCheckResult, SITE_KIND_LABEL, siteVersionCan, type SiteKind, type SiteVersion, type SiteVersionList, userCan } from '@salondesk/core';
import { usePreviewReadiness, usePublishingMutations, usePublishSteps, useSession, useSiteVersion, useSiteVersions } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { useDashboardStream } from '../../../app/useDashboardStream';
import { AppInstallInstructions } from './AppInstallInstructions';
import { BuildLog } from '../BuildLog';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { PageHeader } from '../../../ui/PageHeader';
import { PreviewWebsiteModal } from '../PreviewWebsiteModal';
import { Skeleton } from '../../../ui/Skeleton';
import { StatusBadge } from '../../../ui/StatusBadge';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { buildLogEntries, isBuilding, previewPhase, statusBadge, versionName, whenIn } from '../publishingView';
import { useBusinessId } from '../../../app/useBusinessId';

/** What the preview modal shows: an address, the version it should serve (to notice a failed build), and what is already known of it. */
interface PreviewTarget {
  url: string;
  /**
   * Where the version the modal waits for is served — its own preview link (once built) or the
   * site's live address (once live) — so its build log's word shows the site at once; null when
   * the check alone decides (the live site, whatever version it should serve).
   */
  waitsFor: PreviewAddress | null;
  versionId: number | null;
  /** A publish's answer (queued: not ready), counted as the first check. */
  known?: PreviewCheckResult;
}

type Confirm = { action: 'live' | 'delete'; version: SiteVersion; live: SiteVersion | null };

const PREVIEW_MESSAGES = { waiting: MESSAGES.websiteNotReadyYet, gaveUp: MESSAGES.previewNotReady, failed: MESSAGES.websitePublishFailed };

/**
 * `/{businessId}/publishing`: the business's website and app — what is live, publishing a new
 * version (its build log live as it goes, then the Preview Website modal), every kept version
 * (preview, make live again, delete a draft or a failed build), and how clients install the app.
 */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayEdit = user !== undefined && userCan(user, 'setting.editsetting');
  const { timezone, business } = useBusinessDisplay(businessId);
  const websites = useSiteVersions(businessId, 'website');
  const apps = useSiteVersions(businessId, 'app');
  const actions = usePublishingMutations(businessId);
  const stream = useDashboardStream(true);
  const [selected, setSelected] = useState<number | null>(null);
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  usePublishSteps(stream, businessId);

  const newest = websites.data?.versions[0] ?? apps.data?.versions[0];
  const logVersionId = selected ?? newest?.id ?? null;
  const when = whenIn(timezone);

  const publish = (kind: SiteKind) => {
    const mutation = kind === 'website' ? actions.publishWebsite : actions.publishApp;
    mutation.mutate(
      {},
      {
        onSuccess: (version) => {
          setSelected(version.id);
          toasts.success(`${versionName(version)} is queued.`);
          const url = version.previewUrl ?? version.url;
          if (kind === 'website' && url) setPreview({ url, waitsFor: version.previewUrl ? 'preview' : 'live', versionId: version.id, known: { ready: false, status: version.status } });
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  const openPreview = (version: SiteVersion) => {
    if (version.previewUrl && (!version.previewExpiresAt || Date.parse(version.previewExpiresAt) > Date.now())) {
      setPreview({ url: version.previewUrl, waitsFor: 'preview', versionId: version.id });
      return;
    }
    actions.createPreview.mutate(version.id, {
      onSuccess: (link) => setPreview({ url: link.url, waitsFor: 'preview', versionId: link.versionId }),
      onError: (error) => toasts.error(error.message),
    });
  };

  const rowActions = (list: SiteVersionList) => (version: SiteVersion) => {
    const live = list.versions.find((v) => v.id === list.liveVersionId) ?? null;
    const name = versionName(version).toLowerCase();
    return (
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="ghost" aria-label={`Build log of ${name}`} aria-pressed={logVersionId === version.id} onClick={() => setSelected(version.id)}>
          Build log
        </Button>
        {siteVersionCan.preview(version) ? (
          <Button size="sm" variant="ghost" aria-label={`Preview ${name}`} onClick={() => openPreview(version)}>
            Preview
          </Button>
        ) : null}
        {mayEdit && siteVersionCan.makeLive(version) ? (
          <Button size="sm" variant="secondary" aria-label={`${version.status === 'superseded' ? 'Roll back to' : 'Make live'} ${name}`} onClick={() => setConfirm({ action: 'live', version, live })}>
            {version.status === 'superseded' ? 'Roll back' : 'Make live'}
          </Button>
        ) : null}
        {mayEdit && siteVersionCan.remove(version) ? (
          <Button size="sm" variant="ghost" className="text-red-700" aria-label={`Delete ${name}`} onClick={() => setConfirm({ action: 'delete', version, live })}>
            Delete
          </Button>
        ) : null}
      </div>
    );
  };

  const columns = (list: SiteVersionList): DataColumn<SiteVersion>[] => [
    { id: 'number', header: 'Version', value: (v) => v.number, cell: (v) => <span className="font-semibold">Version {v.number}</span>, size: 110, priority: 'always' },
    { id: 'status', header: 'Status', value: (v) => statusBadge(v.status).label, cell: (v) => <StatusBadge {...statusBadge(v.status)} />, size: 150, priority: 'always' },
    { id: 'created', header: 'Published', value: (v) => v.createdAt, cell: (v) => when(v.createdAt), size: 190, priority: 2 },
    { id: 'by', header: 'By', value: (v) => v.createdBy ?? '', cell: (v) => v.createdBy ?? '—', size: 150, priority: 4 },
    { id: 'live', header: 'Last live', value: (v) => v.liveAt ?? '', cell: (v) => (v.liveAt ? when(v.liveAt) : '—'), size: 190, priority: 3 },
    { id: 'actions', header: 'Actions', cell: rowActions(list), size: 330, priority: 1 },
  ];

  const confirmed = () => {
    if (!confirm) return;
    const { action, version } = confirm;
    const done = { onSettled: () => setConfirm(null), onError: (error: Error) => toasts.error(error.message) };
    if (action === 'live') actions.makeLive.mutate(version.id, { ...done, onSuccess: (v) => toasts.success(`${versionName(v)} is live.`) });
    else actions.remove.mutate(version.id, { ...done, onSuccess: () => toasts.success(MESSAGES.siteVersionDeleted) });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Online presence"
        title="Website and app"
        description="Your website and installable app are built from this location's own details, services, staff and hours. Each publish is a new version; the last 20 are kept."
        actions={
          mayEdit ? (
            <>
              <Button onClick={() => publish('website')} loading={actions.publishWebsite.isPending}>
                Publish website
              </Button>
              <Button variant="secondary" onClick={() => publish('app')} loading={actions.publishApp.isPending}>
                Publish app
              </Button>
            </>
          ) : undefined
        }
      />

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <LiveCard kind="website" list={websites} when={when} onPreview={(url, versionId) => setPreview({ url, waitsFor: null, versionId })} />
        <LiveCard kind="app" list={apps} when={when} onPreview={(url, versionId) => setPreview({ url, waitsFor: null, versionId })} />
      </div>

      <section aria-labelledby="build-log-title" className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <BuildLogPanel businessId={businessId} versionId={logVersionId} timeZone={timezone} />
      </section>

      {(['website', 'app'] as const).map((kind) => {
        const list = kind === 'website' ? websites : apps;
        const title = `${SITE_KIND_LABEL[kind]} versions`;
        return (
          <section key={kind} aria-labelledby={`${kind}-versions-title`} className="mt-8">
            <h2 id={`${kind}-versions-title`} className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            <div className="mt-3">
              {list.isError ? (
                <LoadError error={list.error} fallback={MESSAGES.failedToFetchSiteVersions} onRetry={() => void list.refetch()} headingLevel={3} />
              ) : list.data && list.data.versions.length === 0 ? (
                <EmptyState headingLevel={3} title={`No ${kind === 'app' ? 'app' : 'website'} versions yet`} description={mayEdit ? `Publish the ${kind === 'app' ? 'app' : 'website'} to make its first version.` : undefined} />
              ) : (
                <SavedDataTable
                  businessId={businessId}
                  name={`site-versions-${kind}`}
                  title={title}
                  caption={title}
                  columns={list.data ? columns(list.data) : []}
                  rows={list.data?.versions}
                  getRowId={(v) => v.id}
                  rowLabel={(v) => versionName(v)}
                />
              )}
            </div>
          </section>
        );
      })}

      <section aria-labelledby="install-title" className="mt-8 rounded-2xl bg-white p-5 ring-1 ring-slate-200">
        <h2 id="install-title" className="text-lg font-semibold text-slate-900">
          Install the app
        </h2>
        {apps.data?.url && apps.data.liveVersionId !== null ? (
          <>
            <p className="mt-1 text-sm text-slate-600">Share the install page with clients: it works on iPhone, iPad and Android, with no app store.</p>
            <AppInstallInstructions className="mt-4" url={new URL('install.html', apps.data.url).href} appName={business.data?.name ?? 'The app'} />
          </>
        ) : apps.data ? (
          <p className="mt-1 text-sm text-slate-600">{mayEdit ? 'Publish the app: its install page, with the steps for iPhone, iPad and Android, appears here.' : 'The app has not been published yet.'}</p>
        ) : null}
      </section>

      <PreviewModal businessId={businessId} target={preview} onClose={() => setPreview(null)} />

      {confirm ? (
        <ConfirmDialog
          title={confirm.action === 'delete' ? `Delete ${versionName(confirm.version).toLowerCase()}?` : `Make ${versionName(confirm.version).toLowerCase()} live?`}
          description={
            confirm.action === 'delete'
              ? 'Its files and build log are removed. This cannot be undone.'
              : `Visitors will see version ${confirm.version.number} instead of ${confirm.live ? `version ${confirm.live.number}` : 'nothing'}. ${confirm.live ? `Version ${confirm.live.number} is kept and can be made live again.` : ''}`.trim()
          }
          confirmLabel={confirm.action === 'delete' ? 'Delete version' : confirm.version.status === 'superseded' ? `Roll back to version ${confirm.version.number}` : `Make version ${confirm.version.number} live`}
          pending={actions.makeLive.isPending || actions.remove.isPending}
          onConfirm={confirmed}
          onClose={() => setConfirm(null)}
        />
      ) : null}
    </div>
  );
}

/** The live version of one kind: which, since when, its address, and a preview. */
function LiveCard({ kind, list, when, onPreview }: { kind: SiteKind; list: ReturnType<typeof useSiteVersions>; when: (instant: string) => string; onPreview: (url: string, versionId: number | null) => void }) {
  const live = list.data?.versions.find((v) => v.id === list.data?.liveVersionId) ?? null;
  const url = list.data?.url ?? null;
  return (
    <section aria-labelledby={`${kind}-live-title`} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
      <h2 id={`${kind}-live-title`} className="text-base font-semibold text-slate-900">
        {kind === 'website' ? 'Live website' : 'Live app'}
      </h2>
      {list.isError ? null : !list.data ? (
        <div aria-busy="true" className="mt-3">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-64" />
        </div>
      ) : live && url ? (
        <div className="mt-3 space-y-2 text-sm text-slate-700">
          <p>
            <span className="font-semibold text-slate-900">Version {live.number}</span>
            {live.liveAt ? <> · live since {when(live.liveAt)}</> : null}
          </p>
          <p>
            <a href={url} target="_blank" rel="noreferrer" className="break-all font-medium text-brand-700 hover:underline">
              {url}
            </a>
          </p>
          {kind === 'website' ? (
            <Button size="sm" variant="secondary" onClick={() => onPreview(url, live.id)}>
              Preview website
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="mt-3 text-sm text-slate-600">Nothing is live yet.</p>
      )}
    </section>
  );
}

/** The build log of one version, growing live while it builds. */
function BuildLogPanel({ businessId, versionId, timeZone }: { businessId: number; versionId: number | null; timeZone: string }) {
  const version = useSiteVersion(businessId, versionId);
  const title = version.data ? `Build log of ${versionName(version.data).toLowerCase()}` : 'Build log';
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="build-log-title" className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {version.data ? <StatusBadge {...statusBadge(version.data.status)} /> : null}
      </div>
      <div className="mt-3">
        {versionId === null ? (
          <p className="text-sm text-slate-600">No version yet: publish to see its build here.</p>
        ) : (
          <BuildLog
            label={title}
            status={version.isError ? 'error' : version.data ? 'ready' : 'loading'}
            entries={version.data ? buildLogEntries(version.data, timeZone) : []}
            error={version.isError ? version.error.message : undefined}
            onRetry={() => void version.refetch()}
            running={version.data ? isBuilding(version.data) : false}
          />
        )}
        {version.data?.error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {MESSAGES.websitePublishFailed} {version.data.error}
          </p>
        ) : null}
      </div>
    </>
  );
}

/** The Preview Website modal over one address: checked until it serves its version (core's poller). */
function PreviewModal({ businessId, target, onClose }: { businessId: number; target: PreviewTarget | null; onClose: () => void }) {
  const { readiness, checkAgain } = usePreviewReadiness({ businessId, url: target?.url ?? null, known: target?.known });
  const version = useSiteVersion(businessId, target?.versionId ?? null);
  const phase = previewPhase(readiness, target?.versionId ? (version.data ?? null) : null, target?.waitsFor ?? null);
  // A check that finds the build over (ready or failed) reads the version again, so its log and
  // status follow even when the live steps did not arrive.
  const { refetch } = version;
  const finished = readiness.state === 'ready' || readiness.state === 'failed';
  useEffect(() => {
    if (finished && target?.versionId) void refetch();
  }, [finished, target?.versionId, refetch]);
  return (
    <PreviewWebsiteModal
      open={target !== null}
      onClose={onClose}
      url={target?.url ?? null}
      phase={phase}
      messages={PREVIEW_MESSAGES}
      attempt={readiness.state === 'waiting' ? { number: readiness.attempt, of: PREVIEW_CHECK.tries } : undefined}
      onCheckAgain={checkAgain}
    />
  );
}
