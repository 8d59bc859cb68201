import { openDatabase } from '../db/client';
import { configurePaymentProviders } from '../payments/accounts';
import { runBillingScheduler } from './scheduler';

/**
 * A billing scheduler run in its own process, for scheduler-crash.test.ts: it runs against
 * `DATABASE_URL` and the Stripe simulator at `STRIPE_SIM` (host:port, key `STRIPE_KEY`) with the
 * clock at `NOW`, and at the `KILL_AT` point (`claimed:2`: the 2nd attempt claimed; `answered:1`:
 * the 1st provider answer, not yet recorded) says so on stdout and waits there for its kill -9.
 */
const [stage, nth] = (process.env.KILL_AT ?? 'claimed:1').split(':') as ['claimed' | 'answered', string];
const [host, port] = (process.env.STRIPE_SIM ?? '').split(':');
configurePaymentProviders({
  stripe: { secretKey: process.env.STRIPE_KEY ?? '', webhookSecret: 'whsec_crash_child', api: { host: host ?? '127.0.0.1', port: Number(port), protocol: 'http' } },
  nmi: undefined,
});
const database = openDatabase(process.env.DATABASE_URL ?? '', { max: 2 });
let seen = 0;
const result = await runBillingScheduler(database.db, {
  now: new Date(process.env.NOW ?? ''),
  // One charge at a time: the kill point is then the same invoice on every run of the test.
  chargeConcurrency: 1,
  async onAttempt(progress) {
    if (progress.stage !== stage || ++seen !== Number(nth)) return;
    process.stdout.write(`stopped ${progress.stage} ${progress.invoiceId}\n`);
    await new Promise(() => {});
  },
});
process.stdout.write(`finished ${JSON.stringify(result)}\n`);
await database.close();
