import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * How passwords are stored: scrypt of what the client sends (the hex SHA-256 of the password,
 * see core's `hashPassword`), with a random salt, as `scrypt$N$r$p$salt$hash` (base64url).
 * The parameters travel with each hash, so they can be raised later without a migration.
 */

const PARAMS = { N: 2 ** 14, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashStoredPassword(clientHash: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(clientHash, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * A stored hash no password matches, with the same parameters as real ones: checking an unknown
 * user against it takes as long as checking a known user with a wrong password.
 */
export const UNMATCHABLE_HASH = [
  'scrypt',
  PARAMS.N,
  PARAMS.r,
  PARAMS.p,
  randomBytes(SALT_LENGTH).toString('base64url'),
  randomBytes(KEY_LENGTH).toString('base64url'),
].join('$');

/** Does `clientHash` match `stored`? Always runs a full scrypt; compares in constant time. */
export async function verifyStoredPassword(clientHash: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  const parsed = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = scheme === 'scrypt' && salt !== undefined && key !== undefined &&
    Number.isInteger(parsed.N) && Number.isInteger(parsed.r) && Number.isInteger(parsed.p);
  const expected = valid ? Buffer.from(key, 'base64url') : randomBytes(KEY_LENGTH);
  const actual = await scrypt(clientHash, valid ? Buffer.from(salt, 'base64url') : randomBytes(SALT_LENGTH), valid ? parsed : PARAMS);
  return valid && expected.length === actual.length && timingSafeEqual(expected, actual);
}
