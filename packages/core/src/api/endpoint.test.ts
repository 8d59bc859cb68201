import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { defineEndpoint, fillPath, toRouterPath } from './endpoint';
import { allEndpoints } from './index';

describe('endpoint definitions', () => {
  it('fills and converts path templates', () => {
    expect(fillPath('/protected/user/{uid}/business/{id}/detail', { uid: 3, id: 12 })).toBe('/protected/user/3/business/12/detail');
    expect(toRouterPath('/protected/user/{uid}/business/{id}/detail')).toBe('/protected/user/:uid/business/:id/detail');
    expect(() => fillPath('/a/{id}', {})).toThrow(/Missing path parameter "id"/);
  });

  test.prop([fc.string({ minLength: 1 })])('encodes every path value so it stays one segment', (value) => {
    const filled = fillPath('/a/{x}/b', { x: value });
    const segment = filled.slice(3, -2);
    expect(segment).not.toContain('/');
    expect(decodeURIComponent(segment)).toBe(value);
  });

  it('refuses a path with parameters but no schema for them', () => {
    expect(() =>
      defineEndpoint({ name: 'x', method: 'GET', path: '/a/{id}', access: 'public', response: z.null(), errorMessage: 'x' }),
    ).toThrow(/no params schema/);
  });

  it('names every endpoint once, with a schema for each path parameter', () => {
    const names = allEndpoints.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const endpoint of allEndpoints) {
      const shape = (endpoint.params as z.ZodMiniObject | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), endpoint.name).toEqual([...endpoint.pathParams].sort());
      if (endpoint.access === 'business') expect(endpoint.pathParams, endpoint.name).toContain('id');
    }
  });
});
