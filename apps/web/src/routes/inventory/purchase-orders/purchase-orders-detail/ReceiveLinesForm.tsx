import { useMemo } from 'react';
import { Button } from '../../../../ui/Button';
import { DataTable, type DataColumn } from '../../../../ui/DataTable';
import { cx } from '../../../../ui/cx';

/** One line of a purchase order as the receiving form shows it. */
export interface ReceiveLine {
  id: number;
  product: string;
  unit: string;
  ordered: number;
  received: number;
  /** Still to come (ordered less received). */
  remaining: number;
  /** The product's stock now. */
  onHand: number;
}

export interface ReceiveLinesFormProps {
  lines: readonly ReceiveLine[];
  /** What the person typed per line id (empty: nothing came in of it). */
  values: Readonly<Record<number, string>>;
  /** A message per line id that cannot be received as typed. */
  errors?: Readonly<Record<number, string | undefined>>;
  onChange: (lineId: number, typed: string) => void;
  /** Fills every line with what is still to come. */
  onFillRemaining: () => void;
  /** A quantity with its unit, as the screen writes it (`12.5 g`). */
  formatQuantity: (quantity: number, unit: string) => string;
  disabled?: boolean;
}

/**
 * The quantities received of each line of a purchase order: ordered, received so far and still to
 * come beside a field per line (named after its product, its problem read with it), and a button
 * that fills every field with what is still to come. Lines that have all come in take no input.
 */
export function ReceiveLinesForm({ lines, values, errors = {}, onChange, onFillRemaining, formatQuantity, disabled = false }: ReceiveLinesFormProps) {
  const columns = useMemo<DataColumn<ReceiveLine>[]>(
    () => [
      { id: 'product', header: 'Product', value: (l) => l.product, size: 220, priority: 'always' },
      { id: 'ordered', header: 'Ordered', value: (l) => l.ordered, cell: (l) => formatQuantity(l.ordered, l.unit), align: 'end', size: 110, priority: 3 },
      { id: 'received', header: 'Received', value: (l) => l.received, cell: (l) => formatQuantity(l.received, l.unit), align: 'end', size: 110, priority: 2 },
      { id: 'onHand', header: 'On hand', value: (l) => l.onHand, cell: (l) => formatQuantity(l.onHand, l.unit), align: 'end', size: 110, priority: 4 },
      { id: 'remaining', header: 'To come', value: (l) => l.remaining, cell: (l) => formatQuantity(l.remaining, l.unit), align: 'end', size: 110, priority: 1 },
      {
        id: 'now',
        header: 'Received now',
        sortable: false,
        priority: 'always',
        size: 170,
        cell: (l) => {
          if (l.remaining <= 0) return <span className="text-sm text-slate-500">All in</span>;
          const error = errors[l.id];
          const errorId = `receive-${l.id}-error`;
          return (
            <div className="flex flex-col items-end gap-1">
              <div className="flex items-center gap-1.5">
                <input
                  type="text"
                  inputMode="decimal"
                  aria-label={`Received now of ${l.product}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  value={values[l.id] ?? ''}
                  disabled={disabled}
                  onChange={(event) => onChange(l.id, event.target.value)}
                  placeholder="0"
                  className={cx(
                    'h-9 w-24 rounded-lg border bg-white px-2 text-right text-sm tabular-nums text-slate-900 shadow-xs focus:outline-2 focus:-outline-offset-1 focus:outline-brand-600',
                    error ? 'border-red-500' : 'border-slate-300 hover:border-slate-400',
                  )}
                />
                <span className="w-8 text-xs text-slate-500">{l.unit}</span>
              </div>
              {error ? (
                <p id={errorId} className="max-w-48 text-right text-xs font-medium text-red-700">
                  {error}
                </p>
              ) : null}
            </div>
          );
        },
      },
    ],
    [errors, values, disabled, onChange, formatQuantity],
  );
  const anyToCome = lines.some((l) => l.remaining > 0);
  return (
    <DataTable
      caption="Lines to receive"
      columns={columns}
      rows={lines}
      getRowId={(l) => l.id}
      rowLabel={(l) => l.product}
      empty="This purchase order has no lines."
      toolbar={
        anyToCome ? (
          <Button variant="secondary" size="sm" onClick={onFillRemaining} disabled={disabled}>
            Fill in everything still to come
          </Button>
        ) : null
      }
    />
  );
}
