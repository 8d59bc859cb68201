import { createHash } from 'node:crypto';
import { aclWithPermissions, ApiError, INVITATION_TTL_DAYS, MESSAGES, userCan } from '@salondesk/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBusinesses, users } from '../db/schema';
import { outbox } from '../outbox/schema';
import { clientFor, rawRequest, refusal, signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';
import { snapshot, changedTables } from '../test/snapshot';
import { userInvitations } from './schema';

const LA = 1;
const NY = 2;
const KTM = 4;
const PASSWORD = 'welcome-aboard-7';

/** What an invitee can do here: view and manage staff, see transaction reports. */
const deskAcl = aclWithPermissions({ blocks: [], units: {}, restrictions: [] }, ['operation.staff', 'reporting.transactionreport']);

/** The link of the newest invitation email to `email`, as the invitee reads it. */
async function linkFor(server: TestServer, email: string): Promise<{ url: string; businessId: number; token: string }> {
  const [mail] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
  const url = mail?.body.match(/https?:\/\/\S+\/register-user\/\S+/)?.[0];
  const parts = url?.match(/\/register-user\/(\d+)\/([A-Za-z0-9_-]{43})$/);
  if (!url || !parts) throw new Error(`No invitation link in the outbox for ${email}: ${mail?.body}`);
  return { url, businessId: Number(parts[1]), token: parts[2] as string };
}

describe('invitations', () => {
  let server: TestServer;
  let owner: TestClient;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://desk.example.test' });
    owner = await signedIn(server, 'owner');
  });
  afterAll(() => server.close());

  it('emails a single-use link through the outbox, keeping only the SHA-256 of its token', async () => {
    const email = 'new.manager@example.test';
    const invitation = await owner.client.invitations.create(LA, { email: ' New.Manager@Example.test ', role: 'MANAGER', acl: deskAcl });
    expect(invitation).toMatchObject({ business_id: LA, email, role: 'MANAGER', status: 'pending', used_at: null, invited_by: 'Olivia Laurent' });
    expect(Date.parse(invitation.expires_at) - Date.parse(invitation.created_at)).toBe(INVITATION_TTL_DAYS * 86_400_000);

    const link = await linkFor(server, email);
    expect(link.url).toBe(`https://desk.example.test/register-user/${LA}/${link.token}`);
    const [mail] = await server.database.db.select().from(outbox).where(eq(outbox.recipient, email)).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toBe('You are invited to Luxe Los Angeles on Salondesk');
    expect(mail?.body).toContain('Olivia Laurent invited you to Luxe Los Angeles on Salondesk, as Manager.');

    const [row] = await server.database.db.select().from(userInvitations).where(and(eq(userInvitations.business_id, LA), eq(userInvitations.id, invitation.id)));
    expect(row?.token_hash).toBe(createHash('sha256').update(link.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(link.token);
    expect((await owner.client.invitations.list(LA)).map((i) => i.id)).toContain(invitation.id);
  });

  it('registers from the link: the account gets the invitation’s role, acl and business, and is signed in', async () => {
    const email = 'front.desk@example.test';
    await owner.client.invitations.create(LA, { email, role: 'STAFF', acl: deskAcl });
    const link = await linkFor(server, email);
    const invitee = clientFor(server);
    expect(await invitee.client.invitations.open(link.businessId, link.token)).toMatchObject({ business: 'Luxe Los Angeles', email, role: 'STAFF' });

    const session = await invitee.client.invitations.register({ ...link, fullname: '  Dana Desk ', password: PASSWORD });
    expect(session.user).toMatchObject({ fullname: 'Dana Desk', email, username: email, role: 'STAFF' });
    expect(session.businesses.map((b) => b.id)).toEqual([LA]);
    // The acl gives what was chosen, nothing more.
    expect(userCan(session.user, 'operation.staff')).toBe(true);
    expect(userCan(session.user, 'reporting.transactionreport')).toBe(true);
    expect(userCan(session.user, 'setting.editsetting')).toBe(false);
    // Signed in by the cookie the answer set: the staff list answers, settings and another business do not.
    expect((await invitee.client.staff.list(LA)).length).toBeGreaterThan(0);
    expect((await refusal(invitee.client.settings.get(LA))).status).toBe(403);
    expect((await refusal(invitee.client.staff.list(NY))).status).toBe(403);
    // The plain password never reached the server; the hash of the client's hash did.
    const [stored] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(stored?.password_hash).not.toContain(PASSWORD);
    // And the account signs in again by its email and that password.
    const again = clientFor(server);
    const signIn = await again.client.auth.login({ username: email, password: PASSWORD });
    expect(signIn).toMatchObject({ user: { email } });
    expect((await owner.client.invitations.list(LA)).find((i) => i.email === email)).toMatchObject({ status: 'used' });
  });

  it('refuses a used link with a clear message, and changes nothing', async () => {
    const email = 'used.link@example.test';
    await owner.client.invitations.create(LA, { email, role: 'STAFF', acl: deskAcl });
    const link = await linkFor(server, email);
    await clientFor(server).client.invitations.register({ ...link, fullname: 'First Use', password: PASSWORD });

    const before = await snapshot(server.database.db);
    const second = clientFor(server);
    const opened = await refusal(second.client.invitations.open(link.businessId, link.token));
    expect(opened).toMatchObject({ status: 410, code: 'GONE', message: MESSAGES.invitationUsed });
    const registered = await refusal(second.client.invitations.register({ ...link, fullname: 'Second Use', password: 'another-pass-9' }));
    expect(registered).toMatchObject({ status: 410, message: MESSAGES.invitationUsed });
    expect(changedTables(before, await snapshot(server.database.db))).toEqual([]);
    expect(second.jar.size).toBe(0);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.fullname).toBe('First Use');
  });

  it('refuses an expired link with a clear message, and changes nothing', async () => {
    const email = 'late.invitee@example.test';
    const invitation = await owner.client.invitations.create(LA, { email, role: 'MANAGER', acl: deskAcl });
    const link = await linkFor(server, email);
    await server.database.db
      .update(userInvitations)
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where(and(eq(userInvitations.business_id, LA), eq(userInvitations.id, invitation.id)));

    const before = await snapshot(server.database.db);
    const invitee = clientFor(server);
    expect(await refusal(invitee.client.invitations.open(link.businessId, link.token))).toMatchObject({ status: 410, message: MESSAGES.invitationExpired });
    expect(await refusal(invitee.client.invitations.register({ ...link, fullname: 'Too Late', password: PASSWORD }))).toMatchObject({ status: 410, message: MESSAGES.invitationExpired });
    expect(changedTables(before, await snapshot(server.database.db))).toEqual([]);
    expect(await server.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await owner.client.invitations.list(LA)).find((i) => i.id === invitation.id)).toMatchObject({ status: 'expired' });
  });

  it('refuses a link under another business, a wrong token and a withdrawn invitation', async () => {
    const email = 'withdrawn@example.test';
    const invitation = await owner.client.invitations.create(LA, { email, role: 'STAFF', acl: deskAcl });
    const link = await linkFor(server, email);
    const invitee = clientFor(server);
    // The token is only good with the business it was made for.
    expect(await refusal(invitee.client.invitations.open(NY, link.token))).toMatchObject({ status: 404, message: MESSAGES.invitationNotFound });
    expect(await refusal(invitee.client.invitations.open(LA, 'A'.repeat(43)))).toMatchObject({ status: 404, message: MESSAGES.invitationNotFound });
    expect((await rawRequest(server, `/invitation/${LA}/short`)).status).toBe(400);

    expect(await owner.client.invitations.withdraw(LA, invitation.id)).toMatchObject({ status: 'withdrawn' });
    expect(await refusal(invitee.client.invitations.register({ ...link, fullname: 'Nobody', password: PASSWORD }))).toMatchObject({ status: 410, message: MESSAGES.invitationWithdrawn });
    expect(await refusal(owner.client.invitations.withdraw(LA, invitation.id))).toMatchObject({ status: 409, message: MESSAGES.invitationNoLongerOpen });
  });

  it('lets a newer invitation to the same email replace the waiting one', async () => {
    const email = 'twice@example.test';
    const first = await owner.client.invitations.create(LA, { email, role: 'STAFF', acl: deskAcl });
    const firstLink = await linkFor(server, email);
    const second = await owner.client.invitations.create(LA, { email, role: 'MANAGER', acl: deskAcl });
    const list = await owner.client.invitations.list(LA);
    expect(list.find((i) => i.id === first.id)?.status).toBe('withdrawn');
    expect(list.find((i) => i.id === second.id)?.status).toBe('pending');
    expect(await refusal(clientFor(server).client.invitations.open(LA, firstLink.token))).toMatchObject({ status: 410 });
  });

  it('refuses to invite an email that already has an account, and grants no more than the inviter holds', async () => {
    const existing = await refusal(owner.client.invitations.create(LA, { email: 'MANAGER@salondesk.demo', role: 'STAFF', acl: deskAcl }));
    expect(existing).toMatchObject({ status: 409, message: MESSAGES.invitationEmailHasAccount });

    // The demo manager may manage staff, but holds no settings right: they cannot give one.
    const manager = await signedIn(server, 'manager');
    const settingsAcl = aclWithPermissions({ blocks: [], units: {}, restrictions: [] }, ['setting.editsetting']);
    expect(await refusal(manager.client.invitations.create(LA, { email: 'escalate@example.test', role: 'STAFF', acl: settingsAcl }))).toMatchObject({
      status: 403,
      message: MESSAGES.aclEscalation,
    });
    expect(await refusal(manager.client.invitations.create(LA, { email: 'escalate@example.test', role: 'STAFF', acl: { blocks: ['unrestricted'], units: {}, restrictions: [] } }))).toMatchObject({
      status: 403,
      message: MESSAGES.aclEscalation,
    });
    const allowed = await manager.client.invitations.create(LA, { email: 'within@example.test', role: 'STAFF', acl: aclWithPermissions({ blocks: [], units: {}, restrictions: [] }, ['operation.view-staff']) });
    expect(allowed.status).toBe('pending');
    expect(await refusal(owner.client.invitations.create(LA, { email: 'not-an-email', role: 'STAFF', acl: deskAcl }))).toMatchObject({ status: 400 });
    expect(await refusal(owner.client.invitations.create(LA, { email: 'x@example.test', role: 'ADMIN' as 'STAFF', acl: deskAcl }))).toMatchObject({ status: 400 });
  });

  it('refuses another business’s invitations: inviting, listing and withdrawing there', async () => {
    const lotus = await signedIn(server, 'lotus');
    const mine = await lotus.client.invitations.create(KTM, { email: 'kathmandu.desk@example.test', role: 'STAFF', acl: { blocks: [], units: {}, restrictions: [] } });
    const manager = await signedIn(server, 'manager');
    for (const caller of [lotus, manager]) {
      expect((await refusal(caller.client.invitations.create(NY, { email: 'intruder@example.test', role: 'STAFF', acl: deskAcl }))).status).toBe(403);
      expect((await refusal(caller.client.invitations.list(NY))).status).toBe(403);
    }
    // The owner of Luxe cannot see or withdraw Kathmandu's, even naming its id under their own business.
    expect((await refusal(owner.client.invitations.list(KTM))).status).toBe(403);
    expect((await refusal(owner.client.invitations.withdraw(KTM, mine.id))).status).toBe(403);
    expect(await refusal(owner.client.invitations.withdraw(LA, mine.id))).toMatchObject({ status: 404 });
    expect((await owner.client.invitations.list(LA)).map((i) => i.id)).not.toContain(mine.id);
    expect((await lotus.client.invitations.list(KTM)).find((i) => i.id === mine.id)?.status).toBe('pending');
    // An invitee of Kathmandu registers into Kathmandu only.
    const link = await linkFor(server, 'kathmandu.desk@example.test');
    const session = await clientFor(server).client.invitations.register({ ...link, fullname: 'Kiran Desk', password: PASSWORD });
    expect(session.businesses.map((b) => b.id)).toEqual([KTM]);
    const grants = await server.database.db.select().from(userBusinesses).where(eq(userBusinesses.user_id, session.user.id));
    expect(grants).toEqual([{ user_id: session.user.id, business_id: KTM }]);
  });

  it('needs a signed-in user with the staff right to invite', async () => {
    const anonymous = clientFor(server);
    const refused = await refusal(anonymous.client.invitations.create(LA, { email: 'anon@example.test', role: 'STAFF', acl: deskAcl }));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused.status).toBe(401);
  });
});
