import { MESSAGES } from '../messages';

/**
 * Staff clock PINs: 4 to 8 digits, set by a manager on the member's profile, stored hashed by the
 * server and throttled like sign-in codes. A PIN that is one digit repeated or a run up or down
 * (`1111`, `1234`, `9876`) is the first anyone tries: refused.
 */
export const CLOCK_PIN_PATTERN = /^\d{4,8}$/;

/** Why a PIN cannot be used, or null. */
export function clockPinProblem(pin: string): string | null {
  if (!CLOCK_PIN_PATTERN.test(pin)) return MESSAGES.clockPinFormat;
  const digits = [...pin].map(Number);
  const steps = new Set(digits.slice(1).map((d, i) => d - (digits[i] as number)));
  if (steps.size === 1 && [0, 1, -1].includes([...steps][0] as number)) return MESSAGES.clockPinTooSimple;
  return null;
}
