export { configureSecrets, decryptSecret, deriveSecret, encryptSecret, loadSecretKey, SecretKeyError, secretKeyIdOf, type SecretKeyOptions } from './secrets';
export { REDACT_DEPTH, REDACTED, redactPaths, SECRET_FIELD_NAMES } from './redaction';
