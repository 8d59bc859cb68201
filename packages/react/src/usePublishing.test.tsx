import { MESSAGES, type NotificationStream, type PublishStep, type SiteVersion } from '@salondesk/core';
import { ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishingQueries } from './publishingQueries';
import { fakeProvider } from './testing/fakeProvider';
import { usePreviewReadiness, usePublishingMutations, usePublishSteps, useSiteVersion, useSiteVersions } from './usePublishing';

const URL_ = 'http://api.test/sites/adminpreview/tok/';

const version = (over: Partial<SiteVersion> = {}): SiteVersion => ({
  id: 42,
  businessId: 3,
  kind: 'website',
  number: 5,
  status: 'queued',
  createdAt: '2026-11-24T10:00:00.000Z',
  createdBy: 'Olivia Park',
  liveAt: null,
  url: 'http://api.test/sites/luxe/',
  previewUrl: URL_,
  previewExpiresAt: '2026-11-25T10:00:00.000Z',
  error: null,
  buildLog: [{ step: 'queued', at: '2026-11-24T10:00:00.000Z', message: 'Queued' }],
  ...over,
});

/** A clock the test moves: each `sleep` waits until `tick()`; what it was asked to wait is kept. */
function manualClock() {
  const waits: number[] = [];
  let wake: (() => void) | null = null;
  return {
    waits,
    sleep: (ms: number) =>
      new Promise<void>((resolve) => {
        waits.push(ms);
        wake = resolve;
      }),
    now: () => new Date('2026-11-24T10:00:00.000Z'),
    tick: () => act(async () => wake?.()),
  };
}

describe('usePreviewReadiness', () => {
  it('checks up to 6 times, 10 s apart by the injected clock, waiting in between, then gives up; checking again starts over', async () => {
    let checks = 0;
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/checkwebsitepreview': (request) => {
        expect(new URL(request.url).searchParams.get('url')).toBe(URL_);
        checks++;
        return ok({ ready: false, versionId: 42, status: 'building' });
      },
    });
    const clock = manualClock();
    const { result } = renderHook(() => usePreviewReadiness({ businessId: 3, url: URL_, sleep: clock.sleep, now: clock.now }), { wrapper });
    await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'waiting', attempt: 1, message: MESSAGES.websiteNotReadyYet }));
    for (let attempt = 2; attempt <= 5; attempt++) {
      await clock.tick();
      await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'waiting', attempt }));
    }
    await clock.tick();
    await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'gaveUp', message: MESSAGES.previewNotReady }));
    expect(checks).toBe(6);
    expect(clock.waits).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);

    act(() => result.current.checkAgain());
    await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'waiting', attempt: 1 }));
    expect(checks).toBe(7);
  });

  it('is ready as soon as a check says so, and says a failed build failed', async () => {
    const answers = [false, true];
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/checkwebsitepreview': () => ok({ ready: answers.shift() ?? true, versionId: 42, status: 'ready' }),
    });
    const clock = manualClock();
    const { result, rerender } = renderHook(({ url }) => usePreviewReadiness({ businessId: 3, url, sleep: clock.sleep, now: clock.now }), { wrapper, initialProps: { url: URL_ as string | null } });
    await waitFor(() => expect(result.current.readiness.state).toBe('waiting'));
    await clock.tick();
    await waitFor(() => expect(result.current.readiness.state).toBe('ready'));
    rerender({ url: null });
    expect(result.current.readiness.state).toBe('idle');

    const failed = fakeProvider({ 'GET /protected/business/3/checkwebsitepreview': () => ok({ ready: false, versionId: 42, status: 'failed' }) });
    const other = renderHook(() => usePreviewReadiness({ businessId: 3, url: URL_, sleep: clock.sleep, now: clock.now }), { wrapper: failed.wrapper });
    await waitFor(() => expect(other.result.current.readiness).toMatchObject({ state: 'failed', message: MESSAGES.websitePublishFailed }));
  });

  it('an answer in hand (a publish’s: queued) is the first try: the first question is asked one interval later', async () => {
    let checks = 0;
    const { wrapper } = fakeProvider({
      'GET /protected/business/3/checkwebsitepreview': () => {
        checks++;
        return ok({ ready: true, versionId: 42, status: 'live' });
      },
    });
    const clock = manualClock();
    const { result } = renderHook(() => usePreviewReadiness({ businessId: 3, url: URL_, known: { ready: false, status: 'queued' }, sleep: clock.sleep, now: clock.now }), { wrapper });
    await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'waiting', attempt: 1 }));
    expect(checks).toBe(0);
    expect(clock.waits).toEqual([10_000]);
    await clock.tick();
    await waitFor(() => expect(result.current.readiness).toMatchObject({ state: 'ready', attempt: 2 }));
    expect(checks).toBe(1);
  });
});

describe('publishing hooks', () => {
  it('a publish caches the new version and reads the list again', async () => {
    let listed: SiteVersion[] = [];
    const { wrapper, queryClient, client } = fakeProvider({
      'GET /protected/business/3/site/versions': () => ok({ kind: 'website', webcode: 'luxe', url: 'http://api.test/sites/luxe/', liveVersionId: null, versions: listed }),
      'POST /protected/business/3/website/publish': () => {
        listed = [{ ...version(), buildLog: [] }];
        return ok(version());
      },
    });
    const { result } = renderHook(() => ({ list: useSiteVersions(3, 'website'), m: usePublishingMutations(3) }), { wrapper });
    await waitFor(() => expect(result.current.list.data?.versions).toEqual([]));
    await act(() => result.current.m.publishWebsite.mutateAsync({}));
    expect(queryClient.getQueryData(publishingQueries.version(client, 3, 42).queryKey)?.buildLog).toHaveLength(1);
    await waitFor(() => expect(result.current.list.data?.versions.map((v) => v.number)).toEqual([5]));
  });

  it('a build step of this business joins its version’s log at once; another business’s is ignored', async () => {
    const listeners: ((step: PublishStep) => void)[] = [];
    const stream = { on: (_kind: string, listener: (step: PublishStep) => void) => (listeners.push(listener), () => listeners.splice(listeners.indexOf(listener), 1)) } as unknown as NotificationStream;
    let served = version();
    const { wrapper, queryClient, client } = fakeProvider({ 'GET /protected/business/3/site/versions/42': () => ok(served) });
    const cachedSteps = () => queryClient.getQueryData(publishingQueries.version(client, 3, 42).queryKey)?.buildLog.map((e) => e.step);
    const { result, unmount } = renderHook(() => (usePublishSteps(stream, 3), useSiteVersion(3, 42)), { wrapper });
    await waitFor(() => expect(result.current.data?.buildLog).toHaveLength(1));
    const building: PublishStep = { businessId: 3, versionId: 42, kind: 'website', step: 'building', at: '2026-11-24T10:00:01.000Z', message: 'Building', url: null };
    served = { ...served, status: 'building', buildLog: [...served.buildLog, { step: 'building', at: building.at, message: 'Building' }] };
    act(() => listeners.forEach((l) => l({ ...building, businessId: 4 })));
    expect(cachedSteps()).toEqual(['queued']);
    act(() => listeners.forEach((l) => l(building)));
    // In the cache at once, before the server is asked again.
    expect(cachedSteps()).toEqual(['queued', 'building']);
    await waitFor(() => expect(result.current.data?.status).toBe('building'));
    expect(result.current.data?.buildLog).toHaveLength(2);
    unmount();
    expect(listeners).toHaveLength(0);
  });
});
