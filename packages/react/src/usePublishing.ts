import { type NotificationStream, pollPreview, type PreviewCheckResult, type PreviewPollState, type PublishInput, type PublishStep, type SiteKind, type SiteVersion } from '@salondesk/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { publishingQueries } from './publishingQueries';
import { useSalondeskContext } from './SalondeskProvider';

const valid = (businessId: number) => Number.isInteger(businessId) && businessId > 0;

/** The kept versions of a business's website or app, newest first, with the live one and the site's address. */
export function useSiteVersions(businessId: number, kind: SiteKind, enabled = true) {
  const { client } = useSalondeskContext('useSiteVersions');
  return useQuery({ ...publishingQueries.versions(client, businessId, kind), enabled: enabled && valid(businessId) });
}

/** One version with its whole build log (null: none chosen). */
export function useSiteVersion(businessId: number, versionId: number | null) {
  const { client } = useSalondeskContext('useSiteVersion');
  return useQuery({ ...publishingQueries.version(client, businessId, versionId ?? 0), enabled: valid(businessId) && versionId !== null && versionId > 0 });
}

/**
 * The publishing actions of a business. Each answer is cached as that version (its log included)
 * and the version lists are read again (a publish adds one; making one live changes two).
 * - `publishWebsite` / `publishApp`: a new version, `queued` (`{ makeLive: false }` keeps it a draft);
 * - `makeLive`: publish a draft, or roll back to an earlier version;
 * - `remove`: delete a draft or a failed version;
 * - `createPreview`: a fresh preview address of a built version.
 */
export function usePublishingMutations(businessId: number) {
  const { client } = useSalondeskContext('usePublishingMutations');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: publishingQueries.allVersions(businessId) });
  const keep = (version: SiteVersion) => {
    queryClient.setQueryData(publishingQueries.version(client, businessId, version.id).queryKey, version);
    return refresh();
  };
  return {
    publishWebsite: useMutation({ mutationFn: (body: PublishInput = {}) => client.publishing.publishWebsite(businessId, body), onSuccess: keep }),
    publishApp: useMutation({ mutationFn: (body: PublishInput = {}) => client.publishing.publishApp(businessId, body), onSuccess: keep }),
    makeLive: useMutation({ mutationFn: (versionId: number) => client.publishing.makeLive(businessId, versionId), onSuccess: keep }),
    remove: useMutation({
      mutationFn: (versionId: number) => client.publishing.remove(businessId, versionId),
      onSuccess: ({ deleted }) => {
        queryClient.removeQueries({ queryKey: publishingQueries.version(client, businessId, deleted).queryKey });
        return refresh();
      },
    }),
    createPreview: useMutation({ mutationFn: (versionId: number) => client.publishing.createPreview(businessId, versionId) }),
  };
}

/**
 * A business's build steps as they arrive on the notification stream (its room joined by the
 * page): each step is added to its version's cached build log, the version takes the step's
 * status, and the version lists are read again. `onStep` hears each one too.
 */
export function usePublishSteps(stream: NotificationStream | null, businessId: number, onStep?: (step: PublishStep) => void) {
  const { client } = useSalondeskContext('usePublishSteps');
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!stream) return;
    return stream.on('publishStep', (step) => {
      if (step.businessId !== businessId) return;
      queryClient.setQueryData<SiteVersion>(publishingQueries.version(client, businessId, step.versionId).queryKey, (version) => {
        if (!version || version.buildLog.some((entry) => entry.step === step.step && entry.at === step.at)) return version;
        return { ...version, buildLog: [...version.buildLog, { step: step.step, at: step.at, message: step.message }] };
      });
      // The log line is written; the version's status and the lists are the server's to say.
      void queryClient.invalidateQueries({ queryKey: publishingQueries.version(client, businessId, step.versionId).queryKey });
      void queryClient.invalidateQueries({ queryKey: publishingQueries.allVersions(businessId) });
      onStep?.(step);
    });
  }, [stream, businessId, client, queryClient, onStep]);
}

/** Where the preview's readiness check stands: not started (`idle`), or core's poller's last state. */
export type PreviewReadiness = { state: 'idle' } | PreviewPollState;

export interface UsePreviewReadinessOptions {
  businessId: number;
  /** The address to check (a version's preview, or the live site); null: nothing to check. */
  url: string | null;
  /**
   * An answer already in hand, counted as the first try instead of asking (a publish's answer:
   * the version is `queued`, so not ready); the next try comes one interval later.
   */
  known?: PreviewCheckResult | null;
  /** Waits `ms`; default a timer (tests and journeys control the clock). */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
}

const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const systemNow = () => new Date();

/**
 * The Preview Website modal's readiness check (spec 000 §4, §9): core's `pollPreview` over
 * `checkwebsitepreview`, up to `PREVIEW_CHECK.tries` times `PREVIEW_CHECK.intervalMs` apart, for as
 * long as `url` is set; it stops when the url changes or the component goes. `checkAgain` starts
 * the tries over (after "Please check preview after some time."). A `known` answer (the publish's)
 * is the first try, so a just-published site is shown waiting rather than asked about at once.
 */
export function usePreviewReadiness({ businessId, url, known = null, sleep = timerSleep, now = systemNow }: UsePreviewReadinessOptions): { readiness: PreviewReadiness; checkAgain: () => void } {
  const { client } = useSalondeskContext('usePreviewReadiness');
  // How many times "check again" was asked for this url (a new url starts from none).
  const [again, setAgain] = useState<{ url: string | null; times: number }>({ url: null, times: 0 });
  const round = again.url === url ? again.times : 0;
  const [readiness, setReadiness] = useState<{ key: string; value: PreviewReadiness } | null>(null);
  const key = `${businessId} ${url ?? ''} ${round}`;
  useEffect(() => {
    if (url === null || !valid(businessId)) return;
    const controller = new AbortController();
    // Only the first round may use the answer in hand; "check again" asks.
    let inHand = round === 0 ? known : null;
    const check = () => {
      const answer = inHand;
      inHand = null;
      return answer ? Promise.resolve(answer) : client.publishing.checkPreview(businessId, url);
    };
    void (async () => {
      for await (const state of pollPreview({ check, sleep, now, signal: controller.signal })) {
        if (controller.signal.aborted) return;
        setReadiness({ key, value: state });
      }
    })();
    return () => controller.abort();
    // `known` is read when the checks start for this url (a new answer for the same url changes nothing).
  }, [client, businessId, url, sleep, now, key, round]);
  const checkAgain = useCallback(() => setAgain((a) => ({ url, times: (a.url === url ? a.times : 0) + 1 })), [url]);
  return { readiness: readiness?.key === key && url !== null ? readiness.value : { state: 'idle' }, checkAgain };
}
