import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type ParameterFieldValue, ReportParametersForm } from './ReportParametersForm';

const parameters = [
  { id: 'start', label: 'From', type: 'date' as const, required: true },
  { id: 'end', label: 'To', type: 'date' as const, required: true },
  { id: 'location', label: 'Location', type: 'choice' as const, required: true, choices: [{ value: 1, label: 'Luxe Los Angeles' }, { value: 2, label: 'Luxe New York' }] },
  { id: 'limit', label: 'How many', type: 'number' as const },
  { id: 'by_day', label: 'Each day', type: 'boolean' as const },
];

export const Default: Story = () => {
  const [values, setValues] = useState<Record<string, ParameterFieldValue>>({ start: '2026-05-01', end: '2026-05-31', location: 1, limit: 10, by_day: false });
  return <ReportParametersForm parameters={parameters} values={values} onChange={setValues} onSubmit={() => undefined} />;
};

export const WithProblems: Story = () => (
  <ReportParametersForm
    parameters={parameters}
    values={{ start: '2026-05-31', end: '2026-05-01', location: null, limit: 'many', by_day: true }}
    onChange={() => undefined}
    onSubmit={() => undefined}
    problems={{ end: 'The end is before the start', limit: 'Enter a number', location: 'Choose one of the choices' }}
  />
);

export const Running: Story = () => <ReportParametersForm parameters={parameters.slice(0, 2)} values={{ start: '2026-05-01', end: '2026-05-31' }} onChange={() => undefined} onSubmit={() => undefined} submitting />;
