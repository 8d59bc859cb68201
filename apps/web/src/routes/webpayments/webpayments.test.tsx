import { MESSAGES, type PayoutDetail, type PayoutScheduleState, type WebPayment } from '@salondesk/core';
import { waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessDetail, fail, ok, unrestrictedOwnerSession as session } from '../../test/fakeApi';
import { renderApp } from '../../test/renderApp';

const base = {
  'GET /protected/user/7/checkstatus': ok(session),
  'GET /protected/user/7/business/12/detail': ok(businessDetail),
  'GET /protected/business/12/tablesettings/web-payments/get': ok(null),
  'GET /protected/business/12/tablesettings/payout-items/get': ok(null),
};

const payment = (id: number, provider: 'stripe' | 'nmi', receipt: string | null): WebPayment => ({
  id,
  provider,
  kind: 'charge',
  amount: 5000 + id,
  fee: 175,
  Invoice: String(4500 + id),
  queue_id: 4500 + id,
  customer_id: 31,
  customer: 'Ana Ruiz',
  providerTxId: `ch_${id}`,
  receipt,
  created_at: '2026-03-02T18:00:00.000Z',
  checkout_day: '2026-03-02',
  payout_id: 9,
});

const mismatched: PayoutDetail = {
  payout: {
    id: 9,
    provider: 'stripe',
    providerPayoutId: 'po_fee',
    created: '2026-03-04T14:00:00.000Z',
    created_day: '2026-03-04',
    arrival_date: '2026-03-06',
    status: 'paid',
    manual: false,
    gross: 10000,
    fee: 365,
    amount: 9680,
    netamount: 9635,
    reconciled: false,
    difference: 45,
    message: MESSAGES.payoutMismatch,
    items: 2,
  },
  items: [
    { key: 'txn_1', kind: 'charge', amount: 5000, fee: 175, net: 4825, web_payment_id: 1, providerTxId: 'ch_1', queue_id: 4501, checkout_day: '2026-03-02', description: 'Payment for ticket 4501', explains: false },
    { key: 'txn_2', kind: 'charge', amount: 5000, fee: 190, net: 4810, web_payment_id: 2, providerTxId: 'ch_2', queue_id: 4502, checkout_day: '2026-03-02', description: 'Payment for ticket 4502', explains: true },
    { key: 'unexplained', kind: 'unexplained', amount: 45, fee: 0, net: 45, web_payment_id: null, providerTxId: null, queue_id: null, checkout_day: null, description: 'Not explained by any movement', explains: false },
  ],
  byKind: [
    { kind: 'charge', count: 2, amount: 10000, fee: 365, net: 9635 },
    { kind: 'unexplained', count: 1, amount: 45, fee: 0, net: 45 },
  ],
  comparison: {
    state: 'compared',
    differences: [
      {
        key: 'txn_2',
        side: 'differs',
        kind: 'charge',
        providerTxId: 'ch_2',
        chargeTxId: 'ch_2',
        web_payment_id: 2,
        queue_id: 4502,
        provider: { amount: 5000, fee: 145, net: 4855 },
        ours: { amount: 5000, fee: 190, net: 4810 },
        effect: 45,
        message: 'Stripe counted charge ch_2 as $50.00 less a $1.45 fee; our records have $50.00 less a $1.90 fee.',
      },
    ],
    remainder: 0,
    message: null,
  },
};

const refundSentence = 'Stripe deducted refund re_9 of $127.00 from this payout; it is missing from our records.';
/** A payout $127.00 short of its charges: Stripe deducted a refund made in its dashboard, which our records lack. */
const missingRefund: PayoutDetail = {
  payout: { ...mismatched.payout, id: 10, providerPayoutId: 'po_refund', gross: 18952, fee: 610, netamount: 18342, amount: 5642, difference: -12700 },
  items: [
    { key: 'txn_1', kind: 'charge', amount: 5000, fee: 175, net: 4825, web_payment_id: 1, providerTxId: 'ch_1', queue_id: 4501, checkout_day: '2026-03-02', description: 'Payment for ticket 4501', explains: false },
    { key: 'txn_3', kind: 'charge', amount: 13952, fee: 435, net: 13517, web_payment_id: 3, providerTxId: 'ch_3', queue_id: 4503, checkout_day: '2026-03-02', description: 'Payment for ticket 4503', explains: false },
    { key: 'unexplained', kind: 'unexplained', amount: -12700, fee: 0, net: -12700, web_payment_id: 3, providerTxId: 're_9', queue_id: 4503, checkout_day: '2026-03-02', description: refundSentence, explains: false },
  ],
  byKind: [
    { kind: 'charge', count: 2, amount: 18952, fee: 610, net: 18342 },
    { kind: 'unexplained', count: 1, amount: -12700, fee: 0, net: -12700 },
  ],
  comparison: {
    state: 'compared',
    differences: [
      {
        key: 'txn_re9',
        side: 'missing_here',
        kind: 'refund',
        providerTxId: 're_9',
        chargeTxId: 'ch_3',
        web_payment_id: 3,
        queue_id: 4503,
        provider: { amount: -12700, fee: 0, net: -12700 },
        ours: null,
        effect: -12700,
        message: refundSentence,
      },
    ],
    remainder: 0,
    message: null,
  },
};

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('web payment screens', { timeout: 20_000 }, () => {
  it('lists web payments with a receipt or Receipt Not Available, and asks again for one provider', async () => {
    const asked: string[] = [];
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const app = renderApp('/12/webpayments?start=2026-03-01&end=2026-03-31', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        ...base,
        'GET /protected/business/12/webpayments': (request) => {
          const url = new URL(request.url);
          asked.push(url.searchParams.get('provider') ?? 'all');
          const payments = [payment(1, 'stripe', 'https://pay.stripe.test/receipts/1'), payment(2, 'nmi', null)].filter((p) => !url.searchParams.get('provider') || p.provider === url.searchParams.get('provider'));
          return ok({ start: '2026-03-01', end: '2026-03-31', provider: url.searchParams.get('provider'), payments, totals: { count: payments.length, amount: payments.reduce((s, p) => s + p.amount, 0), fee: 0 } });
        },
      },
    });
    const table = within(await app.screen.findByRole('table', { name: 'Web payments of Mar 1 – 31, 2026' }, { timeout: 10_000 }));
    await waitFor(() => expect(table.getByRole('rowheader', { name: 'ch_2' })).toBeTruthy());
    const nmi = table.getByRole('rowheader', { name: 'ch_2' }).closest('tr') as HTMLElement;
    expect(nmi.textContent).toContain(MESSAGES.receiptNotAvailable);
    await app.user.click(table.getByRole('button', { name: 'Receipt of ch_1' }));
    expect(open).toHaveBeenCalledWith('https://pay.stripe.test/receipts/1', 'salondesk-receipt', 'popup=yes,width=480,height=640');
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Provider' }), 'nmi');
    await waitFor(() => expect(table.queryByRole('rowheader', { name: 'ch_1' })).toBeNull());
    expect(asked).toEqual(['all', 'nmi']);
    open.mockRestore();
  });

  it('shows a payout that does not reconcile: the message with its difference, the unexplained line first, the charge that explains it', async () => {
    const app = renderApp('/12/webpayments/payouts/9', { storedSession: session, storedBusiness: 12, api: { ...base, 'GET /protected/business/12/payouts/9': ok(mismatched) } });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Payout po_fee' }, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.getByRole('alert').textContent).toBe(`${MESSAGES.payoutMismatch} (+ $0.45)`);
    const table = within(app.screen.getByRole('table', { name: 'Itemisation of payout po_fee' }));
    await waitFor(() => expect(table.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Unexplained', 'ch_2', 'ch_1', 'Total']));
    expect((table.getByRole('rowheader', { name: 'ch_2' }).closest('tr') as HTMLElement).textContent).toContain('Explains the difference');
    const why = within(app.screen.getByRole('region', { name: 'What it paid' }));
    expect(why.getByRole('link', { name: '#4502' }).getAttribute('href')).toBe('/12/transactions/4502');
    expect(why.getByText(/Stripe counted charge ch_2 as \$50\.00 less a \$1\.45 fee/)).toBeTruthy();
    // The card adds up: net, the charge's fee as Stripe took it, what Stripe paid.
    const card = app.screen.getByRole('region', { name: 'Reconciliation' });
    expect(card.textContent).toContain('Net amount$96.35Charge ch_2, recorded differently+ $0.45Paid by the provider$96.80');
  });

  it('names the refund Stripe deducted and our records lack on the unexplained line, with the ticket of the charge it refunds, and no charge as the cause', async () => {
    const app = renderApp('/12/webpayments/payouts/10', { storedSession: session, storedBusiness: 12, api: { ...base, 'GET /protected/business/12/payouts/10': ok(missingRefund) } });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Payout po_refund' }, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.getByRole('alert').textContent).toBe(`${MESSAGES.payoutMismatch} (− $127.00)`);
    // The reconciliation card: $183.42 of charges, less the refund Stripe deducted, is the $56.42 Stripe paid.
    const card = app.screen.getByRole('region', { name: 'Reconciliation' });
    expect(card.textContent).toContain('Net amount$183.42Refund re_9, missing from our records− $127.00Paid by the provider$56.42');
    expect(card.textContent).not.toContain('Unexplained');
    const table = within(app.screen.getByRole('table', { name: 'Itemisation of payout po_refund' }));
    await waitFor(() => expect(table.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Unexplained', 'ch_1', 'ch_3', 'Total']));
    const unexplained = within(table.getByRole('rowheader', { name: 'Unexplained' }).closest('tr') as HTMLElement);
    expect(unexplained.getByText(refundSentence)).toBeTruthy();
    expect(unexplained.getByRole('link', { name: '#4503' }).getAttribute('href')).toBe('/12/transactions/4503');
    expect(table.queryByText('Explains the difference')).toBeNull();
    const why = within(app.screen.getByRole('region', { name: 'What it paid' }));
    expect(why.getByText(refundSentence, { exact: false })).toBeTruthy();
    expect(why.getByText(/Of charge ch_3, ticket/)).toBeTruthy();
    expect(why.getByRole('link', { name: '#4503' }).getAttribute('href')).toBe('/12/transactions/4503');
  });

  it('says why nothing was compared when the provider cannot be reached, and falls back to the movements that may explain it', async () => {
    const unreachable: PayoutDetail = { ...mismatched, comparison: { state: 'unavailable', differences: [], remainder: 45, message: MESSAGES.providerUnavailable } };
    const app = renderApp('/12/webpayments/payouts/9', { storedSession: session, storedBusiness: 12, api: { ...base, 'GET /protected/business/12/payouts/9': ok(unreachable) } });
    expect(await app.screen.findByRole('heading', { level: 1, name: 'Payout po_fee' }, { timeout: 10_000 })).toBeTruthy();
    const why = within(app.screen.getByRole('region', { name: 'What it paid' }));
    expect(why.getByText(MESSAGES.providerUnavailable)).toBeTruthy();
    expect(why.getByRole('link', { name: '#4502' })).toBeTruthy();
    expect(app.screen.getByRole('region', { name: 'Reconciliation' }).textContent).toContain('Difference+ $0.45Paid by the provider$96.80');
  });

  it('refuses a weekly schedule without its day before sending, then saves one and shows the provider’s next payout date', async () => {
    let stored: PayoutScheduleState = { provider: 'stripe', schedule: { delay_days: 2, interval: 'daily', weekly_anchor: null, monthly_anchor: null }, next_payout_date: '2026-03-03', pays_through: '2026-03-01', timezone: 'America/Los_Angeles' };
    const posted: unknown[] = [];
    const app = renderApp('/12/webpayments/schedule', {
      storedSession: session,
      storedBusiness: 12,
      api: {
        ...base,
        'GET /protected/business/12/io-request': () => ok(stored),
        'POST /protected/business/12/io-request': async (request) => {
          const body = (await request.json()) as { schedule: PayoutScheduleState['schedule'] };
          posted.push(body);
          if (body.schedule.delay_days === 9) return fail(502, 'The payment provider could not be reached.');
          stored = { ...stored, schedule: body.schedule, next_payout_date: '2026-03-06', pays_through: '2026-03-04' };
          return ok(stored, MESSAGES.payoutScheduleUpdated);
        },
      },
    });
    expect(await app.screen.findByRole('heading', { name: 'Next payout' }, { timeout: 10_000 })).toBeTruthy();
    expect(app.screen.getByText('Tue, Mar 3, 2026')).toBeTruthy();
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Payouts' }), 'weekly');
    await app.user.click(app.screen.getByRole('button', { name: 'Save schedule' }));
    expect(await app.screen.findByText(MESSAGES.payoutWeeklyAnchorRequired)).toBeTruthy();
    expect(posted).toEqual([]);
    await app.user.selectOptions(app.screen.getByRole('combobox', { name: 'Day of the week' }), 'friday');
    expect(app.screen.getByRole('heading', { name: 'Next payout with these settings' })).toBeTruthy();
    // A provider that cannot be reached: nothing saved, the form keeps what was chosen.
    await app.user.clear(app.screen.getByRole('textbox', { name: 'Delay (days)' }));
    await app.user.type(app.screen.getByRole('textbox', { name: 'Delay (days)' }), '9');
    await app.user.click(app.screen.getByRole('button', { name: 'Save schedule' }));
    expect(await app.screen.findByText('The payment provider could not be reached.')).toBeTruthy();
    expect(app.screen.getByRole('combobox', { name: 'Day of the week' })).toHaveProperty('value', 'friday');
    await app.user.clear(app.screen.getByRole('textbox', { name: 'Delay (days)' }));
    await app.user.type(app.screen.getByRole('textbox', { name: 'Delay (days)' }), '2');
    await app.user.click(app.screen.getByRole('button', { name: 'Save schedule' }));
    expect(await app.screen.findByText(MESSAGES.payoutScheduleUpdated)).toBeTruthy();
    await waitFor(() => expect(app.screen.getByRole('heading', { name: 'Next payout' })).toBeTruthy());
    expect(app.screen.getByTestId('next-payout-date').textContent).toBe('Fri, Mar 6, 2026');
    expect(posted.at(-1)).toEqual({ schedule: { delay_days: 2, interval: 'weekly', weekly_anchor: 'friday', monthly_anchor: null } });
  });
});
