import type { Story } from '@ladle/react';
import { Field } from './Field';

export const AroundAnyControl: Story = () => (
  <div className="max-w-sm space-y-5">
    <Field label="Colour" hint="Shown on the schedule.">
      {(control) => <input {...control} type="color" defaultValue="#7c3aed" className="h-10 w-20 rounded-lg border border-slate-300" />}
    </Field>
    <Field label="Start time" error="Pick a time after opening." alertError>
      {(control) => <input {...control} type="time" defaultValue="06:00" className="h-10 rounded-lg border border-red-500 px-3 text-sm" />}
    </Field>
  </div>
);
