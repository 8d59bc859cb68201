import { createHash } from 'node:crypto';
import { fc, test } from '@fast-check/vitest';
import { expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_PATTERN } from './password';

it('hashes a known password to its SHA-256 hex', async () => {
  expect(await hashPassword('salondesk')).toBe(createHash('sha256').update('salondesk').digest('hex'));
  expect(await hashPassword('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});

test.prop([fc.string({ unit: 'grapheme' })])('matches SHA-256 of the UTF-8 bytes and never the password itself', async (password) => {
  const hashed = await hashPassword(password);
  expect(hashed).toMatch(PASSWORD_HASH_PATTERN);
  expect(hashed).toBe(createHash('sha256').update(password, 'utf8').digest('hex'));
  expect(hashed).not.toBe(password);
});
