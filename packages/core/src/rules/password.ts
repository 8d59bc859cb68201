/** The part of WebCrypto's SubtleCrypto the hash needs (browsers and Node ≥ 20 have it globally). */
export interface Digest {
  digest(algorithm: 'SHA-256', data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

/**
 * The one-way transform applied on the client before a password leaves the browser (spec 000 §5):
 * hex SHA-256 of its UTF-8 bytes, through WebCrypto. The plain password is never sent; the server
 * stores a slow salted hash of this value.
 */
export async function hashPassword(password: string, subtle: Digest = globalThis.crypto.subtle): Promise<string> {
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(password));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a client-side password hash looks like on the wire. */
export const PASSWORD_HASH_PATTERN = /^[0-9a-f]{64}$/;
