import { defineEndpoint, MESSAGES } from '@salondesk/core';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import type { Database } from '../db/client';
import type { SessionStore } from '../auth/sessions';
import { preSerialized } from './pre-serialized';
import { implement, registerEndpoints } from './registry';

const endpoint = defineEndpoint({
  name: 'test.preSerialized',
  method: 'GET',
  path: '/test/pre-serialized/{mode}',
  access: 'public',
  params: z.object({ mode: z.enum(['good', 'bad']) }),
  response: z.object({ n: z.number() }),
  errorMessage: MESSAGES.requestFailed,
  successMessage: MESSAGES.updatedSuccessfully,
});

async function serve(verifyPreSerialized: boolean) {
  const app = Fastify();
  await app.register(fastifyCookie);
  app.setErrorHandler((error, _request, reply) => reply.code(500).send({ status: false, message: (error as Error).message }));
  registerEndpoints(
    app,
    [endpoint],
    [implement(endpoint, async ({ params }) => preSerialized<{ n: number }>(params.mode === 'good' ? '{"n":1}' : '{"n":"one"}'))],
    { db: {} as Database, sessions: {} as SessionStore, now: () => new Date(), verifyPreSerialized },
  );
  return app;
}

describe('pre-serialised handler results', () => {
  it('go into the envelope as they are, as JSON, with the success message', async () => {
    const app = await serve(true);
    const response = await app.inject({ method: 'GET', url: '/test/pre-serialized/good' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(`{"status":true,"data":{"n":1},"message":${JSON.stringify(MESSAGES.updatedSuccessfully)}}`);
  });

  it('are parsed with the schema when verifyPreSerialized is on (tests), and refused when they do not match', async () => {
    const verified = await serve(true);
    const refused = await verified.inject({ method: 'GET', url: '/test/pre-serialized/bad' });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ status: false, message: expect.stringContaining('does not match its schema') });
    // Off (production): the text is trusted; its shape is the business of a contract test.
    const trusted = await serve(false);
    expect((await trusted.inject({ method: 'GET', url: '/test/pre-serialized/bad' })).body).toBe(
      `{"status":true,"data":{"n":"one"},"message":${JSON.stringify(MESSAGES.updatedSuccessfully)}}`,
    );
  });
});
