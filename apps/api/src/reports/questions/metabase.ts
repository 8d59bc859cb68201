import { randomBytes } from 'node:crypto';
import { EMBED_TOKEN_MAX_SECONDS, type ReportParameterValues } from '@salondesk/core';
import { errors, jwtVerify, SignJWT } from 'jose';

/**
 * Metabase signed static embedding, as one adapter: it signs a question's embed token (HS256 with
 * Metabase's embedding secret key, `resource: { question }`, locked `params`, `exp` at most 10
 * minutes) and says where it opens: `METABASE_URL/embed/question/{token}#bordered=true&titled=true`,
 * or, with no Metabase configured, the API's own stand-in of that page (`standin.ts`), which checks
 * the token exactly as Metabase does (`verifyEmbedToken`). Demo, tests and production run this code.
 *
 * The secret never leaves this module: it is not returned, logged or part of an error.
 */

/** Where the stand-in of Metabase's embed pages is served by the API (same origin as the dashboard). */
export const METABASE_STANDIN_PATH = '/metabase-standin';

/** Metabase (buddy-sign) tolerates this much clock skew when it checks `exp`. */
export const METABASE_LEEWAY_SECONDS = 60;

export interface MetabaseEmbedder {
  /** `metabase` with a configured Metabase, `standin` when the API's stand-in shows the questions. */
  readonly provider: 'metabase' | 'standin';
  /** The address of a question's embed page, signed for `lifetimeSeconds` (at most 10 minutes). */
  signQuestion(question: number, params: ReportParameterValues, lifetimeSeconds?: number): Promise<{ url: string; expiresAt: Date }>;
  /** Checks a token as Metabase does; the stand-in's only way in. */
  verify(token: string): Promise<EmbedClaims>;
}

export interface EmbedOptions {
  /** `METABASE_URL`; without it the stand-in at `METABASE_STANDIN_PATH` (a path on the API's own origin). */
  url?: string;
  /** `METABASE_SECRET`; without it a secret made now, for this process only. */
  secret?: string;
  now: () => Date;
}

/** What a valid embed token says. */
export interface EmbedClaims {
  question: number;
  /** The locked parameters, as the token gives them (checked against the question by the stand-in). */
  params: Record<string, unknown>;
  /** Seconds since 1970; Metabase accepts a token without one (ours always have one). */
  exp: number | null;
}

/** Why Metabase refuses a token, in its own words, with its status (400). */
export class EmbedTokenError extends Error {
  readonly status = 400;
}

const keyOf = (secret: string) => new TextEncoder().encode(secret);

export function createMetabaseEmbedder(options: EmbedOptions): MetabaseEmbedder {
  // Metabase's embedding secret is a 256-bit key written in hex; ours when none is configured.
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const key = keyOf(secret);
  const base = options.url ?? METABASE_STANDIN_PATH;
  return {
    provider: options.url ? 'metabase' : 'standin',
    async signQuestion(question, params, lifetimeSeconds = EMBED_TOKEN_MAX_SECONDS) {
      const issuedAt = Math.floor(options.now().getTime() / 1000);
      const exp = issuedAt + Math.min(Math.max(1, Math.floor(lifetimeSeconds)), EMBED_TOKEN_MAX_SECONDS);
      const token = await new SignJWT({ resource: { question }, params })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { url: `${base}/embed/question/${token}#bordered=true&titled=true`, expiresAt: new Date(exp * 1000) };
    },
    verify: (token) => verifyEmbedToken(token, secret, options.now()),
  };
}

/** The header of a JWT without checking anything (Metabase looks at `alg` first). */
function headerOf(token: string): Record<string, unknown> | null {
  const [header] = token.split('.');
  try {
    const parsed: unknown = JSON.parse(Buffer.from(header ?? '', 'base64url').toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Checks an embed token the way Metabase does (`metabase.util.embed/unsign`, then the keypath
 * checks of the question endpoint): `alg` present and not `none`, an HS256 signature made with the
 * secret, `exp` not passed (60 s of leeway) when there is one, `resource.question` a question id and
 * `params` an object. Refusals carry Metabase's own messages.
 */
export async function verifyEmbedToken(token: string, secret: string, now: Date): Promise<EmbedClaims> {
  const header = headerOf(token);
  if (!header?.alg) throw new EmbedTokenError('JWT is missing `alg`.');
  if (header.alg === 'none') throw new EmbedTokenError('JWT `alg` cannot be `none`.');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keyOf(secret), { algorithms: ['HS256'], currentDate: now, clockTolerance: METABASE_LEEWAY_SECONDS }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new EmbedTokenError(`Token is expired (${String(error.payload.exp)})`);
    // A bad signature, another algorithm, a malformed token: buddy-sign says the same for all.
    throw new EmbedTokenError('Message seems corrupt or manipulated');
  }
  const resource = payload.resource as Record<string, unknown> | undefined;
  const question = resource?.question;
  if (typeof question !== 'number' || !Number.isInteger(question) || question < 1) throw new EmbedTokenError('Token is missing value for keypath [:resource :question]');
  const params = payload.params;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw new EmbedTokenError('Token is missing value for keypath [:params]');
  return { question, params: params as Record<string, unknown>, exp: typeof payload.exp === 'number' ? payload.exp : null };
}
