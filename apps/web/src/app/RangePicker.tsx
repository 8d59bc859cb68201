import { presetRange, RANGE_PRESET_LABEL, RANGE_PRESETS, rangeFromQuery, searchRangeProblem } from '@salondesk/core';
import { DateRangePicker } from '../ui/DateRangePicker';
import { useBusinessDisplay } from './useBusinessDisplay';
import { useBusinessId } from './useBusinessId';

/**
 * A start–end day range with core's presets (today, yesterday, this week, the last 7 and 30
 * days, this month, last month), worked out from `today` in the business's time zone, the week
 * starting on the business's first day (the business in the address, unless `weekStartsOn` is given).
 */
export function RangePicker({ start, end, today, weekStartsOn, onChange }: { start: string; end: string; today: string; weekStartsOn?: number; onChange: (range: { start: string; end: string }) => void }) {
  const display = useBusinessDisplay(useBusinessId());
  const weekStart = weekStartsOn ?? display.weekStartsOn;
  const presets = RANGE_PRESETS.map((id) => ({ id, label: RANGE_PRESET_LABEL[id], ...presetRange(id, today, weekStart) }));
  return <DateRangePicker start={start} end={end} max={today} presets={presets} error={searchRangeProblem({ start, end })} onChange={onChange} />;
}

/** The range in the URL (`?start=&end=`, or an older `?day=`), defaulting to today. */
export function rangeFrom(params: URLSearchParams, today: string): { start: string; end: string } {
  return rangeFromQuery({ start: params.get('start'), end: params.get('end'), day: params.get('day') }, today);
}
