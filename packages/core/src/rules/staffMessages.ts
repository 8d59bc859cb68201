import { MESSAGES } from '../messages';

/** The wire keys of the properties with toasts of their own (kept apart from the value schemas, so the client stays small). */
const USERNAME = 'username';
const VISIBLE_IN_APPOINTMENT = 'visible_in_appointment';
const SCHEDULER_COLOR = 'schedulerColor';

/** The toasts of a property change (spec 000 §8): username, visibility and colour have their own. */
export function staffPropertyMessages(key: string): { success: string; error: string } {
  switch (key) {
    case USERNAME:
      return { success: MESSAGES.usernameUpdated, error: MESSAGES.failedToUpdateUsername };
    case VISIBLE_IN_APPOINTMENT:
      return { success: MESSAGES.employeeUpdated, error: MESSAGES.failedToUpdateAppointmentVisibility };
    case SCHEDULER_COLOR:
      return { success: MESSAGES.staffColorAssigned, error: MESSAGES.failedToUpdateEmployee };
    default:
      return { success: MESSAGES.employeeUpdated, error: MESSAGES.failedToUpdateEmployee };
  }
}

