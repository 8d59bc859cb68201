import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { checkoutAmountsArb, phoneEntryArb, statusArb } from './transactions.arb';
import {
  canOpenReceipt,
  checkRefund,
  customerOf,
  listedInDetail,
  receiptPopupFeatures,
  refundable,
  statusAfterReactivation,
  statusAfterRemoval,
  statusesLabelled,
  tenderLabel,
  TRANSACTION_STATUS_LABEL,
  TRANSACTION_STATUS_LABELS,
  TRANSACTION_STATUSES,
  transactionCan,
  transactionStatusLabel,
} from './transactions';

describe('status labels (spec 001 §4)', () => {
  it('reads as the spec table', () => {
    expect(TRANSACTION_STATUS_LABEL).toEqual({
      CHECKOUT: 'Completed',
      SERVICE_NOCHECKOUT: 'Deleted after service',
      CHECKIN_NOSERVICE: 'Deleted before service',
      ACTIVE: 'In Service',
      PAYMENTREADY: 'In Service',
      CHECKOUTREADY: 'In Service',
      CHECKIN: 'In queue',
      ASSIGNED: 'In queue',
      DELETED: 'Deleted',
    });
    expect(transactionStatusLabel('SOMETHING_NEW')).toBe('SOMETHING_NEW');
  });

  test.prop([statusArb])('every status is found again through its label', (status) => {
    const label = transactionStatusLabel(status);
    expect(TRANSACTION_STATUS_LABELS).toContain(label);
    expect(statusesLabelled(label)).toContain(status);
  });
});

describe('detail lists', () => {
  test.prop([statusArb, fc.boolean()])('leave out DELETED and CHECKOUT without a checkout, keep the rest', (status, hasCheckout) => {
    const shown = listedInDetail({ status, hasCheckout });
    if (status === 'DELETED') expect(shown).toBe(false);
    else if (status === 'CHECKOUT') expect(shown).toBe(hasCheckout);
    else expect(shown).toBe(true);
  });
});

describe('actions', () => {
  test.prop([statusArb, fc.boolean()])('a removed ticket is deleted after or before service, and may be reactivated', (status, serviced) => {
    const after = statusAfterRemoval({ status, serviced });
    expect(['SERVICE_NOCHECKOUT', 'CHECKIN_NOSERVICE']).toContain(after);
    if (status === 'CHECKOUT' || serviced) expect(after).toBe('SERVICE_NOCHECKOUT');
    expect(transactionCan.reactivate({ status: after })).toBe(true);
    expect(transactionCan.remove({ status: after })).toBe(false);
    const back = statusAfterReactivation({ serviced: after === 'SERVICE_NOCHECKOUT' });
    expect(transactionCan.remove({ status: back })).toBe(true);
  });

  it('refunds only completed sales; a refunded ticket is not deleted', () => {
    for (const status of TRANSACTION_STATUSES) expect(transactionCan.refund({ status })).toBe(status === 'CHECKOUT');
    expect(transactionCan.remove({ status: 'CHECKOUT', refunded: 0 })).toBe(true);
    expect(transactionCan.remove({ status: 'CHECKOUT', refunded: 700 })).toBe(false);
    expect(transactionCan.refund.states).toEqual(['CHECKOUT']);
  });
});

describe('customer from the phones list', () => {
  it('names the customer and hides temporary numbers', () => {
    expect(customerOf([])).toEqual({ name: 'Walk-in', phone: null, email: null });
    expect(customerOf([{ type: 'TEMP', phone: '0000001', customerprofiles: [] }])).toEqual({ name: 'Walk-in', phone: null, email: null });
    expect(customerOf([{ type: 'GUEST', phone: '5550100', customerprofiles: [] }])).toEqual({ name: 'Guest', phone: '5550100', email: null });
    expect(
      customerOf([
        { type: 'TEMP', phone: '0000001', customerprofiles: [] },
        { type: 'MOBILE', phone: '3105550101', customerprofiles: [{ firstname: 'Ava', lastname: 'Diaz', email: 'ava@example.com' }] },
      ]),
    ).toEqual({ name: 'Ava Diaz', phone: '3105550101', email: 'ava@example.com' });
  });

  test.prop([fc.array(phoneEntryArb, { maxLength: 4 })])('never shows a TEMP number, and always has a name', (phones) => {
    const c = customerOf(phones);
    expect(c.name.trim()).not.toBe('');
    const temps = phones.filter((p) => p.type === 'TEMP').map((p) => p.phone);
    const others = phones.filter((p) => p.type !== 'TEMP').map((p) => p.phone);
    if (c.phone !== null && temps.includes(c.phone)) expect(others).toContain(c.phone);
    if (phones.some((p) => p.type !== 'TEMP' && p.type !== 'GUEST')) expect(c.phone).toBe(phones.find((p) => p.type !== 'TEMP' && p.type !== 'GUEST')?.phone);
  });
});

describe('tender label', () => {
  it('joins CASH, CREDIT and GIFT in that order', () => {
    expect(tenderLabel({ cashamount: 100, creditamount: 200, giftamount: 300 })).toBe('CASH/CREDIT/GIFT');
    expect(tenderLabel({ cashamount: 0, creditamount: 200, giftamount: 0 })).toBe('CREDIT');
    expect(tenderLabel({ cashamount: 0, creditamount: 0, giftamount: 0 })).toBe('');
  });

  test.prop([checkoutAmountsArb])('names exactly the tenders that took money', (c) => {
    const parts = tenderLabel(c).split('/').filter(Boolean);
    expect(parts).toEqual((['CASH', 'CREDIT', 'GIFT'] as const).filter((t) => ({ CASH: c.cashamount, CREDIT: c.creditamount, GIFT: c.giftamount })[t] > 0));
  });
});

describe('refunds', () => {
  test.prop([fc.integer({ min: 0, max: 1e7 }), fc.array(fc.integer({ min: -100, max: 5e6 }), { maxLength: 30 })])(
    'a sequence of accepted refunds never gives back more than was paid',
    (paid, attempts) => {
      let refunded = 0;
      for (const amount of attempts) {
        const check = checkRefund(amount, paid, refunded);
        if (check.ok) {
          refunded += amount;
          expect(check.remaining).toBe(paid - refunded);
        } else {
          expect(amount <= 0 || amount > paid - refunded).toBe(true);
        }
        expect(refunded).toBeLessThanOrEqual(paid);
      }
      expect(refundable(paid, refunded)).toBe(paid - refunded);
    },
  );

  it('accepts 14 refunds of 7.00 on a 100.00 ticket and refuses the 15th', () => {
    let refunded = 0;
    const outcomes = Array.from({ length: 20 }, () => {
      const check = checkRefund(700, 10000, refunded);
      if (check.ok) refunded += 700;
      return check.ok;
    });
    expect(outcomes.filter(Boolean)).toHaveLength(14);
    expect(refunded).toBe(9800);
  });
});

describe('receipt', () => {
  it('opens 480×640 and only with a URL', () => {
    expect(receiptPopupFeatures()).toContain('width=480,height=640');
    expect(canOpenReceipt('https://x/r/abc')).toBe(true);
    expect(canOpenReceipt('')).toBe(false);
    expect(canOpenReceipt(null)).toBe(false);
    expect(canOpenReceipt(undefined)).toBe(false);
  });
});

