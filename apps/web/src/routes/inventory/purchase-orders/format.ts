import { dayInZone, dayLabel, PO_STATUS_LABEL, type PoStatus } from '@salondesk/core';
import type { StatusTone } from '../../../ui/StatusBadge';

const TONE: Record<PoStatus, StatusTone> = { draft: 'neutral', sent: 'info', 'partly-received': 'warning', received: 'success', closed: 'neutral' };

/** The badge of a purchase order's status. */
export const poStatusBadge = (status: PoStatus): { label: string; tone: StatusTone } => ({ label: PO_STATUS_LABEL[status], tone: TONE[status] });

/** The business-zone day of an instant, as a person reads it (`Mon, Nov 2, 2026`); an em dash for none. */
export const instantDay = (instant: string | null, timezone: string): string => (instant ? dayLabel(dayInZone(new Date(instant), timezone)) : '—');
