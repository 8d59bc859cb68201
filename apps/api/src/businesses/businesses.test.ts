import { ApiError, business, MESSAGES } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NETWORKS } from '../demo/accounts';
import { rawRequest, signedIn, startTestServer, type TestServer } from '../test/harness';

/** Location ids follow DEMO_NETWORKS order: 1 LA, 2 NY, 3 Santa Monica, 4 Kathmandu, 5 Sydney. */
const LOCATION_ID = Object.fromEntries(DEMO_NETWORKS.flatMap((n) => n.locations).map((l, i) => [l.name, i + 1]));
const LA = LOCATION_ID['Luxe Los Angeles'] as number;
const NY = LOCATION_ID['Luxe New York'] as number;
const SM = LOCATION_ID['Luxe Santa Monica'] as number;
const KATHMANDU = LOCATION_ID['Lotus Kathmandu'] as number;

const forbidden = { status: 403, code: 'FORBIDDEN', message: MESSAGES.noBusinessPermission };

describe('business detail', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('gives a manager their own location, in the shape of core’s business model', async () => {
    const { client, session } = await signedIn(server, 'manager');
    const detail = await client.businesses.get(session.user.id, LA);
    expect(business.parse(detail)).toEqual(detail);
    expect(detail).toMatchObject({
      id: LA,
      name: 'Luxe Los Angeles',
      timezone: 'America/Los_Angeles',
      info: { currency: 'USD', translationData: { currencySymbol: '$' } },
      weekStartsOn: 0,
    });
  });

  it('names the first day of the business’s week: the schedule settings’ when saved', async () => {
    const { client, session } = await signedIn(server, 'owner');
    await client.schedule.updateSettings(SM, { weekStartsOn: 1 });
    expect(await client.businesses.get(session.user.id, SM)).toMatchObject({ id: SM, weekStartsOn: 1 });
    expect(await client.businesses.get(session.user.id, LA)).toMatchObject({ id: LA, weekStartsOn: 0 });
  });

  it('refuses a manager another location of the same network, with the exact message', async () => {
    const { client, session } = await signedIn(server, 'manager');
    const error = await client.businesses.get(session.user.id, NY).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject(forbidden);

    const raw = await rawRequest(server, `/protected/user/${session.user.id}/business/${NY}/detail`, {
      headers: { cookie: `sd_session=${(await signedIn(server, 'manager')).jar.get('sd_session')}` },
    });
    expect(raw.status).toBe(403);
    expect(raw.body).toEqual({ status: false, message: 'You do not have permission to access this busines information.', code: 'FORBIDDEN' });
  });

  it('gives a network owner every location of their network and nothing of another network', async () => {
    const owner = await signedIn(server, 'owner');
    for (const id of [1, 2, 3]) await expect(owner.client.businesses.get(owner.session.user.id, id)).resolves.toMatchObject({ id });
    await expect(owner.client.businesses.get(owner.session.user.id, KATHMANDU)).rejects.toMatchObject(forbidden);

    const lotus = await signedIn(server, 'lotus');
    await expect(lotus.client.businesses.get(lotus.session.user.id, KATHMANDU)).resolves.toMatchObject({
      info: { currency: 'NPR', translationData: { currencySymbol: 'Rs' } },
    });
    for (const id of [1, 2, 3]) await expect(lotus.client.businesses.get(lotus.session.user.id, id)).rejects.toMatchObject(forbidden);
  });

  it('answers a non-admin the same 403 for a business that does not exist', async () => {
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.businesses.get(owner.session.user.id, 9999)).rejects.toMatchObject(forbidden);
  });

  it('refuses a path naming another user, even for a business the caller may see', async () => {
    const owner = await signedIn(server, 'owner');
    const manager = await signedIn(server, 'manager');
    await expect(owner.client.businesses.get(manager.session.user.id, LA)).rejects.toMatchObject(forbidden);
  });

  it('lets an admin open any business, and says 404 for one that does not exist', async () => {
    const admin = await signedIn(server, 'admin');
    await expect(admin.client.businesses.get(admin.session.user.id, KATHMANDU)).resolves.toMatchObject({ id: KATHMANDU });
    await expect(admin.client.businesses.get(admin.session.user.id, 9999)).rejects.toMatchObject({
      status: 404,
      message: MESSAGES.notFound,
    });
  });

  it('asks to log in without a session', async () => {
    const response = await rawRequest(server, `/protected/user/1/business/${LA}/detail`);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ status: false, message: MESSAGES.pleaseLogIn, code: 'UNAUTHORIZED' });
  });
});

describe('admin business list', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lists every business to an admin', async () => {
    const admin = await signedIn(server, 'admin');
    const list = await admin.client.businesses.listAll();
    expect(list.map((b) => b.name)).toEqual(DEMO_NETWORKS.flatMap((n) => n.locations.map((l) => l.name)));
  });

  it.each(['owner', 'manager', 'lotus'])('refuses %s', async (username) => {
    const { client } = await signedIn(server, username);
    await expect(client.businesses.listAll()).rejects.toMatchObject(forbidden);
  });
});

describe('report settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('an owner turns reports off and on and picks the reports offered, kept in the registry’s order', async () => {
    const { client, session } = await signedIn(server, 'owner');
    const offered = await client.reports.listCustom(LA);
    expect(offered.length).toBeGreaterThan(0);
    expect(await client.businesses.updateReportSettings(LA, { enabled: false, reports: ['timesheets', 'sales'] })).toEqual({ enabled: false, reports: ['sales', 'timesheets'] });
    expect((await client.businesses.get(session.user.id, LA)).reportsettings).toEqual({ enabled: false, reports: ['sales', 'timesheets'] });
    // Custom reports follow the switch.
    expect(await client.reports.listCustom(LA)).toEqual([]);
    await client.businesses.updateReportSettings(LA, { enabled: true, reports: ['sales'] });
    expect((await client.businesses.get(session.user.id, LA)).reportsettings).toEqual({ enabled: true, reports: ['sales'] });
    expect(await client.reports.listCustom(LA)).toHaveLength(offered.length);
  });

  it('refuses an unknown report, a report twice, billing, and changes nothing', async () => {
    const { client, session } = await signedIn(server, 'owner');
    const before = (await client.businesses.get(session.user.id, LA)).reportsettings;
    for (const reports of [['sales', 'nope'], ['sales', 'sales'], ['billingv2']]) {
      await expect(client.businesses.updateReportSettings(LA, { enabled: true, reports })).rejects.toMatchObject({ status: 400 });
    }
    expect((await client.businesses.get(session.user.id, LA)).reportsettings).toEqual(before);
  });

  it('refuses a manager without the right to edit settings, and an owner another network’s location', async () => {
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.businesses.updateReportSettings(LA, { enabled: false, reports: [] })).rejects.toMatchObject({ status: 403 });
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.businesses.updateReportSettings(KATHMANDU, { enabled: false, reports: [] })).rejects.toMatchObject(forbidden);
  });
});
