import { endpoints } from '@salondesk/core';
import { implement } from '../http/registry';
import type { Logger } from '../logger';
import { replayWebhookEvents } from './webhooks';

export function paymentHandlers() {
  return [
    /** Runs the handlers of logged provider webhooks again (admins): by log id, provider, type, UTC days of receipt, or only the failed ones. */
    implement(endpoints.webhooks.replay, async ({ body }, ctx) =>
      replayWebhookEvents(
        ctx.db,
        ctx.request.log as Logger,
        {
          ids: body.ids,
          provider: body.provider,
          type: body.type,
          since: body.since ? new Date(`${body.since}T00:00:00Z`) : undefined,
          until: body.until ? new Date(`${body.until}T23:59:59.999Z`) : undefined,
          failedOnly: body.failed_only,
        },
        ctx.request.server.jobs,
      ),
    ),
  ];
}
