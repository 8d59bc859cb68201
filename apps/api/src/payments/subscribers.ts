import { onProviderEvent, type ProviderEventHandler } from './events';

/**
 * Every area's subscription to provider events (`payout.paid` → import the payout, …), in one
 * list like the server's jobs, so the server and the replay CLI run the same handlers. Add an
 * area's subscriptions here (one line each).
 */
function providerEventSubscriptions(): { type: string; handler: ProviderEventHandler }[] {
  return [];
}

let subscribed = false;

/** Subscribes every area's handlers, once per process (`buildServer`, `webhooks:replay`). */
export function subscribeProviderEvents(): void {
  if (subscribed) return;
  subscribed = true;
  for (const { type, handler } of providerEventSubscriptions()) onProviderEvent(type, handler);
}
