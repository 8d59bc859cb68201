import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../http/registry';
import { questionHandlers } from './handlers';
import { createMetabaseEmbedder } from './metabase';
import { runQuestion } from './run';
import { registerMetabaseStandin } from './standin';

/**
 * The questions service on a server: its handlers (for the route registry) and, when no Metabase
 * is configured (`METABASE_URL`), the stand-in of Metabase's embed pages. The stand-in runs a
 * question as the business the token locks and as nobody else: no user, no session, exactly that
 * business's rows.
 */
export function setUpQuestions(app: FastifyInstance, services: AppServices, metabase: { url?: string; secret?: string } = {}) {
  const embedder = createMetabaseEmbedder({ url: metabase.url, secret: metabase.secret, now: services.now });
  if (embedder.provider === 'standin') {
    registerMetabaseStandin(app, {
      db: services.db,
      embedder,
      run: (business, source, values) => runQuestion({ db: services.db, business, auth: null, businesses: [business.id], now: services.now }, source, values),
    });
  }
  return { embedder, handlers: questionHandlers({ embedder }) };
}
