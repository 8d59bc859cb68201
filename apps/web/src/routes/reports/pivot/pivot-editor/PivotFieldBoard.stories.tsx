import type { Story } from '@ladle/react';
import { useState } from 'react';
import { type BoardField, type BoardSpot, PivotFieldBoard } from './PivotFieldBoard';

const AGGREGATES = [
  { value: 'sum', label: 'Sum' },
  { value: 'count', label: 'Count' },
  { value: 'avg', label: 'Average' },
];
const FIELDS: BoardField[] = [
  { key: 'staff', label: 'Staff', kind: 'Text', aggregates: [{ value: 'count', label: 'Count' }] },
  { key: 'month', label: 'Month', kind: 'Text', aggregates: [{ value: 'count', label: 'Count' }] },
  { key: 'kind', label: 'Kind', kind: 'Text', aggregates: [{ value: 'count', label: 'Count' }] },
  { key: 'gross_sales', label: 'Gross sales', kind: 'Money', aggregates: AGGREGATES },
];

/** A simple stand-in for the screen's rules: a field groups once, values are added. */
export const Board: Story = () => {
  const [rows, setRows] = useState<string[]>(['staff']);
  const [columns, setColumns] = useState<string[]>(['month']);
  const [values, setValues] = useState([{ field: 'gross_sales', aggregate: 'sum' }]);
  const lists = { rows, columns };
  const place = (field: string, to: BoardSpot, from: BoardSpot | null) => {
    const next = { rows: rows.filter((f) => f !== field), columns: columns.filter((f) => f !== field) };
    if (from?.zone === 'values') setValues(values.filter((_, i) => i !== from.index));
    if (to.zone === 'values') setValues([...values, { field, aggregate: 'count' }]);
    else next[to.zone] = [...next[to.zone].slice(0, to.index), field, ...next[to.zone].slice(to.index)];
    setRows(next.rows);
    setColumns(next.columns);
  };
  return (
    <PivotFieldBoard
      fields={FIELDS}
      rows={lists.rows}
      columns={lists.columns}
      values={values}
      onPlace={place}
      onRemove={(spot) => (spot.zone === 'values' ? setValues(values.filter((_, i) => i !== spot.index)) : spot.zone === 'rows' ? setRows(rows.filter((_, i) => i !== spot.index)) : setColumns(columns.filter((_, i) => i !== spot.index)))}
      onShift={() => undefined}
      onAggregate={(index, aggregate) => setValues(values.map((v, i) => (i === index ? { ...v, aggregate } : v)))}
    />
  );
};

export const NoSource: Story = () => (
  <PivotFieldBoard fields={[]} rows={[]} columns={[]} values={[]} onPlace={() => undefined} onRemove={() => undefined} onShift={() => undefined} onAggregate={() => undefined} />
);
