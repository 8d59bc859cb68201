import { MESSAGES, operations, settingTypeExists, type BusinessSetting, type SettingByKeyInput, type SettingGroup } from '@salondesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, startTestServer, type TestClient, type TestServer } from '../test/harness';

const LA = 1;
const NY = 2;
const SANTA_MONICA = 3;
const KATHMANDU = 4;
const forbidden = { status: 403, message: MESSAGES.noBusinessPermission };

const settingsOf = (groups: SettingGroup[]): BusinessSetting[] => groups.flatMap((g) => (g.kind === 'settings' ? g.settings : []));
const byName = (groups: SettingGroup[], name: string) => settingsOf(groups).find((s) => s.name === name);

describe('business settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('groups settings: Business Hours with seven days first, Misc. Settings last', async () => {
    const { client } = await signedIn(server, 'owner');
    const { groups } = await client.settings.get(LA);
    expect(groups[0]).toMatchObject({ kind: 'hours', name: 'Business Hours' });
    expect(groups[0]?.kind === 'hours' && groups[0].days).toHaveLength(7);
    expect(groups.at(-1)?.name).toBe('Misc. Settings');
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(['Online Booking', 'Checkout', 'Notifications']));
  });

  it('shows isvisible 2 to everyone, 1 to admins only, 0 to nobody — on the server', async () => {
    const owner = await signedIn(server, 'owner');
    const admin = await signedIn(server, 'admin');
    const ownerGroups = (await owner.client.settings.get(LA)).groups;
    const adminGroups = (await admin.client.settings.get(LA)).groups;
    expect(byName(ownerGroups, 'PAYMENT_PROVIDER_ACCOUNT')).toBeUndefined();
    expect(byName(adminGroups, 'PAYMENT_PROVIDER_ACCOUNT')).toMatchObject({ value: 'acct_demo_0001' });
    expect(byName(adminGroups, 'LEGACY_IMPORT_ID')).toBeUndefined();
    expect(settingsOf(ownerGroups).every((s) => s.isvisible === 2)).toBe(true);
    // A hidden or admin-only setting cannot be written by guessing its id either.
    const types = await admin.client.settings.listTypes();
    const adminOnly = types.find((t) => t.name === 'FEATURE_FLAGS')!;
    await expect(owner.client.settings.update(LA, adminOnly.id, '{}')).rejects.toMatchObject({ status: 404, message: MESSAGES.settingTypeNotFound });
    const manager = await signedIn(server, 'manager');
    await expect(manager.client.settings.get(LA)).rejects.toMatchObject(forbidden);
    await expect(owner.client.settings.get(KATHMANDU)).rejects.toMatchObject(forbidden);
  });

  it('saves a value of each type, normalised; refuses a bad one with a clear message and saves nothing', async () => {
    const { client } = await signedIn(server, 'owner');
    const settings = settingsOf((await client.settings.get(NY)).groups);
    const id = (name: string) => settings.find((s) => s.name === name)!.id;
    await expect(client.settings.update(NY, id('SMS_REMINDERS'), 'TRUE')).resolves.toMatchObject({ value: 'true', isDefault: false });
    await expect(client.settings.update(NY, id('BOOKING_LEAD_TIME_HOURS'), '12.50')).resolves.toMatchObject({ value: '12.5' });
    await expect(client.settings.update(NY, id('DEFAULT_TIP_PERCENTAGES'), '[ 10, 15 ]')).resolves.toMatchObject({ value: '[10,15]' });
    await expect(client.settings.update(NY, id('RECEIPT_FOOTER'), 'See you soon')).resolves.toMatchObject({ value: 'See you soon' });
    await expect(client.settings.update(NY, id('ROUNDING_MODE'), 'nearest-5')).resolves.toMatchObject({ value: 'nearest-5' });

    await expect(client.settings.update(NY, id('BOOKING_LEAD_TIME_HOURS'), '12,5')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDecimalSetting });
    await expect(client.settings.update(NY, id('DEFAULT_TIP_PERCENTAGES'), '[10, 15')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidJsonSetting });
    // A list setting (its default is a list of numbers) takes only such a list: percentages from 0 to 100, each once.
    await expect(client.settings.update(NY, id('DEFAULT_TIP_PERCENTAGES'), '[10, 150]')).rejects.toMatchObject({ status: 400, message: MESSAGES.settingListOfPercents });
    await expect(client.settings.update(NY, id('DEFAULT_TIP_PERCENTAGES'), '{"tip": 10}')).rejects.toMatchObject({ status: 400, message: MESSAGES.settingListOfPercents });
    await expect(client.settings.update(NY, id('DEFAULT_TIP_PERCENTAGES'), '[10, 10]')).rejects.toMatchObject({ status: 400, message: MESSAGES.settingListDuplicate });
    await expect(client.settings.update(NY, id('SMS_REMINDERS'), 'yes')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidBoolSetting });
    await expect(client.settings.update(NY, id('ROUNDING_MODE'), 'nearest-3')).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidOptionSetting });
    await expect(client.settings.update(NY, id('RECEIPT_FOOTER'), 42)).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidStringSetting });
    await expect(client.settings.update(NY, 999_999, 'x')).rejects.toMatchObject({ status: 404 });

    const after = settingsOf((await client.settings.get(NY)).groups);
    expect(after.find((s) => s.name === 'BOOKING_LEAD_TIME_HOURS')?.value).toBe('12.5');
    expect(after.find((s) => s.name === 'DEFAULT_TIP_PERCENTAGES')?.value).toBe('[10,15]');
    expect(after.find((s) => s.name === 'ROUNDING_MODE')?.value).toBe('nearest-5');
  });

  it('keeps a unique setting unique across locations, and a read-only one read-only for non-admins', async () => {
    const { client } = await signedIn(server, 'owner');
    const settings = settingsOf((await client.settings.get(NY)).groups);
    const subdomain = settings.find((s) => s.name === 'BOOKING_SUBDOMAIN')!;
    await expect(client.settings.update(NY, subdomain.id, 'luxe-los-angeles')).rejects.toMatchObject({ status: 409, message: MESSAGES.settingValueNotUnique });
    await expect(client.settings.update(NY, subdomain.id, 'luxe-nyc')).resolves.toMatchObject({ value: 'luxe-nyc' });
    const admin = await signedIn(server, 'admin');
    const readOnly = (await admin.client.settings.listTypes()).find((t) => t.name === 'PAYMENT_PROVIDER_ACCOUNT')!;
    await expect(admin.client.settings.update(NY, readOnly.id, 'acct_new')).resolves.toMatchObject({ value: 'acct_new' });
  });

  it('saves the seven business hours; refuses a day closing before it opens', async () => {
    const { client } = await signedIn(server, 'owner');
    const hours = (await client.settings.get(SANTA_MONICA)).groups[0]!;
    if (hours.kind !== 'hours') throw new Error('no hours');
    const days = hours.days.map((d) => (d.dow === 0 ? { ...d, open: true, start: '11:00', end: '16:00' } : d));
    await expect(client.settings.updateHours(SANTA_MONICA, days)).resolves.toEqual(days);
    const broken = days.map((d) => (d.dow === 2 ? { ...d, start: '18:00', end: '09:00' } : d));
    await expect(client.settings.updateHours(SANTA_MONICA, broken)).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidBusinessHours });
    await expect(client.settings.updateHours(SANTA_MONICA, days.slice(1))).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidBusinessHours });
    await expect(client.settings.updateHours(SANTA_MONICA, [{ dow: 9, open: true, start: '25:00', end: '10:00' }])).rejects.toMatchObject({ status: 400 });
    const again = (await client.settings.get(SANTA_MONICA)).groups[0]!;
    expect(again.kind === 'hours' && again.days).toEqual(days);
  });

  describe('one setting by name (proxy request bizsettings: key, value, json)', () => {
    const getByKey = (client: TestClient['client'], businessId: number, key: string) => client.proxy.call(operations.settings.getByKey, businessId, { query: { key } });
    const setByKey = (client: TestClient['client'], businessId: number, body: SettingByKeyInput) => client.proxy.call(operations.settings.setByKey, businessId, { body });

    it('reads a setting by name as text and typed, the default when none is stored', async () => {
      const { client } = await signedIn(server, 'owner');
      await expect(getByKey(client, SANTA_MONICA, 'DEFAULT_TIP_PERCENTAGES')).resolves.toEqual({
        key: 'DEFAULT_TIP_PERCENTAGES',
        type: 'json',
        value: '[15,18,20,25]',
        json: [15, 18, 20, 25],
        isDefault: true,
      });
      // The name is read as the settings screen stores it: trimmed and uppercased.
      const sms = await getByKey(client, SANTA_MONICA, ' sms_reminders ');
      expect(sms).toMatchObject({ key: 'SMS_REMINDERS', type: 'bool' });
      expect(sms.json).toBe(sms.value === 'true');
      await expect(getByKey(client, SANTA_MONICA, 'BOOKING_WINDOW_DAYS')).resolves.toMatchObject({ value: '60', json: 60 });
      await expect(getByKey(client, SANTA_MONICA, 'BOOKING_SUBDOMAIN')).resolves.toMatchObject({ type: 'string' });
    });

    it('sets a value of each type as text or typed, checked exactly as bizsettings/update checks it', async () => {
      const { client } = await signedIn(server, 'owner');
      await expect(setByKey(client, SANTA_MONICA, { key: 'SMS_REMINDERS', value: 'TRUE' })).resolves.toMatchObject({ value: 'true', json: true, isDefault: false });
      await expect(setByKey(client, SANTA_MONICA, { key: 'SMS_REMINDERS', json: false })).resolves.toMatchObject({ value: 'false', json: false });
      await expect(setByKey(client, SANTA_MONICA, { key: 'service_charge_percent', json: 2.5 })).resolves.toMatchObject({ key: 'SERVICE_CHARGE_PERCENT', value: '2.5', json: 2.5 });
      await expect(setByKey(client, SANTA_MONICA, { key: 'DEFAULT_TIP_PERCENTAGES', json: [10, 20] })).resolves.toMatchObject({ value: '[10,20]', json: [10, 20] });
      await expect(setByKey(client, SANTA_MONICA, { key: 'DEFAULT_TIP_PERCENTAGES', value: '[ 12 ]' })).resolves.toMatchObject({ value: '[12]', json: [12] });
      // A JSON setting's `json` is the value itself, a string included.
      const admin = await signedIn(server, 'admin');
      await expect(setByKey(admin.client, SANTA_MONICA, { key: 'FEATURE_FLAGS', json: 'beta' })).resolves.toMatchObject({ value: '"beta"', json: 'beta' });
      await expect(setByKey(client, SANTA_MONICA, { key: 'ROUNDING_MODE', value: 'nearest-10' })).resolves.toMatchObject({ value: 'nearest-10' });
      // What bizsettings/get shows afterwards is what was set by name.
      const groups = (await client.settings.get(SANTA_MONICA)).groups;
      expect(byName(groups, 'SERVICE_CHARGE_PERCENT')?.value).toBe('2.5');
      expect(byName(groups, 'DEFAULT_TIP_PERCENTAGES')?.value).toBe('[12]');
    });

    it('refuses a value that does not fit, a name that does not exist or may not be seen, and a body with both or neither; saves nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const before = await getByKey(client, NY, 'BOOKING_LEAD_TIME_HOURS');
      await expect(setByKey(client, NY, { key: 'BOOKING_LEAD_TIME_HOURS', value: '12,5' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDecimalSetting });
      await expect(setByKey(client, NY, { key: 'BOOKING_LEAD_TIME_HOURS', json: 'twelve' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDecimalSetting });
      await expect(setByKey(client, NY, { key: 'SMS_REMINDERS', json: 'maybe' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidBoolSetting });
      await expect(setByKey(client, NY, { key: 'RECEIPT_FOOTER', json: 42 })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidStringSetting });
      await expect(setByKey(client, NY, { key: 'ROUNDING_MODE', value: 'nearest-3' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidOptionSetting });
      await expect(setByKey(client, NY, { key: 'BOOKING_LEAD_TIME_HOURS', value: '3', json: 3 })).rejects.toMatchObject({ status: 400 });
      await expect(setByKey(client, NY, { key: 'BOOKING_LEAD_TIME_HOURS' })).rejects.toMatchObject({ status: 400 });
      await expect(setByKey(client, NY, { key: 'not a name!', value: '1' })).rejects.toMatchObject({ status: 400, issues: [{ path: ['key'], message: MESSAGES.invalidSettingName }] });
      await expect(getByKey(client, NY, 'NO_SUCH_SETTING')).rejects.toMatchObject({ status: 404, message: MESSAGES.settingTypeNotFound });
      await expect(setByKey(client, NY, { key: 'NO_SUCH_SETTING', value: '1' })).rejects.toMatchObject({ status: 404, message: MESSAGES.settingTypeNotFound });
      // Admin-only and hidden settings are missing to an owner, by name as by id.
      await expect(getByKey(client, NY, 'PAYMENT_PROVIDER_ACCOUNT')).rejects.toMatchObject({ status: 404, message: MESSAGES.settingTypeNotFound });
      await expect(setByKey(client, NY, { key: 'FEATURE_FLAGS', json: {} })).rejects.toMatchObject({ status: 404 });
      await expect(getByKey(client, NY, 'LEGACY_IMPORT_ID')).rejects.toMatchObject({ status: 404 });
      // A unique value held by another location.
      await expect(setByKey(client, NY, { key: 'BOOKING_SUBDOMAIN', value: 'luxe-los-angeles' })).rejects.toMatchObject({ status: 409, message: MESSAGES.settingValueNotUnique });
      await expect(getByKey(client, NY, 'BOOKING_LEAD_TIME_HOURS')).resolves.toEqual(before);
    });

    it('keeps read-only settings to admins, and both calls to those with the settings permissions of that business', async () => {
      const admin = await signedIn(server, 'admin');
      await expect(setByKey(admin.client, NY, { key: 'PAYMENT_PROVIDER_ACCOUNT', value: 'acct_by_name' })).resolves.toMatchObject({ value: 'acct_by_name' });
      await expect(getByKey(admin.client, NY, 'LEGACY_IMPORT_ID')).rejects.toMatchObject({ status: 404 });
      const manager = await signedIn(server, 'manager');
      await expect(getByKey(manager.client, LA, 'SMS_REMINDERS')).rejects.toMatchObject(forbidden);
      await expect(setByKey(manager.client, LA, { key: 'SMS_REMINDERS', value: 'true' })).rejects.toMatchObject(forbidden);
      const owner = await signedIn(server, 'owner');
      await expect(getByKey(owner.client, KATHMANDU, 'SMS_REMINDERS')).rejects.toMatchObject(forbidden);
      await expect(setByKey(owner.client, KATHMANDU, { key: 'SMS_REMINDERS', value: 'true' })).rejects.toMatchObject(forbidden);
      const lotus = await signedIn(server, 'lotus');
      await expect(getByKey(lotus.client, KATHMANDU, 'SMS_REMINDERS')).resolves.toMatchObject({ value: expect.any(String) });
    });
  });

  describe('copy to other locations (proxy request)', () => {
    it('copies a copyable value to chosen locations of the network the user may edit', async () => {
      const { client } = await signedIn(server, 'owner');
      const footer = byName((await client.settings.get(LA)).groups, 'RECEIPT_FOOTER')!;
      await client.settings.update(LA, footer.id, 'Thanks from Luxe');
      const targets = await client.proxy.call(operations.settings.copyTargets, LA, { params: { settingTypeId: footer.id } });
      expect(targets.map((t) => t.id)).toEqual([NY, SANTA_MONICA]);
      await expect(client.proxy.call(operations.settings.copy, LA, { params: { settingTypeId: footer.id }, body: { businessIds: [SANTA_MONICA] } })).resolves.toEqual({ copied: 1 });
      expect(byName((await client.settings.get(SANTA_MONICA)).groups, 'RECEIPT_FOOTER')?.value).toBe('Thanks from Luxe');
      expect(byName((await client.settings.get(NY)).groups, 'RECEIPT_FOOTER')?.value).not.toBe('Thanks from Luxe');
    });

    it('refuses a location outside the network or the user reach, and a setting that may not be copied, saving nothing', async () => {
      const { client } = await signedIn(server, 'owner');
      const groups = (await client.settings.get(LA)).groups;
      const footer = byName(groups, 'CANCELLATION_POLICY')!;
      await client.settings.update(LA, footer.id, 'No refunds');
      await expect(
        client.proxy.call(operations.settings.copy, LA, { params: { settingTypeId: footer.id }, body: { businessIds: [NY, KATHMANDU] } }),
      ).rejects.toMatchObject({ status: 403, message: MESSAGES.copyTargetNotAllowed });
      expect(byName((await client.settings.get(NY)).groups, 'CANCELLATION_POLICY')?.value).not.toBe('No refunds');
      const subdomain = byName(groups, 'BOOKING_SUBDOMAIN')!;
      await expect(client.proxy.call(operations.settings.copy, LA, { params: { settingTypeId: subdomain.id }, body: { businessIds: [NY] } })).rejects.toMatchObject({
        status: 400,
        message: MESSAGES.settingNotCopyable,
      });
      await expect(client.proxy.call(operations.settings.copy, LA, { params: { settingTypeId: footer.id }, body: { businessIds: [] } })).rejects.toMatchObject({ status: 400 });
    });
  });
});

describe('setting types (admin)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('adds a type with its name uppercased; refuses a second of the same name', async () => {
    const { client } = await signedIn(server, 'admin');
    const added = await client.settings.createType({ name: 'vip_discount', prettyname: 'VIP discount', type: 'decimal', defaultvalue: '10', category: 'Checkout' });
    expect(added).toMatchObject({ name: 'VIP_DISCOUNT', isvisible: 2, editable: true });
    await expect(client.settings.createType({ name: 'Vip_Discount', prettyname: 'Again', type: 'bool' })).rejects.toMatchObject({ status: 409, message: settingTypeExists('VIP_DISCOUNT') });
    const owner = await signedIn(server, 'owner');
    expect(byName((await owner.client.settings.get(LA)).groups, 'VIP_DISCOUNT')).toMatchObject({ value: '10', isDefault: true });
  });

  it('refuses incoherent types: bad name, bad type, options without options, a default that does not fit', async () => {
    const { client } = await signedIn(server, 'admin');
    const count = (await client.settings.listTypes()).length;
    await expect(client.settings.createType({ name: 'bad name!', prettyname: 'X', type: 'bool' })).rejects.toMatchObject({ status: 400, issues: [{ path: ['name'], message: MESSAGES.invalidSettingName }] });
    await expect(client.settings.createType({ name: 'X1', prettyname: 'X', type: 'number' as never })).rejects.toMatchObject({ status: 400 });
    await expect(client.settings.createType({ name: 'X2', prettyname: 'X', type: 'options' })).rejects.toMatchObject({ status: 400, message: MESSAGES.optionsRequired });
    await expect(client.settings.createType({ name: 'X3', prettyname: 'X', type: 'decimal', defaultvalue: 'ten' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidDecimalSetting });
    await expect(client.settings.createType({ name: 'X4', prettyname: 'X', type: 'json', defaultvalue: '{' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidJsonSetting });
    await expect(client.settings.createType({ name: 'X5', prettyname: 'X', type: 'bool', isvisible: 3 })).rejects.toMatchObject({ status: 400 });
    expect((await client.settings.listTypes()).length).toBe(count);
  });

  it('updates a type; a change that stored values do not fit is refused', async () => {
    const { client } = await signedIn(server, 'admin');
    const types = await client.settings.listTypes();
    const lead = types.find((t) => t.name === 'BOOKING_LEAD_TIME_HOURS')!;
    await expect(client.settings.updateType(lead.id, { isvisible: 1, prettyname: 'Lead time' })).resolves.toMatchObject({ isvisible: 1, prettyname: 'Lead time' });
    const owner = await signedIn(server, 'owner');
    expect(byName((await owner.client.settings.get(LA)).groups, 'BOOKING_LEAD_TIME_HOURS')).toBeUndefined();
    // A change sets only what it names: the rest of the type stays as it was.
    const after = (await client.settings.listTypes()).find((t) => t.id === lead.id);
    expect(after).toMatchObject({ ...lead, isvisible: 1, prettyname: 'Lead time' });
    // The default must fit the new type, and so must every location's stored value.
    await expect(client.settings.updateType(lead.id, { type: 'bool' })).rejects.toMatchObject({ status: 400, message: MESSAGES.invalidBoolSetting });
    await expect(client.settings.updateType(lead.id, { type: 'bool', defaultvalue: 'true' })).rejects.toMatchObject({ status: 400, message: MESSAGES.settingValuesDoNotFit });
    await expect(client.settings.updateType(lead.id, { name: 'SMS_REMINDERS' })).rejects.toMatchObject({ status: 409 });
    // A default that makes a JSON setting a list setting: every stored value must be such a list (the flags are objects).
    const flags = types.find((t) => t.name === 'FEATURE_FLAGS')!;
    await expect(client.settings.updateType(flags.id, { defaultvalue: '[1,2]' })).rejects.toMatchObject({ status: 400, message: MESSAGES.settingValuesDoNotFit });
    await expect(client.settings.updateType(999_999, { prettyname: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('is for admins only', async () => {
    const owner = await signedIn(server, 'owner');
    await expect(owner.client.settings.listTypes()).rejects.toMatchObject({ status: 403 });
    await expect(owner.client.settings.createType({ name: 'SNEAKY', prettyname: 'S', type: 'bool' })).rejects.toMatchObject({ status: 403 });
    await expect(owner.client.settings.updateType(1, { isvisible: 2 })).rejects.toMatchObject({ status: 403 });
  });
});
