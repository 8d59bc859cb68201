import { CARD_STATUS_LABEL, MEMBERSHIP_STATUS_LABEL, type CardStatus, type MembershipStatus } from '@salondesk/core';
import type { StatusTone } from '../../ui/StatusBadge';

const CARD_TONE: Record<CardStatus, StatusTone> = { active: 'success', empty: 'neutral', expired: 'warning', void: 'danger' };
const MEMBERSHIP_TONE: Record<MembershipStatus, StatusTone> = { active: 'success', paused: 'info', past_due: 'warning', cancelled: 'danger', expired: 'neutral' };

/** A card status as a badge: its label and a colour. */
export const cardBadge = (status: CardStatus) => ({ label: CARD_STATUS_LABEL[status], tone: CARD_TONE[status] });
/** A membership status as a badge. */
export const membershipBadge = (status: MembershipStatus) => ({ label: MEMBERSHIP_STATUS_LABEL[status], tone: MEMBERSHIP_TONE[status] });

/** A card number as shown in lists: its last 4 digits behind dots. */
export const maskedCard = (last4: string) => `•••• ${last4}`;
