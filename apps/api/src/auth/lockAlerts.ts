import { addressSignInLockedFor, codeSignInLockedFor, maskPhone, MESSAGES, signInLockedFor } from '@salondesk/core';
import type { Notifier } from '../realtime/notify';
import { THROTTLE, type ThrottlePolicy } from './throttle';

const MINUTE = 60_000;

/** A name typed at sign-in that belongs to no account, shown to admins without giving it away (it may be a password typed in the wrong field). */
export const maskLogin = (login: string): string => {
  const trimmed = login.trim();
  return `an unknown name (${trimmed.slice(0, 2)}${'•'.repeat(Math.min(Math.max(trimmed.length - 2, 1), 8))})`;
};

/**
 * Tells the admins when the brute-force protection locks a sign-in: once per lock (the failure
 * that reaches the limit; a dedupe key covers concurrent ones), never once per failed try.
 */
export function createLockAlerts(notifier: Notifier | undefined, addressPolicy: ThrottlePolicy = THROTTLE.failuresPerAddress) {
  return {
    /**
     * After any failed sign-in: `count` is the address's failures in the window, this one
     * included. The address is shown in full (admins may block it at their firewall).
     */
    async addressFailed(subject: string, count: number, address: string): Promise<void> {
      if (!notifier || count < addressPolicy.max) return;
      await notifier.notify({
        kind: 'adminMessage',
        source: 'security',
        title: MESSAGES.addressSignInLockedTitle,
        body: addressSignInLockedFor(address, addressPolicy.max, addressPolicy.windowMs / MINUTE),
        dedupe: { key: `lock:${subject}`, withinMs: addressPolicy.coolOffMs },
      });
    },
    /** After a wrong password: `count` is the name's failures in the window, this one included. */
    async passwordFailed(subject: string, count: number, who: string): Promise<void> {
      if (!notifier || count < THROTTLE.password.max) return;
      await notifier.notify({
        kind: 'adminMessage',
        source: 'security',
        title: MESSAGES.signInLockedTitle,
        body: signInLockedFor(who, THROTTLE.password.max, THROTTLE.password.windowMs / MINUTE),
        dedupe: { key: `lock:${subject}`, withinMs: THROTTLE.password.coolOffMs },
      });
    },
    /**
     * After a wrong code: each subject (an account, a phone number) with its failures in the
     * hour. Subjects that reach the limit with the same failure make one notification.
     */
    async codeFailed(subjects: { subject: string; count: number; who: string }[]): Promise<void> {
      const locked = subjects.filter((s) => s.count >= THROTTLE.codeFailures.max);
      if (!notifier || locked.length === 0) return;
      await notifier.notify({
        kind: 'adminMessage',
        source: 'security',
        title: MESSAGES.codeSignInLockedTitle,
        body: codeSignInLockedFor(locked.map((s) => s.who).join(' and '), THROTTLE.codeFailures.max),
        dedupe: { key: `lock:${locked.map((s) => s.subject).sort().join('+')}`, withinMs: THROTTLE.codeFailures.coolOffMs },
      });
    },
  };
}

export const phoneWho = (phone: string): string => `the phone number ${maskPhone(phone)}`;
export const accountWho = (username: string): string => `the account ${username}`;
