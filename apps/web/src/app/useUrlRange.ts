import { dayInZone } from '@salondesk/core';
import { useSearchParams } from 'react-router-dom';
import { rangeFrom } from './RangePicker';

/**
 * The day range of a sales report, kept in the URL (`?start=&end=`, today by default) and read in
 * the business's time zone; `setRange` replaces it (and the history entry).
 */
export function useUrlRange(timezone: string) {
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), timezone);
  const { start, end } = rangeFrom(params, today);
  const setRange = (range: { start: string; end: string }) => setParams(range, { replace: true });
  return { today, start, end, setRange };
}
