import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { INVITATION_REFUSAL, invitationStatus, newInvitation } from './invitation';

const at = (iso: string) => new Date(iso);

describe('invitations', () => {
  it('stand pending until their day, then expired; used and withdrawn are final', () => {
    const open = { used_at: null, withdrawn_at: null, expires_at: '2026-03-09T10:00:00.000Z' };
    expect(invitationStatus(open, at('2026-03-09T09:59:59.999Z'))).toBe('pending');
    expect(invitationStatus(open, at('2026-03-09T10:00:00.000Z'))).toBe('expired');
    expect(invitationStatus({ ...open, used_at: '2026-03-03T10:00:00.000Z' }, at('2026-04-01T00:00:00.000Z'))).toBe('used');
    expect(invitationStatus({ ...open, withdrawn_at: '2026-03-03T10:00:00.000Z' }, at('2026-03-04T00:00:00.000Z'))).toBe('withdrawn');
    expect(INVITATION_REFUSAL).toEqual({ used: MESSAGES.invitationUsed, expired: MESSAGES.invitationExpired, withdrawn: MESSAGES.invitationWithdrawn });
  });

  it('take a manager or front desk by email, with a bounded acl', () => {
    const ok = newInvitation.safeParse({ email: ' dana@example.test ', role: 'STAFF', acl: { blocks: ['operation'], units: { operation: ['staff'] } } });
    expect(ok.success && ok.data).toEqual({ email: 'dana@example.test', role: 'STAFF', acl: { blocks: ['operation'], units: { operation: ['staff'] }, restrictions: [] } });
    const refused = (input: unknown) => newInvitation.safeParse(input).error?.issues.map((i) => i.message);
    expect(refused({ email: 'dana', role: 'STAFF', acl: {} })).toEqual([MESSAGES.invitationEmailRequired]);
    expect(refused({ email: 'dana@example.test', role: 'ADMIN', acl: {} })).toEqual([MESSAGES.invitationRoleInvalid]);
    expect(newInvitation.safeParse({ email: 'dana@example.test', role: 'OWNER', acl: {} }).success).toBe(false);
    expect(newInvitation.safeParse({ email: 'dana@example.test', role: 'STAFF', acl: { blocks: Array.from({ length: 65 }, (_, i) => `b${i}`) } }).success).toBe(false);
  });
});
