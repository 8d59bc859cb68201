import fastifyMultipart from '@fastify/multipart';
import { type AnyEndpoint, MEDIA_LIMITS } from '@salondesk/core';
import type { FastifyInstance } from 'fastify';
import { type AppServices, registerEndpoints, type RouteEntry } from '../http/registry';
import { mediaHandlers } from './handlers';
import type { MediaObjectStore } from './store';

export interface MediaPluginOptions {
  /** The media endpoints to serve (core's `mediaEndpoints`, or the ones a test narrows to). */
  endpoints: readonly AnyEndpoint[];
  services: AppServices;
  store: MediaObjectStore;
}

/**
 * The media server (spec 001 §7 Media): its calls under `MEDIA_BASE` in a Fastify scope of their
 * own, with the multipart parser only there, so it can be served by a separate process behind the
 * same base URL. Registered with `await`, it returns its routes for the route registry (the
 * fuzzer and the cross-business matrix walk them with every other).
 */
export async function registerMedia(app: FastifyInstance, options: MediaPluginOptions): Promise<RouteEntry[]> {
  let routes: RouteEntry[] = [];
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // Folders are kept in the name the server sees, so `../../etc/passwd` is refused, not shortened to `passwd`.
      preservePath: true,
      throwFileSizeLimit: true,
      limits: { fileSize: MEDIA_LIMITS.maxBytes, files: 1 },
    });
    const handlers = mediaHandlers({ store: options.store }).filter((h) => options.endpoints.includes(h.endpoint));
    routes = registerEndpoints(scope, options.endpoints, handlers, options.services);
  });
  return routes;
}
