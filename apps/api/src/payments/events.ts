import type { Database } from '../db/client';
import type { JobSender } from '../jobs/jobQueue';
import type { Logger } from '../logger';
import type { ProviderEvent } from './provider';

/**
 * Subscriptions to provider events. A handler runs once per event id when the webhook arrives
 * (and again only when an admin replays the stored event, so handlers must be idempotent:
 * upserts by provider id). `businessId` is the business whose payment account the event is
 * about, or null when no account matches.
 */
export interface ProviderEventContext {
  db: Database;
  businessId: number | null;
  log: Logger;
  /**
   * The server's job queue, to hand long work (a payout's import) to a job; absent in the replay
   * CLI, where handlers do the work inline. A handler types it by the jobs it sends (`JobSender`).
   */
  jobs?: JobSender;
}

export type ProviderEventHandler = (event: ProviderEvent, context: ProviderEventContext) => Promise<void>;

const handlers = new Map<string, Set<ProviderEventHandler>>();

/** Runs `handler` for every event of `type` (normalised: `payout.paid`, `charge.refunded`, … or `*` for all). Returns the unsubscribe. */
export function onProviderEvent(type: string, handler: ProviderEventHandler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => {
    set.delete(handler);
  };
}

/** The handlers an event runs: its type's, then the `*` ones. */
export function handlersFor(type: string): ProviderEventHandler[] {
  return [...(handlers.get(type) ?? []), ...(handlers.get('*') ?? [])];
}
