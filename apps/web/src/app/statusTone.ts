import { transactionStatusLabel } from '@salondesk/core';
import type { StatusTone } from '../ui/StatusBadge';

const TONE_BY_LABEL: Record<string, StatusTone> = {
  Completed: 'success',
  'In Service': 'info',
  'In queue': 'warning',
  'Deleted after service': 'danger',
  'Deleted before service': 'danger',
  Deleted: 'neutral',
};

/** The badge of a ticket status: its label (spec 001 §4) and a colour. */
export const statusBadge = (status: string): { label: string; tone: StatusTone } => {
  const label = transactionStatusLabel(status);
  return { label, tone: TONE_BY_LABEL[label] ?? 'neutral' };
};
