import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ablySettingsInput, epaySettingsInput, EPAY_PROBLEM, SHORT_CODE_ALPHABET, SHORT_CODE_PATTERN, websiteProblem } from '../models/epay';
import { hostArb, labelArb } from '../models/domains.arb';
import {
  ablyKeyName,
  bookingTarget,
  normalizeWebsite,
  providerDashboardUrl,
  shortCode,
  shortLinkTargetProblem,
} from './epay';

describe('epay rules', () => {
  it('takes only full http(s) addresses without credentials as websites, normalised by URL', () => {
    expect(websiteProblem('https://luxe.example')).toBeNull();
    expect(websiteProblem('luxe.example')).toBe(EPAY_PROBLEM.notUrl);
    expect(websiteProblem('ftp://luxe.example')).toBe(EPAY_PROBLEM.notHttp);
    expect(websiteProblem('javascript:alert(1)')).toBe(EPAY_PROBLEM.notHttp);
    expect(websiteProblem('https://me:pw@luxe.example')).toBe(EPAY_PROBLEM.credentials);
    expect(normalizeWebsite(' HTTPS://Luxe.Example:443/Book ')).toBe('https://luxe.example/Book');
    expect(normalizeWebsite('https://Bücher.example')).toBe('https://xn--bcher-kva.example/');
  });

  test.prop([hostArb, labelArb, fc.webPath()])('a short link may lead to an allowed host or its subdomains under a wildcard, and nowhere else', (host, sub, path) => {
    const allowed = [host, `*.${host}`];
    expect(shortLinkTargetProblem(`https://${host}${path}`, allowed)).toBeNull();
    expect(shortLinkTargetProblem(`http://${sub}.${host}${path}`, allowed)).toBeNull();
    expect(shortLinkTargetProblem(`https://${host}${path}`, [`*.${host}`])).toBe(EPAY_PROBLEM.notAllowed);
    expect(shortLinkTargetProblem(`https://${host}.evil.example${path}`, allowed)).toBe(EPAY_PROBLEM.notAllowed);
    expect(shortLinkTargetProblem(`https://evil.example/${host}`, allowed)).toBe(EPAY_PROBLEM.notAllowed);
    expect(shortLinkTargetProblem(`data:text/html,${host}`, allowed)).toBe(EPAY_PROBLEM.notHttp);
    expect(shortLinkTargetProblem(`https://${host}${path}`, [])).toBe(EPAY_PROBLEM.notAllowed);
  });

  test.prop([fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.option(fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/), { nil: undefined })])(
    'a booking link names the service, the staff member and the source, on the booking page of the location',
    (tid, rid, gzsrc) => {
      const url = new URL(bookingTarget('https://desk.example/book/', 'luxe la', { tid, rid, gzsrc }));
      expect(url.origin + url.pathname).toBe('https://desk.example/book/luxe%20la');
      expect(url.searchParams.get('service')).toBe(String(tid));
      expect(url.searchParams.get('staff')).toBe(String(rid));
      expect(url.searchParams.get('gzsrc')).toBe(gzsrc ?? null);
    },
  );

  test.prop([fc.array(fc.nat(), { minLength: 8, maxLength: 8 })])('a short code is 8 letters of the alphabet without look-alikes', (draws) => {
    let i = 0;
    const code = shortCode((n) => (draws[i++] as number) % n);
    expect(code).toMatch(SHORT_CODE_PATTERN);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[01lIoO]/);
  });

  it('links into the provider dashboard of the account, in test mode unless live', () => {
    expect(providerDashboardUrl('stripe', 'acct_1Abc', { testMode: true })).toBe('https://dashboard.stripe.com/acct_1Abc/test/payments');
    expect(providerDashboardUrl('stripe', 'acct_1Abc', { testMode: false })).toBe('https://dashboard.stripe.com/acct_1Abc/payments');
    expect(providerDashboardUrl('nmi', '900001', { testMode: true })).toBe('https://secure.nmi.com/merchants/login.php');
    expect(providerDashboardUrl('stripe', null, { testMode: true })).toBeNull();
  });

  it('shows an Ably key by its name only, and checks its shape', () => {
    expect(ablyKeyName('appAbc.keyDef:s3cr3t+/=')).toBe('appAbc.keyDef');
    expect(ablySettingsInput.safeParse({ key: 'appAbc.keyDef:s3cr3t+/=' }).success).toBe(true);
    expect(ablySettingsInput.safeParse({ key: null }).success).toBe(true);
    for (const key of ['appAbc.keyDef', 'appAbc:secret', 'a b.c:d', '', 'app.key:sec ret']) {
      const result = ablySettingsInput.safeParse({ key });
      expect(result.success, key).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(EPAY_PROBLEM.ablyKey);
    }
  });

  test.prop([fc.boolean(), fc.boolean()])('web orders or recurring billing need a provider', (weborder, recurring) => {
    const body = { 'epay.recurring.enabled': recurring, 'epay.weborder.enabled': weborder, 'epay.weborder.provider': null, websites: [] };
    const result = epaySettingsInput.safeParse(body);
    expect(result.success).toBe(!weborder && !recurring);
    if (!result.success) expect(result.error.issues).toEqual([expect.objectContaining({ path: ['epay.weborder.provider'], message: EPAY_PROBLEM.providerNeeded })]);
    expect(epaySettingsInput.safeParse({ ...body, 'epay.weborder.provider': 'nmi' }).success).toBe(true);
  });
});
