import { addDays } from '@salondesk/core';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

/** A daily report's day: ‹ previous, the date, next ›, and Today when another day is shown (never after today). */
export function DayStepper({ day, today, onChange }: { day: string; today: string; onChange: (day: string) => void }) {
  return (
    <>
      <Button variant="secondary" onClick={() => onChange(addDays(day, -1))} aria-label="Previous day">
        ‹
      </Button>
      <TextField label="Day" type="date" value={day} max={today} onChange={(e) => /^\d{4}-\d{2}-\d{2}$/.test(e.target.value) && onChange(e.target.value)} />
      <Button variant="secondary" onClick={() => onChange(addDays(day, 1))} disabled={day >= today} aria-label="Next day">
        ›
      </Button>
      {day !== today ? (
        <Button variant="ghost" onClick={() => onChange('')}>
          Today
        </Button>
      ) : null}
    </>
  );
}
