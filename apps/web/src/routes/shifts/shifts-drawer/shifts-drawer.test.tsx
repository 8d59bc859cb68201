import { MESSAGES, type Shift, shift as shiftSchema, shiftCloseNeedsNote } from '@salondesk/core';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessDetail, fail, ok, type Reply, type Routes, unrestrictedOwnerSession as ownerSession } from '../../../test/fakeApi';
import { renderApp } from '../../../test/renderApp';

const open: Shift = shiftSchema.parse({
  id: 42,
  business_id: 12,
  starting_balance: 10000,
  closing_balance: null,
  status: 'OPEN',
  balanced: null,
  started_at: '2025-03-03T17:00:00.000Z',
  closed_at: null,
  day: '2025-03-03',
  currency: 'USD',
  attributes: {
    cashier: 3,
    'cashier added at closing': [],
    'cashier removed at closing': [],
    denominations: { currency: 'USD', lines: [{ key: 'n2000', count: 5 }], total: 10000 },
    closingdenominations: null,
    notes: null,
    cashoffset: null,
    salescash: null,
    cashatclosing: null,
    lastbalance: null,
  },
  finances: [],
  staff: [{ id: 3, name: 'Ava Bennett', role: 'cashier' }],
  figures: { starting_balance: 10000, cash_sales: 0, paid_in: 0, paid_out: 0, tip_out: 0, cash_drop: 0, finances: 0, expected: 10000, counted: null, difference: null, state: 'Open', hidden: false },
  blind_close: false,
  reopened: 0,
  updated_at: '2025-03-03T17:00:00.000Z',
});
const blind: Shift = { ...open, blind_close: true, figures: { ...open.figures, cash_sales: null, expected: null, hidden: true } };
const closedBlind: Shift = {
  ...blind,
  status: 'CLOSED',
  balanced: 'Short',
  closing_balance: 9000,
  closed_at: '2025-03-04T01:00:00.000Z',
  figures: { ...open.figures, cash_sales: 2500, expected: 12500, counted: 9000, difference: -3500, state: 'Short', hidden: false },
};

function openDrawer(shift: Shift, close: (body: unknown) => Reply, finances: Routes = {}) {
  return renderApp('/12/drawer/42', {
    storedSession: ownerSession,
    storedBusiness: 12,
    api: {
      'GET /protected/user/7/checkstatus': ok(ownerSession),
      'GET /protected/user/7/business/12/detail': ok(businessDetail),
      'GET /protected/business/12/shift/42/get': ok(shift),
      'GET /protected/business/12/drawerlog/42': ok({ shift_id: 42, status: 'OPEN', hidden: shift.figures.hidden, entries: [] }),
      'GET /protected/business/12/shiftsettings/get': ok({ defaultFloat: 10000, differenceThreshold: 500, blindClose: shift.figures.hidden }),
      'GET /protected/business/12/clock/staff': ok({ timezone: 'America/Los_Angeles', staff: [{ id: 3, name: 'Ava Bennett', has_pin: true, clocked_in_at: null }] }),
      'GET /protected/business/12/tablesettings/shift-finances/get': ok(null),
      'GET /protected/business/12/tablesettings/drawer-log/get': ok(null),
      'POST /protected/business/12/shift/42/update': async (request) => close(await request.json()),
      ...finances,
    },
  });
}

const count = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByRole('textbox', { name: `${label} count` }), { target: { value } });

// Bounds for a busy machine (the first render loads the dashboard's modules), not timings.
describe('Closing a drawer', { timeout: 20_000 }, () => {
  it('compares the count as it is typed, asks a manager for a note past the threshold, and never shows a success when another device closed first', async () => {
    const sent: unknown[] = [];
    const app = openDrawer(open, (body) => {
      sent.push(body);
      return fail(409, MESSAGES.shiftAlreadyClosed);
    });
    fireEvent.click(await app.screen.findByRole('button', { name: 'Close the drawer' }, { timeout: 15_000 }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Close the drawer' });
    count(dialog, '$50', '1');
    count(dialog, '$20', '2');
    const balance = within(dialog).getByRole('region', { name: 'Drawer' });
    // $90 counted against $100 expected.
    await waitFor(() => expect(balance.textContent).toContain('Short− $10.00'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the drawer' }));
    expect(await within(dialog).findByText(shiftCloseNeedsNote('$5.00'))).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes' }), { target: { value: 'A $10 note went to the safe by mistake' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the drawer' }));
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.shiftAlreadyClosed));
    expect(app.screen.queryByText(MESSAGES.shiftUpdated)).toBeNull();
    expect(sent[0]).toEqual({
      closingdenominations: [
        { key: 'n5000', count: 1 },
        { key: 'n2000', count: 2 },
      ],
      cashdrop: 0,
      notes: 'A $10 note went to the safe by mistake',
      cashiers_added: [],
      cashiers_removed: [],
    });
  });

  it('under blind close shows nothing of what the drawer should hold until the count is saved, then how it came out', async () => {
    const app = openDrawer(blind, () => ok(closedBlind, MESSAGES.shiftUpdated));
    const page = await app.screen.findByRole('region', { name: 'Drawer' }, { timeout: 15_000 });
    expect(page.textContent).not.toContain('Expected');
    fireEvent.click(app.screen.getByRole('button', { name: 'Close the drawer' }));
    const dialog = await app.screen.findByRole('dialog', { name: 'Close the drawer' });
    count(dialog, '$50', '1');
    count(dialog, '$20', '2');
    expect(dialog.textContent).toContain('closes blind');
    expect(dialog.textContent).not.toContain('Expected');
    expect(dialog.textContent).not.toContain('Short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close the drawer' }));
    const result = await app.screen.findByRole('dialog', { name: 'Drawer closed' });
    expect(result.textContent).toContain('Expected in the drawer$125.00');
    expect(result.textContent).toContain('Short− $35.00');
  });
});

const paidOut = {
  id: 9,
  shift_id: 42,
  employee_id: null,
  employee_name: null,
  day: '2025-03-03',
  category: 'PAIDOUT',
  type: 'DEBIT',
  amount: 1250,
  description: 'Milk',
  isDebit: true,
  created_at: '2025-03-03T18:00:00.000Z',
  updated_at: '2025-03-03T18:00:00.000Z',
} as const;

describe('Finances of an open drawer', { timeout: 20_000 }, () => {
  it('changes one with a reason, and removes one only after asking, with a reason', async () => {
    const updates: unknown[] = [];
    const removals: unknown[] = [];
    const app = openDrawer({ ...open, finances: [paidOut], figures: { ...open.figures, paid_out: 1250, finances: -1250, expected: 8750 } }, () => fail(500, 'unused'), {
      'POST /protected/business/12/finance/9/update': async (request) => {
        updates.push(await request.json());
        return ok({ ...paidOut, amount: 1500 }, MESSAGES.updatedSuccessfully);
      },
      'POST /protected/business/12/finance/9/delete': async (request) => {
        removals.push(await request.json());
        return ok({ id: 9 }, MESSAGES.deletedSuccessfully);
      },
    });
    fireEvent.click(await app.screen.findByRole('button', { name: 'Change Paid out $12.50, Milk' }, { timeout: 15_000 }));
    const change = await app.screen.findByRole('dialog', { name: 'Change the paid out' });
    fireEvent.change(within(change).getByRole('textbox', { name: 'Amount' }), { target: { value: '15' } });
    // A reason is required: nothing is sent without one.
    fireEvent.click(within(change).getByRole('button', { name: 'Save the change' }));
    await waitFor(() => expect(within(change).getByRole('textbox', { name: 'Why it changes' }).getAttribute('aria-invalid')).toBe('true'));
    expect(updates).toEqual([]);
    fireEvent.change(within(change).getByRole('textbox', { name: 'Why it changes' }), { target: { value: 'The receipt says 15.00' } });
    fireEvent.click(within(change).getByRole('button', { name: 'Save the change' }));
    await app.screen.findByText(MESSAGES.updatedSuccessfully);
    expect(updates[0]).toEqual({ category: 'PAIDOUT', amount: 1500, employee_id: null, description: 'The receipt says 15.00' });

    fireEvent.click(app.screen.getByRole('button', { name: 'Remove Paid out $12.50, Milk' }));
    const ask = await app.screen.findByRole('alertdialog', { name: 'Remove this finance?' });
    expect(removals).toEqual([]);
    fireEvent.change(within(ask).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Entered twice' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Remove the finance' }));
    await app.screen.findByText(MESSAGES.deletedSuccessfully);
    expect(removals[0]).toEqual({ description: 'Entered twice' });
  });
});
