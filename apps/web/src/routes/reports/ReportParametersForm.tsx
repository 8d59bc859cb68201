import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';
import { Toggle } from '../../ui/Toggle';

/** A value a parameter holds: a day `YYYY-MM-DD`, a number, a text, yes/no, or nothing yet. */
export type ParameterFieldValue = string | number | boolean | null;

/** One parameter as the form shows it. */
export interface ParameterField {
  id: string;
  label: string;
  type: 'date' | 'number' | 'text' | 'boolean' | 'choice';
  required?: boolean;
  /** For `choice`: what may be picked. */
  choices?: readonly { value: string | number | boolean; label: string }[];
}

export interface ReportParametersFormProps {
  parameters: readonly ParameterField[];
  values: Readonly<Record<string, ParameterFieldValue>>;
  onChange: (values: Record<string, ParameterFieldValue>) => void;
  onSubmit: () => void;
  /** A message per parameter id. */
  problems?: Readonly<Partial<Record<string, string>>>;
  submitting?: boolean;
  submitLabel?: string;
  /** Beside the submit button (an export menu). */
  actions?: ReactNode;
  className?: string;
}

const keyOf = (value: string | number | boolean) => `${typeof value}:${String(value)}`;

/**
 * The parameters of a report before it runs: a field per parameter of its kind (a date, a number,
 * a text, an on/off switch, or a list of choices), each with its message, and the Run button
 * (Enter in any field runs too). Knows nothing of where the choices come from.
 */
export function ReportParametersForm({ parameters, values, onChange, onSubmit, problems = {}, submitting, submitLabel = 'Run report', actions, className }: ReportParametersFormProps) {
  const set = (id: string, value: ParameterFieldValue) => onChange({ ...values, [id]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Report parameters" className={cx('flex flex-wrap items-end gap-3', className)}>
      {parameters.map((p) => {
        const value = values[p.id] ?? null;
        const error = problems[p.id] ?? null;
        switch (p.type) {
          case 'boolean':
            return (
              <div key={p.id} className="pb-2">
                <Toggle label={p.label} checked={value === true} onChange={(on) => set(p.id, on)} />
                {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
              </div>
            );
          case 'choice': {
            const choices = p.choices ?? [];
            const options = [...(p.required ? [] : [{ value: '', label: 'Any' }]), ...choices.map((c) => ({ value: keyOf(c.value), label: c.label }))];
            return (
              <SelectField
                key={p.id}
                className="min-w-48"
                label={p.label}
                required={p.required}
                value={value === null ? '' : keyOf(value)}
                options={options.length > 0 ? options : [{ value: '', label: 'No choices' }]}
                onChange={(e) => set(p.id, choices.find((c) => keyOf(c.value) === e.target.value)?.value ?? null)}
                error={error}
              />
            );
          }
          case 'number':
            return (
              <TextField
                key={p.id}
                className="w-36"
                label={p.label}
                inputMode="decimal"
                required={p.required}
                value={value === null ? '' : String(value)}
                onChange={(e) => set(p.id, e.target.value === '' ? null : Number.isFinite(Number(e.target.value)) ? Number(e.target.value) : e.target.value)}
                error={error}
              />
            );
          case 'date':
            return <TextField key={p.id} className="w-44" label={p.label} type="date" required={p.required} value={typeof value === 'string' ? value : ''} onChange={(e) => set(p.id, e.target.value || null)} error={error} />;
          default:
            return <TextField key={p.id} className="w-56" label={p.label} required={p.required} value={value === null ? '' : String(value)} onChange={(e) => set(p.id, e.target.value)} error={error} />;
        }
      })}
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
      {actions}
    </form>
  );
}
