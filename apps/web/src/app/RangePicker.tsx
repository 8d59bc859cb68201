import { addDays, monthStart } from '@salondesk/core';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/** A start–end day range with quick choices, for the sales reports. */
export function RangePicker({ start, end, today, onChange }: { start: string; end: string; today: string; onChange: (range: { start: string; end: string }) => void }) {
  const quick = [
    { label: 'Today', start: today, end: today },
    { label: 'Yesterday', start: addDays(today, -1), end: addDays(today, -1) },
    { label: 'Month to date', start: monthStart(today), end: today },
    { label: 'Last 30 days', start: addDays(today, -29), end: today },
    { label: 'Last 365 days', start: addDays(today, -364), end: today },
  ];
  return (
    <div className="flex flex-wrap items-end gap-2">
      <TextField label="From" type="date" value={start} max={end} onChange={(e) => e.target.value && onChange({ start: e.target.value, end })} className="w-40" />
      <TextField label="To" type="date" value={end} min={start} max={today} onChange={(e) => e.target.value && onChange({ start, end: e.target.value })} className="w-40" />
      <div className="flex flex-wrap gap-1" role="group" aria-label="Quick ranges">
        {quick.map((q) => (
          <Button key={q.label} size="sm" variant={q.start === start && q.end === end ? 'primary' : 'ghost'} aria-pressed={q.start === start && q.end === end} onClick={() => onChange({ start: q.start, end: q.end })}>
            {q.label}
          </Button>
        ))}
      </div>
    </div>
  );
}

/** The range in the URL (`?start=&end=`), defaulting to today. */
export function rangeFrom(params: URLSearchParams, today: string): { start: string; end: string } {
  const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);
  const start = isDay(params.get('start')) ? (params.get('start') as string) : today;
  const end = isDay(params.get('end')) ? (params.get('end') as string) : today;
  return start <= end ? { start, end } : { start: end, end: start };
}
