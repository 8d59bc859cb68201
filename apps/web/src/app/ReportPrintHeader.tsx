import { dayLabel, DEFAULT_TIMEZONE } from '@salondesk/core';
import { useBusiness } from '@salondesk/react';
import { useEffect, useState } from 'react';
import { PrintHeader } from '../ui/PrintHeader';

/** A range as people read it: `Wed, Oct 1, 2026 – Fri, Oct 31, 2026` (one day alone). */
export const rangeLabel = (start: string, end: string): string => (start === end ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(end)}`);

const printedAt = (timeZone: string) => new Date().toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone });

/**
 * The printed heading of a screen's report: its title, the business (none for platform-wide
 * lists), the range and the moment it is printed (refreshed as the print starts).
 */
export function ReportPrintHeader({ title, businessId, range }: { title: string; businessId: number | null; range?: { start: string; end: string } | string | null }) {
  const business = useBusiness(businessId);
  const timeZone = businessId === null ? 'UTC' : (business.data?.timezone ?? DEFAULT_TIMEZONE);
  const [at, setAt] = useState(() => printedAt(timeZone));
  useEffect(() => {
    const refresh = () => setAt(printedAt(timeZone));
    refresh();
    window.addEventListener('beforeprint', refresh);
    return () => window.removeEventListener('beforeprint', refresh);
  }, [timeZone]);
  const label = typeof range === 'string' ? range : range ? rangeLabel(range.start, range.end) : null;
  return <PrintHeader title={title} business={businessId === null ? null : (business.data?.name ?? null)} range={label} printedAt={businessId === null ? `${at} UTC` : at} />;
}
