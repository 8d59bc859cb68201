import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { deriveSecret } from '../secrets';
import { configurePaymentProviders, type PaymentsEnvironment } from './accounts';
import { startNmiSimulator, type NmiSimulator } from './simulators/nmi';
import { startStripeSimulator, type StripeSimulator } from './simulators/stripe';
import { WEBHOOK_PATHS } from './webhooks';

/** The providers' keys from the environment (config.ts reads them); each unset one may be simulated. */
export interface PaymentsOptions {
  /** `STRIPE_SECRET_KEY` */
  stripeSecretKey?: string;
  /** `STRIPE_PUBLISHABLE_KEY`: the browser's key for confirming billing's setup intents. */
  stripePublishableKey?: string;
  /** `STRIPE_WEBHOOK_SECRET` */
  stripeWebhookSecret?: string;
  /** `NMI_SECURITY_KEY` */
  nmiSecurityKey?: string;
  /** `NMI_WEBHOOK_SIGNING_KEY` */
  nmiWebhookSigningKey?: string;
  /** `NMI_API_URL`, default `https://secure.nmi.com/api`. */
  nmiApiUrl?: string;
  /** Run the local simulators for the providers without keys. Default: on in demo mode. */
  simulators?: boolean;
}

export interface PaymentsRuntime {
  environment: PaymentsEnvironment;
  /** The running simulators (demo, tests): `runPayout`, `settle`, their addresses. */
  simulators: { stripe?: StripeSimulator; nmi?: NmiSimulator };
  close(): Promise<void>;
}

export const NMI_API_URL = 'https://secure.nmi.com/api';

/** Where the simulators deliver their webhooks: this server, once it listens. */
function webhookUrlOf(app: FastifyInstance, path: string): () => string | undefined {
  return () => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return undefined;
    const host = address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}${path}`;
  };
}

/**
 * Configures how this server reaches Stripe and NMI: the environment's keys, or (with
 * `simulators`) the local simulators, started here on 127.0.0.1 and closed with the server.
 */
export async function startPayments(app: FastifyInstance, pool: pg.Pool, options: PaymentsOptions): Promise<PaymentsRuntime> {
  const simulators: PaymentsRuntime['simulators'] = {};
  const simulate = options.simulators ?? false;
  let stripe: PaymentsEnvironment['stripe'];
  if (options.stripeSecretKey) {
    if (!options.stripeWebhookSecret) throw new Error('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET, the signing secret of the webhook endpoint (whsec_…)');
    stripe = { secretKey: options.stripeSecretKey, webhookSecret: options.stripeWebhookSecret, publishableKey: options.stripePublishableKey };
  } else if (simulate) {
    const webhookSecret = `whsec_${deriveSecret('stripe-simulator-webhook')}`;
    simulators.stripe = await startStripeSimulator({ pool, webhookSecret, webhookUrl: webhookUrlOf(app, WEBHOOK_PATHS.stripe) });
    stripe = { secretKey: 'sk_test_salondesksimulator', webhookSecret, publishableKey: 'pk_test_salondesksimulator', api: { host: simulators.stripe.host, port: simulators.stripe.port, protocol: 'http' } };
  }
  let nmi: PaymentsEnvironment['nmi'];
  if (options.nmiSecurityKey || options.nmiApiUrl) {
    if (!options.nmiWebhookSigningKey) throw new Error('NMI_SECURITY_KEY needs NMI_WEBHOOK_SIGNING_KEY, the signing key of the merchant\'s webhook settings');
    nmi = { securityKey: options.nmiSecurityKey ?? null, webhookSigningKey: options.nmiWebhookSigningKey, apiUrl: options.nmiApiUrl ?? NMI_API_URL, simulated: false };
  } else if (simulate) {
    const webhookSigningKey = deriveSecret('nmi-simulator-webhook');
    simulators.nmi = await startNmiSimulator({ pool, webhookSigningKey, webhookUrl: webhookUrlOf(app, WEBHOOK_PATHS.nmi) });
    nmi = { securityKey: null, webhookSigningKey, apiUrl: simulators.nmi.url, simulated: true };
  }
  const environment: PaymentsEnvironment = { stripe, nmi };
  configurePaymentProviders(environment);
  return {
    environment,
    simulators,
    async close() {
      await Promise.all([simulators.stripe?.close(), simulators.nmi?.close()]);
    },
  };
}
