import { type ApiIssue, inputProblems, MESSAGES, type Schema } from '@salondesk/core';
import { safeParse } from 'zod/mini';
import { invalidRequest } from './errors';

type Part = 'params' | 'query' | 'body';

/** Issues keep the field path as forms know it for the body (`['username']`); params and query are prefixed with their part (`['params', 'id']`). */
const pathIn = (part: Part, path: readonly PropertyKey[]): (string | number)[] => [
  ...(part === 'body' ? [] : [part]),
  ...path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
];

/**
 * Parses one part of a request with the endpoint's zod schema. Problems become `issues` with
 * the field's path.
 */
export function parsePart(part: Part, schema: Schema | undefined, value: unknown): { value: unknown; issues: ApiIssue[] } {
  if (!schema) return { value: undefined, issues: [] };
  const result = safeParse(schema, value);
  if (result.success) return { value: result.data, issues: [] };
  return { value: undefined, issues: result.error.issues.map((issue) => ({ path: pathIn(part, issue.path), message: issue.message })) };
}

/**
 * What no field of any request may hold, whatever its schema (core's `inputProblems`): NUL,
 * a lone surrogate, nesting deeper than `INPUT_LIMITS.requestDepth`. Checked on the decoded
 * params, query and body before the schemas, so no string PostgreSQL cannot store reaches a
 * handler, and no schema walks a 10,000-deep value.
 */
export function unsafeInputIssues(raw: { params?: unknown; query?: unknown; body?: unknown }): ApiIssue[] {
  return (['params', 'query', 'body'] as const).flatMap((part) =>
    inputProblems(raw[part]).map((problem) => ({ path: pathIn(part, problem.path), message: problem.message })),
  );
}

/**
 * The query string's fields whose `%` escapes do not decode (`?to=%`, `?to=%E0%A4`, the UTF-8
 * bytes of a lone surrogate `%ED%A0%80`). The query parser keeps such a value as typed, so this
 * looks at the raw query string: a client that meant something else is told, not half-understood.
 */
export function malformedQueryIssues(url: string): ApiIssue[] {
  const start = url.indexOf('?');
  if (start < 0) return [];
  const issues: ApiIssue[] = [];
  for (const field of url.slice(start + 1).split('&')) {
    const eq = field.indexOf('=');
    const [key, value] = eq < 0 ? [field, ''] : [field.slice(0, eq), field.slice(eq + 1)];
    const decoded = safeDecode(key);
    if (decoded === null || safeDecode(value) === null) issues.push({ path: ['query', decoded ?? key], message: MESSAGES.malformedEscape });
  }
  return issues;
}

const safeDecode = (text: string): string | null => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
};

/**
 * Parses params, query and body together, reporting every problem at once (400 `issues`). Runs
 * after the access check (`onRequest`), so a refusal here tells nothing of a business the caller
 * may not see, and before the handler, so nothing is counted or written for a refused request.
 */
export function parseRequest(
  schemas: { params?: Schema; query?: Schema; body?: Schema },
  raw: { params: unknown; query: unknown; body: unknown },
): { params: unknown; query: unknown; body: unknown } {
  const unsafe = unsafeInputIssues(raw);
  if (unsafe.length > 0) throw invalidRequest(unsafe);
  const params = parsePart('params', schemas.params, raw.params);
  const query = parsePart('query', schemas.query, raw.query);
  const body = parsePart('body', schemas.body, raw.body);
  const issues = [...params.issues, ...query.issues, ...body.issues];
  if (issues.length > 0) throw invalidRequest(issues);
  return { params: params.value, query: query.value, body: body.value };
}
