import { dayInZone, presetRange } from '@salondesk/core';
import { useSearchParams } from 'react-router-dom';
import { patchSearchParams } from '../../app/patchSearchParams';
import type { RangePresetOption } from '../../ui/DateRangePicker';

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The same day a year earlier, the day after (a year of days up to `today`). */
export function yearBefore(today: string): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The presets of billing's ranges: this month, last month, this year, the last 12 months. */
export function billingPresets(today: string): RangePresetOption[] {
  return [
    { id: 'this-month', label: 'This month', ...presetRange('this-month', today) },
    { id: 'last-month', label: 'Last month', ...presetRange('last-month', today) },
    { id: 'this-year', label: 'This year', start: `${today.slice(0, 4)}-01-01`, end: today },
    { id: 'last-12-months', label: 'Last 12 months', start: yearBefore(today), end: today },
  ];
}

/** A billing list's day range in the address (`?start=&end=`), the last 12 months by default. */
export function useBillingRange(timezone: string) {
  const [params, setParams] = useSearchParams();
  const today = dayInZone(new Date(), timezone);
  const start = isDay(params.get('start')) ? (params.get('start') as string) : yearBefore(today);
  const end = isDay(params.get('end')) ? (params.get('end') as string) : today;
  return {
    today,
    start: start <= end ? start : end,
    end: start <= end ? end : start,
    setRange: (range: { start: string; end: string }) => setParams(patchSearchParams(params, range), { replace: true }),
  };
}
