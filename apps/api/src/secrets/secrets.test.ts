import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { configureSecrets, decryptSecret, encryptSecret, loadSecretKey, SecretKeyError, SECRET_FIELD_NAMES } from '.';

const KEY_A = 'a'.repeat(64);
const KEY_B = 'b'.repeat(64);

describe('secrets at rest', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'salondesk-secrets-'));
  });
  afterEach(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    configureSecrets({ configured: process.env.SALONDESK_SECRET_KEY, dataDir: dir, production: false });
  });

  it('seals and opens a secret; the blob never contains it and differs each time', () => {
    configureSecrets({ configured: KEY_A, dataDir: dir, production: false });
    const plain = 'sk_live_51Hsecretvalue';
    const one = encryptSecret(plain);
    const two = encryptSecret(plain);
    expect(one).not.toContain(plain);
    expect(one).not.toBe(two);
    expect(decryptSecret(one)).toBe(plain);
    expect(decryptSecret(two)).toBe(plain);
  });

  it('refuses a tampered blob and names another key’s blob', () => {
    configureSecrets({ configured: KEY_A, dataDir: dir, production: false });
    const blob = encryptSecret('whsec_abc');
    const parts = blob.split('.');
    const ciphertext = Buffer.from(parts[4]!, 'base64url');
    ciphertext[0] = ciphertext[0]! ^ 1;
    parts[4] = ciphertext.toString('base64url');
    expect(() => decryptSecret(parts.join('.'))).toThrow(/altered or is damaged/);
    configureSecrets({ configured: KEY_B, dataDir: dir, production: false });
    expect(() => decryptSecret(blob)).toThrow(/sealed with another key/);
    expect(() => decryptSecret('not a blob')).toThrow(SecretKeyError);
  });

  it('without a configured key outside production, generates one into the data folder (0600) once, with a warning', () => {
    const warnings: string[] = [];
    const first = loadSecretKey({ configured: undefined, dataDir: dir, production: false, warn: (m) => warnings.push(m) });
    const file = path.join(dir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadSecretKey({ configured: undefined, dataDir: dir, production: false, warn: (m) => warnings.push(m) });
    expect(again.equals(first)).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/generated a key/);
    // What it sealed opens after a restart (the same file).
    configureSecrets({ configured: undefined, dataDir: dir, production: false });
    const blob = encryptSecret('nmi-security-key');
    configureSecrets({ configured: undefined, dataDir: dir, production: false });
    expect(decryptSecret(blob)).toBe('nmi-security-key');
  });

  it('refuses to run in production without a key, and refuses a key of the wrong size without echoing it', () => {
    expect(() => loadSecretKey({ configured: undefined, dataDir: dir, production: true })).toThrow(/SALONDESK_SECRET_KEY is required in production/);
    expect(fs.existsSync(path.join(dir, 'secret.key'))).toBe(false);
    const wrong = 'short-secret-value';
    try {
      loadSecretKey({ configured: wrong, dataDir: dir, production: true });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).toMatch(/32 bytes/);
      expect((error as Error).message).not.toContain(wrong);
    }
    expect(loadSecretKey({ configured: Buffer.alloc(32, 7).toString('base64'), dataDir: dir, production: true })).toHaveLength(32);
  });
});

describe('log redaction', () => {
  it('censors every secret field at any depth a log line holds it', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('info', sink);
    const secret = 'sk_test_DO_NOT_LOG_4242';
    logger.info({ secretKey: secret, account: { webhook_secret: secret, nested: { ably_key: secret, deeper: { ccnumber: '4111111111111111' } } }, headers: { 'stripe-signature': secret } }, 'payment settings');
    const written = lines.join('');
    expect(written).toContain('payment settings');
    expect(written).not.toContain(secret);
    expect(written).not.toContain('4111111111111111');
    expect(written).toContain('[redacted]');
    expect(SECRET_FIELD_NAMES).toContain('webhook_secret');
  });
});
