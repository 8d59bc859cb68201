import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { readinessArb, versionsArb } from './publishing.arb';
import {
  isWebcode,
  type LiveCheckVersion,
  liveAddressCheck,
  PREVIEW_CHECK,
  type PreviewPollState,
  pollPreview,
  previewServes,
  previewUrl,
  shouldGoLive,
  siteUrl,
  siteVersionCan,
  VERSIONS_KEPT,
  versionsToPrune,
  webcodeFrom,
} from './publishing';

/** A fake clock: sleeping moves it on, nothing waits. */
function fakeClock(start = Date.UTC(2026, 4, 1, 9)) {
  let t = start;
  const sleeps: number[] = [];
  return {
    now: () => new Date(t),
    sleep: async (ms: number) => {
      sleeps.push(ms);
      t += ms;
    },
    sleeps,
    elapsed: () => t - start,
  };
}

async function run(check: () => Promise<{ ready: boolean; status?: 'failed' | 'building' | null }>, clock = fakeClock()) {
  const states: PreviewPollState[] = [];
  for await (const state of pollPreview({ check, sleep: clock.sleep, now: clock.now })) states.push(state);
  return states;
}

describe('the preview readiness poller (spec 000 §4, §9)', () => {
  it('checks 6 times, 10 seconds apart, waiting with the spec text, then gives up with the spec text', async () => {
    expect(PREVIEW_CHECK).toEqual({ tries: 6, intervalMs: 10_000 });
    const clock = fakeClock();
    let checks = 0;
    const checkTimes: number[] = [];
    const states = await run(async () => {
      checks++;
      checkTimes.push(clock.elapsed());
      return { ready: false, status: 'building' };
    }, clock);
    expect(checks).toBe(6);
    expect(checkTimes).toEqual([0, 10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(clock.sleeps).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
    expect(states.slice(0, 5).map((s) => s.state)).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting']);
    expect(states.slice(0, 5).every((s) => s.state === 'waiting' && s.message === 'Please wait... Your website will be ready in few minutes.')).toBe(true);
    expect(states.at(-1)).toEqual({ state: 'gaveUp', attempt: 6, message: 'Please check preview after some time.' });
    const first = states[0];
    expect(first?.state === 'waiting' && first.nextCheckAt.getTime() - clock.now().getTime()).toBe(-40_000);
  });

  it('shows the site as soon as a check says ready', async () => {
    const clock = fakeClock();
    let checks = 0;
    const states = await run(async () => ({ ready: ++checks === 3 }), clock);
    expect(states.map((s) => s.state)).toEqual(['waiting', 'waiting', 'ready']);
    expect(clock.elapsed()).toBe(20_000);
  });

  it('says the publish failed when the build failed, and stops checking', async () => {
    let checks = 0;
    const states = await run(async () => (++checks === 2 ? { ready: false, status: 'failed' } : { ready: false }));
    expect(states.at(-1)).toEqual({ state: 'failed', attempt: 2, message: "Oops, we couldn't publish your website." });
    expect(checks).toBe(2);
  });

  it('stops without another state when the modal closes', async () => {
    const controller = new AbortController();
    const clock = fakeClock();
    const states: PreviewPollState[] = [];
    let checks = 0;
    for await (const state of pollPreview({
      check: async () => ({ ready: false }),
      sleep: async (ms) => {
        await clock.sleep(ms);
        if (++checks === 2) controller.abort();
      },
      now: clock.now,
      signal: controller.signal,
    }))
      states.push(state);
    expect(states.map((s) => s.state)).toEqual(['waiting', 'waiting']);
  });

  test.prop([readinessArb])('ends with exactly one of ready, failed or gave up, never checking more than 6 times', async ({ readyAt, failsAt, throwsAt }) => {
    const clock = fakeClock();
    let attempt = 0;
    const states = await run(async () => {
      attempt++;
      if (throwsAt.includes(attempt)) throw new Error('offline');
      if (attempt === failsAt) return { ready: false, status: 'failed' };
      return { ready: attempt === readyAt };
    }, clock);
    const last = states.at(-1)!;
    expect(attempt).toBeLessThanOrEqual(PREVIEW_CHECK.tries);
    expect(states.slice(0, -1).every((s) => s.state === 'waiting')).toBe(true);
    expect(clock.elapsed()).toBe((last.attempt - 1) * PREVIEW_CHECK.intervalMs);
    const firstGood = [readyAt, failsAt].filter((n) => n >= 1 && n <= 6 && !throwsAt.includes(n));
    if (firstGood.length === 0) expect(last).toMatchObject({ state: 'gaveUp', message: MESSAGES.previewNotReady });
    else expect(last.attempt).toBe(Math.min(...firstGood));
  });
});

describe('whether the preview already serves its version, as the version says (issue 28)', () => {
  const log = (...steps: ('queued' | 'building' | 'ready' | 'live' | 'failed')[]) => steps.map((step) => ({ step }));

  it('the live address: once the version is live, or its build log just said so; never while it builds', () => {
    expect(previewServes({ status: 'building', buildLog: log('queued', 'building') }, 'live')).toBe(false);
    expect(previewServes({ status: 'ready', buildLog: log('queued', 'building', 'ready') }, 'live')).toBe(false);
    expect(previewServes({ status: 'building', buildLog: log('queued', 'building', 'ready', 'live') }, 'live')).toBe(true);
    expect(previewServes({ status: 'live', buildLog: log('queued', 'building', 'ready', 'live') }, 'live')).toBe(true);
    // Replaced since: an old Live line is not the live address serving it.
    expect(previewServes({ status: 'superseded', buildLog: log('queued', 'building', 'ready', 'live') }, 'live')).toBe(false);
    expect(previewServes({ status: 'failed', buildLog: log('queued', 'building', 'failed') }, 'live')).toBe(false);
  });

  it('a preview link: once the version is built', () => {
    expect(previewServes({ status: 'queued', buildLog: log('queued') }, 'preview')).toBe(false);
    expect(previewServes({ status: 'building', buildLog: log('queued', 'building', 'ready') }, 'preview')).toBe(true);
    for (const status of ['ready', 'live', 'superseded'] as const) expect(previewServes({ status, buildLog: [] }, 'preview')).toBe(true);
    expect(previewServes({ status: 'failed', buildLog: log('queued', 'failed') }, 'preview')).toBe(false);
  });
});

describe('versions', () => {
  test.prop([versionsArb, fc.integer({ min: 1, max: 25 })])('keeps the newest, never prunes the live or an unfinished version, and prunes only beyond the limit', (versions, kept) => {
    const pruned = new Set(versionsToPrune(versions, kept));
    const remaining = versions.filter((v) => !pruned.has(v.id));
    for (const v of versions.filter((v) => pruned.has(v.id))) expect(['ready', 'failed', 'superseded']).toContain(v.status);
    const untouchable = versions.filter((v) => ['live', 'queued', 'building'].includes(v.status)).length;
    expect(remaining.length).toBe(Math.max(Math.min(versions.length, kept), untouchable));
    // What is pruned is older than every prunable version that stays.
    const keptPrunable = remaining.filter((v) => !['live', 'queued', 'building'].includes(v.status));
    for (const id of pruned) {
      const v = versions.find((x) => x.id === id)!;
      for (const k of keptPrunable) expect(v.number).toBeLessThan(k.number);
    }
  });

  it('keeps 20 by default', () => {
    expect(VERSIONS_KEPT).toBe(20);
    const versions = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, number: i + 1, status: i === 0 ? ('live' as const) : ('superseded' as const) }));
    expect(versionsToPrune(versions)).toEqual([4, 3, 2]);
  });

  test.prop([fc.integer({ min: 1, max: 1000 }), fc.option(fc.integer({ min: 1, max: 1000 }), { nil: null })])('a finished build goes live only when it is newer than the live one', (n, live) => {
    expect(shouldGoLive(n, live)).toBe(live === null || n > live);
  });

  it('says what each status allows', () => {
    expect(siteVersionCan.makeLive({ status: 'superseded' })).toBe(true);
    expect(siteVersionCan.makeLive({ status: 'live' })).toBe(false);
    expect(siteVersionCan.makeLive({ status: 'failed' })).toBe(false);
    expect(siteVersionCan.remove({ status: 'failed' })).toBe(true);
    expect(siteVersionCan.remove({ status: 'superseded' })).toBe(false);
    expect(siteVersionCan.preview({ status: 'building' })).toBe(false);
  });
});

describe("the live address's readiness (checkwebsitepreview on /sites/{webcode}/)", () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 9, minute));
  /** Version n made at minute n; `live` went live at minute `liveAt`. */
  const v = (number: number, status: LiveCheckVersion['status'], options: { makeLive?: boolean; liveAt?: number } = {}): LiveCheckVersion => ({
    id: 100 + number,
    number,
    status,
    makeLive: options.makeLive ?? true,
    createdAt: at(number),
    liveAt: options.liveAt === undefined ? null : at(options.liveAt),
  });

  it('after a rollback: the earlier version served is the one expected, not the newest', () => {
    expect(liveAddressCheck([v(1, 'live', { liveAt: 10 }), v(2, 'superseded', { liveAt: 2 }), v(3, 'superseded', { liveAt: 3 })])).toEqual({ ready: true, versionId: 101, status: 'live' });
  });

  it('a draft made live by hand is the one expected', () => {
    expect(liveAddressCheck([v(1, 'superseded', { liveAt: 1 }), v(2, 'live', { makeLive: false, liveAt: 5 })])).toEqual({ ready: true, versionId: 102, status: 'live' });
  });

  it('a publish under way is awaited, even one asked before a rollback (it goes live when built)', () => {
    expect(liveAddressCheck([v(1, 'live', { liveAt: 1 }), v(2, 'building')])).toEqual({ ready: false, versionId: 102, status: 'building' });
    expect(liveAddressCheck([v(1, 'live', { liveAt: 10 }), v(2, 'superseded'), v(3, 'queued')])).toEqual({ ready: false, versionId: 103, status: 'queued' });
    // A draft being built does not replace what is served.
    expect(liveAddressCheck([v(1, 'live', { liveAt: 1 }), v(2, 'building', { makeLive: false })])).toEqual({ ready: true, versionId: 101, status: 'live' });
    // An older build still running never goes live over a newer live one.
    expect(liveAddressCheck([v(1, 'building'), v(2, 'live', { liveAt: 3 })])).toEqual({ ready: true, versionId: 102, status: 'live' });
  });

  it('a publish that failed after the live version went live is reported failed; a rollback after it is not', () => {
    expect(liveAddressCheck([v(1, 'live', { liveAt: 1 }), v(2, 'failed')])).toEqual({ ready: false, versionId: 102, status: 'failed' });
    expect(liveAddressCheck([v(1, 'live', { liveAt: 10 }), v(2, 'failed')])).toEqual({ ready: true, versionId: 101, status: 'live' });
    // A failed draft is nobody's live site.
    expect(liveAddressCheck([v(1, 'live', { liveAt: 1 }), v(2, 'failed', { makeLive: false })])).toEqual({ ready: true, versionId: 101, status: 'live' });
  });

  it('nothing live: the newest publish, not ready; no versions: none', () => {
    expect(liveAddressCheck([v(1, 'failed'), v(2, 'building')])).toEqual({ ready: false, versionId: 102, status: 'building' });
    expect(liveAddressCheck([v(1, 'failed')])).toEqual({ ready: false, versionId: 101, status: 'failed' });
    expect(liveAddressCheck([v(1, 'ready', { makeLive: false })])).toEqual({ ready: false, versionId: null, status: null });
    expect(liveAddressCheck([])).toEqual({ ready: false, versionId: null, status: null });
  });

  test.prop([versionsArb, fc.array(fc.boolean(), { minLength: 45, maxLength: 45 }), fc.nat({ max: 60 })])(
    'ready exactly when nothing newer is under way or failed since; then it names the version served',
    (versions, asked, liveMinute) => {
      const all = versions.map((x, i) => ({ ...x, makeLive: asked[i]!, createdAt: at(x.number), liveAt: x.status === 'live' ? at(Math.max(x.number, liveMinute)) : null }));
      const live = all.find((x) => x.status === 'live');
      const answer = liveAddressCheck(all);
      const underWay = all.filter((x) => x.makeLive && ['queued', 'building'].includes(x.status) && (!live || x.number > live.number));
      if (underWay.length > 0) expect(answer).toEqual({ ready: false, versionId: Math.max(...underWay.map((x) => x.id)), status: expect.stringMatching(/queued|building/) });
      if (answer.ready) expect(answer).toEqual({ ready: true, versionId: live!.id, status: 'live' });
      else if (live) expect(underWay.length > 0 || answer.status === 'failed').toBe(true);
      if (answer.status === 'failed') expect(all.find((x) => x.id === answer.versionId)!.createdAt.getTime()).toBeGreaterThan(live?.liveAt?.getTime() ?? -Infinity);
    },
  );
});

describe('site codes and addresses', () => {
  it('makes a code from a name', () => {
    expect(webcodeFrom('Luxe Los Angeles')).toBe('luxe-los-angeles');
    expect(webcodeFrom('Lotus & Harbour — Kathmandu')).toBe('lotus-and-harbour-kathmandu');
    expect(webcodeFrom('Café Ñandú')).toBe('cafe-nandu');
    expect(webcodeFrom('東京')).toBe('site');
    expect(webcodeFrom('AdminPreview')).toBe('adminpreview-site');
  });

  test.prop([fc.string({ maxLength: 80 })])('any name gives a valid code', (name) => {
    expect(isWebcode(webcodeFrom(name))).toBe(true);
  });

  it('builds the addresses', () => {
    expect(siteUrl('https://app.salondesk.example/', 'luxe-la', 'website')).toBe('https://app.salondesk.example/sites/luxe-la/');
    expect(siteUrl('http://localhost:8080', 'luxe-la', 'app')).toBe('http://localhost:8080/sites/luxe-la/app/');
    expect(previewUrl('http://localhost:8080', 'tok')).toBe('http://localhost:8080/sites/adminpreview/tok/');
  });
});
