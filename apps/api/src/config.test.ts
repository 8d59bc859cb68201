import { describe, expect, it } from 'vitest';
import { THROTTLE } from './auth/throttle';
import { readConfig } from './config';

describe('readConfig: SALONDESK_TRUST_PROXY', () => {
  const trustProxy = (value: string | undefined) => readConfig({ SALONDESK_TRUST_PROXY: value }).trustProxy;

  it('is off unless asked, on for 1 or true', () => {
    expect(trustProxy(undefined)).toBe(false);
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(true);
    expect(trustProxy('TRUE')).toBe(true);
  });

  it("takes the proxies' addresses, networks and proxy-addr's names", () => {
    expect(trustProxy('127.0.0.1')).toBe('127.0.0.1');
    expect(trustProxy(' 10.0.0.0/8, ::1 ,fd00::/8,loopback')).toBe('10.0.0.0/8,::1,fd00::/8,loopback');
  });

  it('refuses what is neither, naming the variable', () => {
    for (const value of ['maybe', '10.0.0.0/33', '300.1.1.1', '::1/129', '10.0.0.1/8/8', '10.0.0.0/x']) {
      expect(() => trustProxy(value)).toThrow(/SALONDESK_TRUST_PROXY/);
    }
  });
});

describe('readConfig: SALONDESK_SIGNIN_FAILURES_PER_ADDRESS', () => {
  it('defaults to the figure of THROTTLE.failuresPerAddress', () => {
    expect(readConfig({}).signinFailuresPerAddress).toBe(THROTTLE.failuresPerAddress.max);
    expect(readConfig({ SALONDESK_SIGNIN_FAILURES_PER_ADDRESS: '' }).signinFailuresPerAddress).toBe(100);
  });

  it('takes a whole number of at least 1', () => {
    expect(readConfig({ SALONDESK_SIGNIN_FAILURES_PER_ADDRESS: '250' }).signinFailuresPerAddress).toBe(250);
    expect(readConfig({ SALONDESK_SIGNIN_FAILURES_PER_ADDRESS: '1' }).signinFailuresPerAddress).toBe(1);
  });

  it('refuses 0 (every sign-in would be refused) and what is not a whole number, naming the variable', () => {
    for (const value of ['0', '-5', '2.5', 'many']) {
      expect(() => readConfig({ SALONDESK_SIGNIN_FAILURES_PER_ADDRESS: value })).toThrow(/SALONDESK_SIGNIN_FAILURES_PER_ADDRESS/);
    }
  });
});

describe('readConfig: SALONDESK_JOBS', () => {
  it('runs jobs unless turned off', () => {
    expect(readConfig({}).jobs).toBe(true);
    expect(readConfig({ SALONDESK_JOBS: '1' }).jobs).toBe(true);
    expect(readConfig({ SALONDESK_JOBS: '0' }).jobs).toBe(false);
    expect(readConfig({ SALONDESK_JOBS: 'off' }).jobs).toBe(false);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => readConfig({ SALONDESK_JOBS: 'sometimes' })).toThrow('SALONDESK_JOBS must be 1 or 0, got "sometimes"');
  });
});

describe('readConfig: METABASE_URL and METABASE_SECRET', () => {
  const secret = 'a1'.repeat(32);
  it('is the stand-in with nothing set, and Metabase with both', () => {
    expect(readConfig({}).metabase).toEqual({ url: undefined, secret: undefined });
    expect(readConfig({ METABASE_SECRET: secret }).metabase).toEqual({ url: undefined, secret });
    expect(readConfig({ METABASE_URL: 'https://metabase.example.com/', METABASE_SECRET: secret }).metabase).toEqual({ url: 'https://metabase.example.com', secret });
  });

  it('refuses an address without its secret, a secret that is not Metabase’s key, and an address that is not one — never echoing the secret', () => {
    expect(() => readConfig({ METABASE_URL: 'https://metabase.example.com' })).toThrow(/METABASE_SECRET/);
    for (const bad of ['short', 'z'.repeat(64), `${secret}0`]) {
      let message = '';
      try {
        readConfig({ METABASE_SECRET: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/METABASE_SECRET must be/);
      expect(message).not.toContain(bad);
    }
    for (const url of ['metabase.example.com', 'ftp://metabase.example.com', 'https://user:pw@metabase.example.com', 'https://metabase.example.com/?x=1']) {
      expect(() => readConfig({ METABASE_URL: url, METABASE_SECRET: secret })).toThrow(/METABASE_URL/);
    }
  });
});
