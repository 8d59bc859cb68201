import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATA_DIR } from '../paths';

/**
 * Secrets at rest (provider keys, webhook signing secrets, Ably keys): AES-256-GCM with the
 * server's key. `SALONDESK_SECRET_KEY` holds it (32 bytes, as 64 hexadecimal characters or
 * base64). Without it, outside production, a key is generated once into the data folder
 * (`secret.key`, mode 0600) with a warning; production (`NODE_ENV=production`) refuses to start.
 *
 * A blob is `sdsec1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts; the key id is the first
 * 8 hex digits of the key's SHA-256), so a blob sealed with another key is named as such instead
 * of failing as "corrupt".
 */

const VERSION = 'sdsec1';
const KEY_FILE = 'secret.key';

export interface SecretKeyOptions {
  /** `SALONDESK_SECRET_KEY` as given (hex or base64 of 32 bytes), or undefined. */
  configured: string | undefined;
  /** Where a generated key is kept when none is configured. */
  dataDir: string;
  /** Production refuses to run without a configured key. */
  production: boolean;
  /** Told once when a key is generated or read from the data folder. */
  warn?: (message: string) => void;
}

export class SecretKeyError extends Error {
  override name = 'SecretKeyError';
}

function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  // Never echo the value: it is the secret.
  if (key.length !== 32) throw new SecretKeyError('SALONDESK_SECRET_KEY must be 32 bytes: 64 hexadecimal characters or 44 base64 characters (openssl rand -hex 32)');
  return key;
}

/** The server's key: configured, or (outside production) read from or generated into the data folder. */
export function loadSecretKey(options: SecretKeyOptions): Buffer {
  if (options.configured?.trim()) return parseKey(options.configured);
  if (options.production) {
    throw new SecretKeyError('SALONDESK_SECRET_KEY is required in production (NODE_ENV=production): provider keys and webhook secrets are encrypted with it. Make one with `openssl rand -hex 32`.');
  }
  const file = path.join(options.dataDir, KEY_FILE);
  if (fs.existsSync(file)) {
    options.warn?.(`SALONDESK_SECRET_KEY is not set: using the key kept in ${file}. Set SALONDESK_SECRET_KEY for real use.`);
    return parseKey(fs.readFileSync(file, 'utf8'));
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // `wx`: two processes starting together never overwrite each other's key.
    fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseKey(fs.readFileSync(file, 'utf8'));
    throw error;
  }
  options.warn?.(`SALONDESK_SECRET_KEY is not set: generated a key into ${file} (mode 0600). Secrets stored with it cannot be read without that file; set SALONDESK_SECRET_KEY for real use.`);
  return key;
}

let currentKey: Buffer | undefined;

/** Sets the key every later `encryptSecret`/`decryptSecret` uses (main.ts at start; tests). */
export function configureSecrets(options: SecretKeyOptions): void {
  currentKey = loadSecretKey(options);
}

/** The environment's key, the first time a secret is sealed or opened without `configureSecrets` (CLI, tests). */
function key(): Buffer {
  currentKey ??= loadSecretKey({
    configured: process.env.SALONDESK_SECRET_KEY,
    dataDir: path.resolve(process.env.SALONDESK_DATA_DIR || DEFAULT_DATA_DIR),
    production: process.env.NODE_ENV === 'production',
    warn: (message) => process.emitWarning(message),
  });
  return currentKey;
}

const keyId = (k: Buffer) => createHash('sha256').update(k).digest('hex').slice(0, 8);

/** Seals a secret for the database. Each call gives a different blob (random IV). */
export function encryptSecret(plain: string): string {
  const k = key();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', k, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, keyId(k), iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** Opens a blob of `encryptSecret`; throws `SecretKeyError` for another key's blob or a tampered one. */
export function decryptSecret(blob: string): string {
  const k = key();
  const parts = blob.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new SecretKeyError('Not a Salondesk secret blob');
  const [, id, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  if (id !== keyId(k)) throw new SecretKeyError(`This secret was sealed with another key (key id ${id}, this server's is ${keyId(k)}): set SALONDESK_SECRET_KEY to the key it was stored with`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretKeyError('This secret blob was altered or is damaged');
  }
}

/** A blob's key id (the first 8 hex digits of the key's SHA-256), to tell which key sealed it. */
export const secretKeyIdOf = (blob: string): string | undefined => (blob.startsWith(`${VERSION}.`) ? blob.split('.')[1] : undefined);

/**
 * A secret derived from the server's key for one purpose (`label`): stable across restarts, never
 * stored. The simulators' webhook signing secrets are made this way.
 */
export function deriveSecret(label: string): string {
  return createHmac('sha256', key()).update(`salondesk:${label}`).digest('hex');
}
