import type { SalondeskClient } from '@salondesk/core';

/**
 * Assigning a staff member's scheduler colour goes through `staff/{id}/property/update`
 * (`key: 'schedulerColor'`), which issue #5 adds. Until that call is merged the scheduler hides its
 * colour buttons (`STAFF_COLOR_ASSIGNMENT_CONNECTED`), so nobody picks a colour that is not saved.
 * After the merge: call the staff client here, then flip the flag; the screen already shows
 * `Staff Color assigned` and refreshes the rows.
 */
export const STAFF_COLOR_ASSIGNMENT_CONNECTED = false;

export async function assignStaffColor(_client: SalondeskClient, _businessId: number, _staffId: number, _color: string): Promise<void> {
  // TODO(#5): await client.staff.updateProperty(businessId, staffId, { key: 'schedulerColor', value: color });
  throw new Error('Assigning a staff colour needs staff/{id}/property/update (issue #5).');
}
