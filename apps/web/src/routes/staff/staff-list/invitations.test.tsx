import { INVITATION_TTL_DAYS, MESSAGES } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, ownerSession, unrestrictedOwnerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const invitation = (id: number, email: string, overrides: Record<string, unknown> = {}) => ({
  id,
  business_id: 12,
  email,
  role: 'STAFF',
  acl: { blocks: [], units: {}, restrictions: [] },
  status: 'pending',
  created_at: '2026-03-02T10:00:00.000Z',
  expires_at: '2026-03-09T10:00:00.000Z',
  used_at: null,
  invited_by: 'Olivia Owner',
  ...overrides,
});

/** The staff list of business 12 over a fake API that keeps invitations as the server does. */
function openStaff(session: typeof unrestrictedOwnerSession | typeof ownerSession = unrestrictedOwnerSession) {
  const invitations = [invitation(3, 'used@example.test', { status: 'used', used_at: '2026-03-03T10:00:00.000Z' })];
  const sent: unknown[] = [];
  const withdrawn: string[] = [];
  const app = renderApp('/12/staff', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/getemployees': ok([]),
      'GET /protected/business/12/staff/invitations': () => ok(invitations),
      'POST /protected/business/12/staff/invite': async (request) => {
        const body = (await request.json()) as { email: string; role: string; acl: unknown };
        sent.push(body);
        invitations.unshift(invitation(4, body.email.trim().toLowerCase(), { role: body.role, acl: body.acl }));
        return ok(invitations[0]);
      },
      'POST /protected/business/12/staff/invitations/4/withdraw': (request) => {
        withdrawn.push(request.url);
        invitations[0] = { ...invitations[0]!, status: 'withdrawn' };
        return ok(invitations[0]);
      },
    },
  });
  return { app, sent, withdrawn };
}

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('inviting a user from the Staff screen', { timeout: 20_000 }, () => {
  it('sends the email, role and the permissions ticked as an acl, then lists the invitation as waiting', async () => {
    const { app, sent } = openStaff();
    await app.user.click(await app.screen.findByRole('button', { name: 'Invite a user' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Invite a user' }));
    expect(dialog.getByText(new RegExp(`works once, for ${INVITATION_TTL_DAYS} days`))).toBeTruthy();

    // An address that is not one is refused before anything is sent.
    await app.user.type(dialog.getByRole('textbox', { name: /email/i }), 'not-an-address');
    await app.user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    expect(await dialog.findByText(MESSAGES.invitationEmailRequired)).toBeTruthy();
    expect(sent).toEqual([]);

    await app.user.clear(dialog.getByRole('textbox', { name: /email/i }));
    await app.user.type(dialog.getByRole('textbox', { name: /email/i }), 'Dana@Example.test');
    await app.user.selectOptions(dialog.getByRole('combobox', { name: 'Role' }), 'MANAGER');
    await app.user.click(dialog.getByRole('checkbox', { name: 'Manage staff' }));
    await app.user.click(dialog.getByRole('checkbox', { name: 'Transaction reports' }));
    // "Manage staff" includes "View staff": ticked, and locked.
    const view = dialog.getByRole('checkbox', { name: 'View staff' }) as HTMLInputElement;
    expect(view.checked && view.disabled).toBe(true);
    await app.user.click(dialog.getByRole('button', { name: 'Send invitation' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      email: 'Dana@Example.test',
      role: 'MANAGER',
      acl: { blocks: ['operation', 'reporting'], units: { operation: ['staff'], reporting: ['transactionreport'] }, restrictions: [] },
    });
    expect(await app.screen.findByText(MESSAGES.invitationSent)).toBeTruthy();
    const list = within(await app.screen.findByRole('region', { name: 'Invitations' }));
    const item = within(await list.findByRole('listitem', { name: 'dana@example.test' }));
    expect(item.getByText('Waiting')).toBeTruthy();
    expect(item.getByText(/Manager · invited by Olivia Owner · link works until/)).toBeTruthy();
    expect(within(list.getByRole('listitem', { name: 'used@example.test' })).getByText('Account created')).toBeTruthy();
  });

  it('withdraws a waiting invitation after asking', async () => {
    const { app, withdrawn } = openStaff();
    await app.user.click(await app.screen.findByRole('button', { name: 'Invite a user' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Invite a user' }));
    await app.user.type(dialog.getByRole('textbox', { name: /email/i }), 'later@example.test');
    await app.user.click(dialog.getByRole('button', { name: 'Send invitation' }));
    await app.user.click(await app.screen.findByRole('button', { name: 'Withdraw the invitation to later@example.test' }));
    const ask = within(await app.screen.findByRole('alertdialog', { name: 'Withdraw this invitation?' }));
    await app.user.click(ask.getByRole('button', { name: 'Withdraw invitation' }));
    await waitFor(() => expect(withdrawn).toHaveLength(1));
    expect(await app.screen.findByText(MESSAGES.invitationWithdrawnDone)).toBeTruthy();
    expect(within(await app.screen.findByRole('listitem', { name: 'later@example.test' })).getByText('Withdrawn')).toBeTruthy();
  });

  it('greys out what the inviter does not hold, and full access unless they have it', async () => {
    // An owner whose acl holds only staff management.
    const limited = { ...ownerSession, user: { ...ownerSession.user, acl: { blocks: ['operation'], units: { operation: ['staff'] } } } };
    const { app } = openStaff(limited as typeof ownerSession);
    await app.user.click(await app.screen.findByRole('button', { name: 'Invite a user' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Invite a user' }));
    expect((dialog.getByRole('checkbox', { name: 'Manage staff' }) as HTMLInputElement).disabled).toBe(false);
    expect((dialog.getByRole('checkbox', { name: 'Edit settings' }) as HTMLInputElement).disabled).toBe(true);
    const full = dialog.getByRole('switch', { name: 'Full access' });
    expect(full.hasAttribute('disabled') || full.getAttribute('aria-disabled') === 'true').toBe(true);
  });
});
