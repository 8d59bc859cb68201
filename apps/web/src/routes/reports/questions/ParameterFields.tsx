import { isRelativeDay, type ParameterChoice, RELATIVE_DAY_LABEL, type ReportParameter, type ReportParameterValue, type ReportParameterValues, staticChoices } from '@salondesk/core';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';

/** A declared parameter, with what the source opens with today when the server said (its default and choices). */
export type FieldParameter = ReportParameter & { default?: ReportParameterValue; choices?: readonly ParameterChoice[] };

/** What a parameter left empty takes: its default, said in words. */
function defaultHint(parameter: FieldParameter): string | undefined {
  const { valueType, value } = parameter.config;
  if (parameter.default !== undefined && parameter.default !== null && parameter.type !== 'choice') {
    const words = valueType === 'relative' && isRelativeDay(value) ? ` (${RELATIVE_DAY_LABEL[value].toLowerCase()})` : '';
    return `Empty: ${String(parameter.default)}${words}`;
  }
  if (valueType === 'relative' && isRelativeDay(value)) return `Empty: ${RELATIVE_DAY_LABEL[value].toLowerCase()}`;
  if (valueType === 'static' && (typeof value === 'string' || typeof value === 'number')) return `Empty: ${value}`;
  if (valueType === 'query') return 'Empty: the first choice';
  return parameter.required ? 'Required' : undefined;
}

export interface ParameterFieldsProps {
  parameters: readonly FieldParameter[];
  values: ReportParameterValues;
  onChange: (values: ReportParameterValues) => void;
  /** Problems by parameter id (the server's, or the form's own). */
  errors?: Record<string, string>;
}

/**
 * A field per declared parameter of a source, by its type: a day, a number, a text, a yes/no, or
 * one of its choices. A field left empty is left out, so the source's default applies.
 */
export function ParameterFields({ parameters, values, onChange, errors = {} }: ParameterFieldsProps) {
  if (parameters.length === 0) return <p className="text-sm text-slate-600">This source has no parameters.</p>;
  const set = (id: string, value: string | number | boolean | null) => {
    const next = { ...values };
    if (value === null || value === '') delete next[id];
    else next[id] = value;
    onChange(next);
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {parameters.map((p) => {
        const label = p.label ?? p.id;
        const current = values[p.id];
        const error = errors[p.id];
        if (p.type === 'boolean') {
          return <Toggle key={p.id} label={label} checked={current === true} onChange={(checked) => set(p.id, checked)} />;
        }
        if (p.type === 'choice') {
          const choices = p.choices ?? staticChoices(p);
          const fallback = choices.find((c) => c.value === p.default);
          return (
            <SelectField
              key={p.id}
              label={label}
              value={current === undefined || current === null ? '' : String(current)}
              onChange={(e) => {
                const chosen = choices.find((c) => String(c.value) === e.target.value);
                set(p.id, chosen ? chosen.value : e.target.value);
              }}
              options={[{ value: '', label: fallback ? `Default (${fallback.label})` : 'Default' }, ...choices.map((c) => ({ value: String(c.value), label: c.label }))]}
              error={error}
            />
          );
        }
        return (
          <TextField
            key={p.id}
            label={label}
            type={p.type === 'date' ? 'date' : p.type === 'number' ? 'number' : 'text'}
            value={current === undefined || current === null ? '' : String(current)}
            onChange={(e) => set(p.id, p.type === 'number' && e.target.value !== '' ? Number(e.target.value) : e.target.value)}
            hint={defaultHint(p)}
            error={error}
          />
        );
      })}
    </div>
  );
}
