import { addDays, dayInZone } from '@salondesk/core';
import { useSearchParams } from 'react-router-dom';
import { patchSearchParams } from './patchSearchParams';

const isDay = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The days a report screen shows, kept in the URL in the business's time zone: a daily report's
 * one day (`?day=`, today by default), or a range (`?start=&end=`, the last `defaultDays` days
 * by default). `patch` changes some parameters and keeps the others (replacing the history entry).
 */
export function useReportDays(timezone: string, { dailyReport = false, defaultDays = 30 }: { dailyReport?: boolean; defaultDays?: number } = {}) {
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), timezone);
  const day = isDay(params.get('day')) ? (params.get('day') as string) : today;
  const start = dailyReport ? day : isDay(params.get('start')) ? (params.get('start') as string) : addDays(today, -(defaultDays - 1));
  const end = dailyReport ? day : isDay(params.get('end')) ? (params.get('end') as string) : today;
  const patch = (changes: Record<string, string>) => setParams(patchSearchParams(params, changes), { replace: true });
  return { params, today, day, start, end, patch, isDay };
}
