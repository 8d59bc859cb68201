/**
 * Field names that hold a secret: no log line may show their values. The logger
 * (`logger.ts`) censors them at any depth up to `REDACT_DEPTH` in every object it logs; add a
 * secret field's name here (one line each) when you add one.
 */
export const SECRET_FIELD_NAMES = [
  // Payment providers (payments/).
  'secretKey',
  'secret_key',
  'apiKey',
  'api_key',
  'security_key',
  'securityKey',
  'webhookSecret',
  'webhook_secret',
  'signingKey',
  'signing_key',
  'credential',
  'stripe-signature',
  'webhook-signature',
  'authorization',
  // Cards: never logged whole.
  'ccnumber',
  'cardNumber',
  'card_number',
  'cvv',
  'ccv',
  'cvc',
  // Ably (epay/).
  'ablyKey',
  'ably_key',
  // Sessions and sign-in.
  'cookie',
  'set-cookie',
  'password',
] as const;

/** How deep in a logged object a secret field is still found (pino needs explicit paths). */
export const REDACT_DEPTH = 4;

/** pino `redact.paths` for every secret field name at every depth up to `REDACT_DEPTH`. */
export function redactPaths(names: readonly string[] = SECRET_FIELD_NAMES, depth = REDACT_DEPTH): string[] {
  const paths: string[] = [];
  for (const name of names) {
    const leaf = /^[A-Za-z_$][\w$]*$/.test(name) ? name : `["${name}"]`;
    for (let level = 0; level <= depth; level++) {
      const prefix = Array.from({ length: level }, () => '*').join('.');
      paths.push(level === 0 ? leaf : leaf.startsWith('[') ? `${prefix}${leaf}` : `${prefix}.${leaf}`);
    }
  }
  return paths;
}

export const REDACTED = '[redacted]';
