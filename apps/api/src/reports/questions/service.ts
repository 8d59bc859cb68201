import type { FastifyInstance } from 'fastify';
import type { BusinessRow } from '../../businesses/queries';
import type { Database } from '../../db/client';
import type { AppServices, HandlerContext } from '../../http/registry';
import { questionHandlers } from './handlers';
import { createMetabaseEmbedder } from './metabase';
import { questionRunner, type WithReportSource } from './run';
import { registerMetabaseStandin } from './standin';

export interface QuestionsOptions {
  /** `METABASE_URL` and `METABASE_SECRET` (config.ts); neither: the stand-in with a secret made at start. */
  metabase?: { url?: string; secret?: string };
  withReportSource: WithReportSource;
}

/**
 * The questions service on a server: its handlers (for the route registry) and, when no Metabase
 * is configured, the stand-in of Metabase's embed pages. The stand-in runs a question as the
 * business the token locks, and as nobody else: no user, no session, only that business's rows.
 */
export function setUpQuestions(app: FastifyInstance, services: AppServices & { db: Database }, options: QuestionsOptions) {
  const embedder = createMetabaseEmbedder({ url: options.metabase?.url, secret: options.metabase?.secret, now: services.now });
  const runner = questionRunner(options.withReportSource);
  if (embedder.provider === 'standin') {
    registerMetabaseStandin(app, {
      db: services.db,
      embedder,
      run: (business: BusinessRow, source, values) => runner.run(embedViewerContext(services, business), source, values),
    });
  }
  return { embedder, handlers: questionHandlers({ runner, embedder }) };
}

/** The context of a run for an embed's viewer: the token's business, no user (what Metabase knows of them). */
function embedViewerContext(services: AppServices, business: BusinessRow): HandlerContext {
  return { ...services, auth: null, business, clientAddress: '', request: undefined as never, reply: undefined as never };
}
