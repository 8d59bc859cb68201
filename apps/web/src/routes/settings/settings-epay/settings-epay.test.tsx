import { DOMAIN_PROBLEM, MESSAGES, normalizeDomains } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as session } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

/** The epay screen over a fake API that keeps what is saved and normalises the allow-list, as the server does. */
function openEpay() {
  let settings = {
    'epay.recurring.enabled': false,
    'epay.weborder.enabled': true,
    'epay.weborder.provider': 'stripe',
    websites: ['https://luxe.example/'],
    domains: ['luxe.example'],
    account: 'acct_demo_0012',
    ably: { configured: false, keyName: null as string | null, updated_at: null as string | null },
    updated_at: null,
  };
  const domainBodies: string[][] = [];
  const ablyBodies: unknown[] = [];
  const app = renderApp('/12/settings/epay', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/epaysettings/get': () => ok(settings),
      'POST /protected/business/12/domains/update': async (request) => {
        const { domains } = (await request.json()) as { domains: string[] };
        domainBodies.push(domains);
        const result = normalizeDomains(domains);
        if (!result.ok) return fail(400, MESSAGES.invalidRequest);
        settings = { ...settings, domains: result.domains };
        return ok({ domains: result.domains }, MESSAGES.domainsUpdated);
      },
      'POST /protected/business/12/ablysettings/update': async (request) => {
        const body = (await request.json()) as { key: string | null };
        ablyBodies.push(body);
        settings = { ...settings, ably: { configured: body.key !== null, keyName: body.key ? body.key.split(':')[0]! : null, updated_at: '2026-03-02T10:00:00.000Z' } };
        return ok(settings.ably, MESSAGES.updatedSuccessfully);
      },
    },
  });
  return { app, domainBodies, ablyBodies };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('epay settings', { timeout: 20_000 }, () => {
  it('refuses a bad domain beside it without sending anything, then saves a good one as the server keeps it', async () => {
    const { app, domainBodies } = openEpay();
    const whitelist = within(await app.screen.findByRole('group', { name: 'Allowed domains' }, { timeout: 10_000 }));
    expect(whitelist.getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['luxe.example']);
    await app.user.click(whitelist.getByRole('button', { name: 'Add an item' }));
    await app.user.keyboard('exa mple.com');
    await app.user.click(app.screen.getByRole('button', { name: 'Save domains' }));
    expect(whitelist.getByText(DOMAIN_PROBLEM.space)).toBeTruthy();
    expect(whitelist.getByRole('textbox', { name: 'Domain 2' }).getAttribute('aria-invalid')).toBe('true');
    expect(domainBodies).toEqual([]);

    const added = whitelist.getByRole('textbox', { name: 'Domain 2' });
    await app.user.clear(added);
    await app.user.type(added, '*.Bücher.example');
    await app.user.click(app.screen.getByRole('button', { name: 'Save domains' }));
    await waitFor(() => expect(domainBodies).toEqual([['luxe.example', '*.Bücher.example']]));
    expect(await app.screen.findByText(MESSAGES.domainsUpdated)).toBeTruthy();
    await waitFor(() => expect((whitelist.getByRole('textbox', { name: 'Domain 2' }) as HTMLInputElement).value).toBe('*.xn--bcher-kva.example'));
    expect(whitelist.queryByText(DOMAIN_PROBLEM.space)).toBeNull();
  });

  it('takes an Ably key, never shows it again, and asks before removing it', async () => {
    const { app, ablyBodies } = openEpay();
    expect(await app.screen.findByText('No Ably key is set.', {}, { timeout: 10_000 })).toBeTruthy();
    const field = app.screen.getByLabelText('Ably API key') as HTMLInputElement;
    expect(field.type).toBe('password');
    await app.user.type(field, 'not a key');
    await app.user.click(app.screen.getByRole('button', { name: 'Save key' }));
    expect(app.screen.getByText('An Ably API key looks like appId.keyId:secret')).toBeTruthy();
    expect(ablyBodies).toEqual([]);
    await app.user.clear(field);
    await app.user.type(field, 'appX.keyY:s3cr3t');
    await app.user.click(app.screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(ablyBodies).toEqual([{ key: 'appX.keyY:s3cr3t' }]));
    const status = await app.screen.findByTestId('ably-status');
    await waitFor(() => expect(status.textContent).toContain('appX.keyY'));
    expect(document.body.innerHTML).not.toContain('s3cr3t');

    await app.user.click(app.screen.getByRole('button', { name: 'Remove key' }));
    const ask = await app.screen.findByRole('alertdialog', { name: 'Remove the Ably key?' });
    await app.user.click(within(ask).getByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(ablyBodies).toEqual([{ key: 'appX.keyY:s3cr3t' }, { key: null }]));
    await waitFor(() => expect(app.screen.getByTestId('ably-status').textContent).toBe('No Ably key is set.'));
  });
});
