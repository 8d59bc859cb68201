import { MESSAGES, type SiteVersion } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, type Routes, unrestrictedOwnerSession as session } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const SITE = 'http://127.0.0.1/sites/luxe-los-angeles/';
const version = (number: number, status: SiteVersion['status'], over: Partial<SiteVersion> = {}): SiteVersion => ({
  id: 100 + number,
  businessId: 12,
  kind: 'website',
  number,
  status,
  createdAt: `2026-11-0${number}T18:00:00.000Z`,
  createdBy: 'Olivia Park',
  liveAt: status === 'live' || status === 'superseded' ? `2026-11-0${number}T18:01:00.000Z` : null,
  url: SITE,
  previewUrl: null,
  previewExpiresAt: null,
  error: null,
  buildLog: [],
  ...over,
});
const list = (versions: SiteVersion[], kind: 'website' | 'app' = 'website') => ({
  kind,
  webcode: 'luxe-los-angeles',
  url: kind === 'app' ? `${SITE}app/` : SITE,
  liveVersionId: versions.find((v) => v.status === 'live')?.id ?? null,
  versions,
});

const base = {
  'GET /protected/user/7/checkstatus': ok(session),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/business/12/tablesettings/site-versions-website/get': ok(null),
  'GET /protected/business/12/tablesettings/site-versions-app/get': ok(null),
};

/** The screen over the fake API: the website versions `websites()` gives (none for the app), and `more` answers. */
const openScreen = (websites: () => SiteVersion[], more: Routes) =>
  renderApp('/12/publishing', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      ...base,
      'GET /protected/business/12/site/versions': (request) => (new URL(request.url).searchParams.get('kind') === 'app' ? ok(list([], 'app')) : ok(list(websites()))),
      ...more,
    },
  });

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('Website and app', { timeout: 30_000 }, () => {
  it('rolling back asks first: keeping it sends nothing; confirming makes the earlier version live', async () => {
    let websites = [version(3, 'live'), version(2, 'superseded'), version(1, 'superseded')];
    const madeLive: string[] = [];
    const app = openScreen(() => websites, {
      'GET /protected/business/12/site/versions/103': ok(version(3, 'live')),
      'POST /protected/business/12/site/versions/102/live': (request) => {
        madeLive.push(new URL(request.url).pathname);
        websites = [version(3, 'superseded'), version(2, 'live'), version(1, 'superseded')];
        return ok(version(2, 'live'));
      },
    });
    const live = await app.screen.findByRole('region', { name: 'Live website' }, { timeout: 15_000 });
    expect(await within(live).findByText('Version 3')).toBeTruthy();
    const table = await app.screen.findByRole('table', { name: 'Website versions' });
    expect(within(table).queryByRole('button', { name: 'Roll back to website version 3' })).toBeNull();

    await app.user.click(within(table).getByRole('button', { name: 'Roll back to website version 2' }));
    let confirm = await app.screen.findByRole('alertdialog', { name: 'Make website version 2 live?' });
    expect(confirm.textContent).toContain('Visitors will see version 2 instead of version 3.');
    await app.user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(app.screen.queryByRole('alertdialog')).toBeNull());
    expect(madeLive).toEqual([]);

    await app.user.click(within(table).getByRole('button', { name: 'Roll back to website version 2' }));
    confirm = await app.screen.findByRole('alertdialog', { name: 'Make website version 2 live?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Roll back to version 2' }));
    await waitFor(() => expect(within(live).getByText('Version 2')).toBeTruthy());
    expect(madeLive).toEqual(['/protected/business/12/site/versions/102/live']);
    expect(await within(table).findByRole('button', { name: 'Roll back to website version 3' })).toBeTruthy();
  });

  it('publishing opens the preview on the new version, waiting: the publish’s answer is its first check', async () => {
    const preview = 'http://127.0.0.1/sites/adminpreview/token1/';
    const published: SiteVersion[] = [];
    const checked: string[] = [];
    const app = openScreen(() => [...published].reverse(), {
      'POST /protected/business/12/website/publish': () => {
        published.push(version(1, 'building', { previewUrl: preview }));
        return ok(version(1, 'queued', { previewUrl: preview, buildLog: [{ step: 'queued', at: '2026-11-01T18:00:00.000Z', message: 'Queued' }] }));
      },
      'GET /protected/business/12/checkwebsitepreview': (request) => {
        checked.push(new URL(request.url).searchParams.get('url') ?? '');
        return ok({ ready: false, versionId: 101, status: 'building' });
      },
    });
    expect(await app.screen.findByText('No website versions yet', undefined, { timeout: 15_000 })).toBeTruthy();
    await app.user.click(app.screen.getByRole('button', { name: 'Publish website' }));
    const modal = await app.screen.findByRole('dialog', { name: 'Preview Website' });
    expect(within(modal).getByRole('status').textContent).toBe(MESSAGES.websiteNotReadyYet);
    expect(within(modal).getByText('Try 1 of 6')).toBeTruthy();
    expect(within(modal).getByText(preview)).toBeTruthy();
    expect(modal.querySelector('iframe')).toBeNull();
    // Nothing asked yet: the version was just queued; the next check comes ten seconds later.
    expect(checked).toEqual([]);

    // Behind it, the new version's build log, and the version in the list.
    await app.user.click(within(modal).getByRole('button', { name: 'Close' }));
    const log = await app.screen.findByRole('log', { name: 'Build log of website version 1' });
    expect(within(log).getByText('Queued')).toBeTruthy();
    expect(await app.screen.findByRole('button', { name: 'Build log of website version 1' })).toBeTruthy();
  });

  it('previewing a built version shows it at once: no waiting text, no check needed', async () => {
    const preview = 'http://127.0.0.1/sites/adminpreview/token2/';
    const draft = version(2, 'ready', { previewUrl: preview, previewExpiresAt: '2099-01-01T00:00:00.000Z' });
    const checked: string[] = [];
    const app = openScreen(() => [draft, version(1, 'live')], {
      'GET /protected/business/12/site/versions/102': ok(draft),
      'GET /protected/business/12/checkwebsitepreview': (request) => {
        checked.push(new URL(request.url).searchParams.get('url') ?? '');
        return ok({ ready: true, versionId: 102, status: 'ready' });
      },
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Preview website version 2' }, { timeout: 15_000 }));
    const modal = await app.screen.findByRole('dialog', { name: 'Preview Website' });
    await waitFor(() => expect(modal.querySelector('iframe')?.getAttribute('src')).toBe(preview));
    expect(within(modal).queryByText(MESSAGES.websiteNotReadyYet)).toBeNull();
    expect(within(modal).queryByText(/^Try \d of 6$/)).toBeNull();
  });

  it('previewing the live site while the newest publish failed: the failure message, and the failed version can be deleted', async () => {
    const failed = version(2, 'failed', { error: 'The template could not be rendered' });
    let websites = [failed, version(1, 'live')];
    const deleted: string[] = [];
    const app = openScreen(() => websites, {
      'GET /protected/business/12/site/versions/102': ok(failed),
      'GET /protected/business/12/site/versions/101': ok(version(1, 'live')),
      'GET /protected/business/12/checkwebsitepreview': ok({ ready: false, versionId: 102, status: 'failed' }),
      'POST /protected/business/12/site/versions/102/delete': (request) => {
        deleted.push(new URL(request.url).pathname);
        websites = [version(1, 'live')];
        return ok({ deleted: 102 });
      },
    });
    // The newest version's log says why it failed.
    const log = await app.screen.findByRole('log', { name: 'Build log of website version 2' }, { timeout: 15_000 });
    expect(log.parentElement?.parentElement?.textContent).toContain('The template could not be rendered');

    await app.user.click(within(app.screen.getByRole('region', { name: 'Live website' })).getByRole('button', { name: 'Preview website' }));
    const modal = await app.screen.findByRole('dialog', { name: 'Preview Website' });
    expect((await within(modal).findByRole('alert')).textContent).toBe(MESSAGES.websitePublishFailed);
    expect(within(modal).queryByRole('button', { name: 'Check again' })).toBeNull();
    await app.user.click(within(modal).getByRole('button', { name: 'Close' }));

    await app.user.click(await app.screen.findByRole('button', { name: 'Delete website version 2' }));
    const confirm = await app.screen.findByRole('alertdialog', { name: 'Delete website version 2?' });
    await app.user.click(within(confirm).getByRole('button', { name: 'Delete version' }));
    await waitFor(() => expect(app.screen.queryByRole('button', { name: 'Delete website version 2' })).toBeNull());
    expect(deleted).toEqual(['/protected/business/12/site/versions/102/delete']);
  });
});
