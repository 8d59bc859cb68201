import type { SiteKind } from '@salondesk/core';
import type { BillingRetrySettings } from '../billing/retry';
import { billingSchedulerJob } from '../billing/scheduler';
import { campaignDueJob, campaignSendJob } from '../campaigns/send';
import type { Outbox } from '../outbox/outbox';
import { siteBuildJob } from '../publishing/build';
import type { SiteRenderer } from '../publishing/files';
import type { SiteAddresses } from '../publishing/versions';
import { reportRunJob } from '../reports/engine/runs';
import { segmentRecountJob } from '../segments/recount';
import { pivotRunJob } from '../reports/pivot/runs';
import type { Storage } from '../storage';
import { webPaymentImportJob } from '../webpayments/importJob';
import type { PaymentProviderResolver } from '../webpayments/providers';
import { housekeepingJob } from './housekeeping';

/**
 * Every background job of the application, for the server's queue (`server.ts`). Add an area's
 * jobs here. A module that sends a job types the queue by that job alone (`JobSender` in
 * `jobQueue.ts`), never by this list: the list imports every area's jobs.
 */
export function appJobs(options: {
  outbox: Outbox;
  demo: boolean;
  paymentProviders: PaymentProviderResolver;
  billingRetry?: BillingRetrySettings;
  storage: Storage;
  siteAddresses: SiteAddresses;
  publicUrl: string;
  siteRenderers: Record<SiteKind, SiteRenderer>;
}) {
  return [
    housekeepingJob({ demo: options.demo }),
    reportRunJob(),
    pivotRunJob(),
    segmentRecountJob(),
    webPaymentImportJob(options.paymentProviders),
    billingSchedulerJob(options.billingRetry),
    campaignSendJob({ outbox: options.outbox, publicUrl: options.publicUrl }),
    campaignDueJob({ outbox: options.outbox, publicUrl: options.publicUrl }),
    siteBuildJob({ store: () => options.storage.store('sites'), media: () => options.storage.store('media'), addresses: options.siteAddresses, publicUrl: options.publicUrl, renderers: options.siteRenderers }),
  ] as const;
}

/** The application's jobs: what `app.jobs.send` knows by name. */
export type AppJobs = ReturnType<typeof appJobs>;
