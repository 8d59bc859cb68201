import type { ApiIssue } from '@salondesk/core';
import type { Schema } from '@salondesk/core';
import { safeParse } from 'zod/mini';
import { invalidRequest } from './errors';

type Part = 'params' | 'query' | 'body';

/**
 * Parses one part of a request with the endpoint's zod schema. Problems become `issues`; body
 * issues keep the field path as forms know it (`['username']`), params and query issues are
 * prefixed with their part (`['params', 'id']`).
 */
export function parsePart(part: Part, schema: Schema | undefined, value: unknown): { value: unknown; issues: ApiIssue[] } {
  if (!schema) return { value: undefined, issues: [] };
  const result = safeParse(schema, value);
  if (result.success) return { value: result.data, issues: [] };
  const prefix = part === 'body' ? [] : [part];
  return {
    value: undefined,
    issues: result.error.issues.map((issue) => ({
      path: [...prefix, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
      message: issue.message,
    })),
  };
}

/** Parses params, query and body together, reporting every problem at once. */
export function parseRequest(
  schemas: { params?: Schema; query?: Schema; body?: Schema },
  raw: { params: unknown; query: unknown; body: unknown },
): { params: unknown; query: unknown; body: unknown } {
  const params = parsePart('params', schemas.params, raw.params);
  const query = parsePart('query', schemas.query, raw.query);
  const body = parsePart('body', schemas.body, raw.body);
  const issues = [...params.issues, ...query.issues, ...body.issues];
  if (issues.length > 0) throw invalidRequest(issues);
  return { params: params.value, query: query.value, body: body.value };
}
