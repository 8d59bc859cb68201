import { MESSAGES, staffNameInUse } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, ok, type Routes, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { currentPath, renderApp } from '../../../test/renderApp';

const session = ownerSession;

const member = (id: number, name: string, full_name: string, display_name = full_name) => ({
  id,
  business_id: 12,
  username: null,
  name,
  nickname: null,
  full_name,
  display_name,
  status: 'ACTIVE',
  order: id,
  attributes: {},
  visible_in_appointment: true,
  deleted: false,
  deleted_at: null,
  acl: { blocks: [], units: {}, restrictions: [] },
  photo_media_id: null,
  photo_url: null,
});

/** The staff list of business 12 with these members, over a fake API answering `staff/add` with `add`. */
const openStaffList = (members: ReturnType<typeof member>[], add: Routes[string]) =>
  renderApp('/12/staff', {
    storedSession: session,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(session),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/getemployees': ok(members),
      'POST /protected/business/12/staff/add': add,
    },
  });

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('adding a staff member', { timeout: 15_000 }, () => {
  it('warns before adding a name already in use, and adds it only once confirmed', async () => {
    const warning = staffNameInUse([{ name: 'Maya Flores', deleted: false }, { name: 'Maya Patel', deleted: false }]);
    const bodies: { allowSameName?: boolean; name: string }[] = [];
    const app = openStaffList([member(1, 'Maya', 'Maya Flores'), member(6, 'Maya', 'Maya Patel')], async (request) => {
      const body = (await request.json()) as { allowSameName?: boolean; name: string };
      bodies.push(body);
      return body.allowSameName
        ? ok(member(9, 'Maya', 'Maya Khan'))
        : { status: 409, body: { status: false, code: 'NAME_IN_USE', message: warning } };
    });
    // The first render also loads the dashboard's modules: a busy machine may take a while.
    await app.user.click(await app.screen.findByRole('button', { name: 'Add staff member' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Add staff member' }));
    await app.user.type(dialog.getByRole('textbox', { name: /^name/i }), 'Maya');
    await app.user.type(dialog.getByRole('textbox', { name: /full name/i }), 'Maya Khan');
    await app.user.click(dialog.getByRole('button', { name: 'Add' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(warning);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.allowSameName).toBe(false);
    await app.user.click(dialog.getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(app.screen.queryByRole('dialog', { name: 'Add staff member' })).toBeNull());
    expect(bodies.map((b) => b.allowSameName)).toEqual([false, true]);
    // The new member's profile opens, with the spec's message.
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/staff/9'));
    expect(await app.screen.findByText(MESSAGES.successfullyAdded)).toBeTruthy();
  });

  it('checks itself before sending: required names, lengths and the username, by the same rules as the server', async () => {
    const bodies: unknown[] = [];
    const app = openStaffList([member(1, 'Maya', 'Maya Flores')], async (request) => {
      bodies.push(await request.json());
      return ok(member(9, 'Noor', 'Noor Haddad'));
    });
    await app.user.click(await app.screen.findByRole('button', { name: 'Add staff member' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Add staff member' }));
    const name = dialog.getByRole('textbox', { name: /^name/i });
    const fullName = dialog.getByRole('textbox', { name: /full name/i });
    const username = dialog.getByRole('textbox', { name: /username/i });
    await app.user.type(fullName, 'x'.repeat(121));
    await app.user.type(username, 'a b');
    await app.user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(bodies).toEqual([]);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(dialog.getByText(MESSAGES.staffNameRequired)).toBeTruthy();
    expect(dialog.getByText(MESSAGES.staffNameTooLong)).toBeTruthy();
    expect(dialog.getByText(MESSAGES.invalidStaffUsername)).toBeTruthy();
    // Typing in a field clears its message.
    await app.user.type(name, 'Noor');
    expect(dialog.queryByText(MESSAGES.staffNameRequired)).toBeNull();
    await app.user.clear(fullName);
    await app.user.type(fullName, 'Noor Haddad');
    await app.user.clear(username);
    await app.user.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(currentPath(app.router)).toBe('/12/staff/9'));
    expect(bodies).toEqual([{ name: 'Noor', full_name: 'Noor Haddad', username: null, schedulerColor: '#60A5FA', allowSameName: false }]);
  });

  it('drops the warning when the name is changed', async () => {
    const app = openStaffList([member(1, 'Maya', 'Maya Flores')], { status: 409, body: { status: false, code: 'NAME_IN_USE', message: staffNameInUse([{ name: 'Maya Flores', deleted: false }]) } });
    await app.user.click(await app.screen.findByRole('button', { name: 'Add staff member' }, { timeout: 10_000 }));
    const dialog = within(await app.screen.findByRole('dialog', { name: 'Add staff member' }));
    const fullName = dialog.getByRole('textbox', { name: /full name/i });
    await app.user.type(dialog.getByRole('textbox', { name: /^name/i }), 'Maya');
    await app.user.type(fullName, 'Maya Flores');
    await app.user.click(dialog.getByRole('button', { name: 'Add' }));
    await dialog.findByRole('alert');
    await app.user.type(fullName, 'x');
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(dialog.getByRole('button', { name: 'Add' })).toBeTruthy();
  });
});
