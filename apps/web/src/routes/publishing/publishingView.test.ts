import { MESSAGES } from '@salondesk/core';
import { describe, expect, it } from 'vitest';
import { previewPhase } from './publishingView';

const at = '2026-11-01T18:00:00.000Z';
const waiting = { state: 'waiting', attempt: 1, tries: 6, nextCheckAt: new Date(at), message: MESSAGES.websiteNotReadyYet } as const;
const log = (...steps: ('queued' | 'building' | 'ready' | 'live')[]) => steps.map((step) => ({ step, at, message: step }));

describe('the preview modal’s phase (issue 28): waiting only while the site is not ready', () => {
  it('a publish whose build log says Live a second later: the site at once, not “Try 1 of 6” until the next check', () => {
    const live = { status: 'building' as const, buildLog: log('queued', 'building', 'ready', 'live') };
    expect(previewPhase(waiting, live, 'live')).toBe('ready');
    expect(previewPhase(waiting, { status: 'live', buildLog: live.buildLog }, 'live')).toBe('ready');
    // Built but not yet live: its preview link serves it, the live address not yet.
    const built = { status: 'ready' as const, buildLog: log('queued', 'building', 'ready') };
    expect(previewPhase(waiting, built, 'preview')).toBe('ready');
    expect(previewPhase(waiting, built, 'live')).toBe('waiting');
  });

  it('while it builds, the checks decide: waiting, then what they say', () => {
    const building = { status: 'building' as const, buildLog: log('queued', 'building') };
    expect(previewPhase({ state: 'idle' }, building, 'preview')).toBe('waiting');
    expect(previewPhase(waiting, building, 'preview')).toBe('waiting');
    expect(previewPhase({ state: 'gaveUp', attempt: 6, message: MESSAGES.previewNotReady }, building, 'preview')).toBe('gaveUp');
  });

  it('a failed version is failed at once; the live site’s own preview is the checks’ alone', () => {
    expect(previewPhase(waiting, { status: 'failed', buildLog: [] }, 'preview')).toBe('failed');
    // The live version of a site whose newest publish is under way: the check says what the live address serves.
    expect(previewPhase(waiting, { status: 'live', buildLog: [] }, null)).toBe('waiting');
    expect(previewPhase({ state: 'failed', attempt: 1, message: MESSAGES.websitePublishFailed }, { status: 'live', buildLog: [] }, null)).toBe('failed');
  });
});
