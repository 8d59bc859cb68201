import {
  formatQuantity,
  MESSAGES,
  type PurchaseOrder,
  parsePoQuantity,
  poCan,
  type PoLine,
  type PoReceipt,
  receiptProblems,
  remaining,
} from '@salondesk/core';
import { useCan, usePurchaseOrder, usePurchaseOrderChange } from '@salondesk/react';
import { useCallback, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { toasts } from '../../../../app/toasts';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { Button } from '../../../../ui/Button';
import { DataTable, type DataColumn } from '../../../../ui/DataTable';
import { ReceiveLinesForm } from './ReceiveLinesForm';
import { Skeleton } from '../../../../ui/Skeleton';
import { StatusBadge } from '../../../../ui/StatusBadge';
import { TextField } from '../../../../ui/TextField';
import { instantDay, poStatusBadge } from '../format';
import { useBusinessId } from '../../../../app/useBusinessId';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';

/** The lines of an order with what each has received (read only: a draft, a received or a closed order). */
function OrderLines({ order, money }: { order: PurchaseOrder; money: (cents: number) => string }) {
  const columns = useMemo<DataColumn<PoLine>[]>(
    () => [
      { id: 'product', header: 'Product', value: (l) => l.product_name, size: 240 },
      { id: 'quantity', header: 'Ordered', value: (l) => l.quantity, cell: (l) => formatQuantity(l.quantity, l.unit), align: 'end', size: 120, priority: 'always' },
      { id: 'received', header: 'Received', value: (l) => l.received, cell: (l) => formatQuantity(l.received, l.unit), align: 'end', size: 120, priority: 1 },
      { id: 'onHand', header: 'On hand', value: (l) => l.on_hand, cell: (l) => formatQuantity(l.on_hand, l.unit), align: 'end', size: 110, priority: 4 },
      { id: 'cost', header: 'Unit cost', value: (l) => l.unit_cost, cell: (l) => money(l.unit_cost), align: 'end', size: 110, priority: 2 },
      { id: 'barcode', header: 'Barcode', value: (l) => l.barcode ?? '', size: 150, priority: 3 },
    ],
    [money],
  );
  return (
    <DataTable
      caption={`Lines of purchase order #${order.id}`}
      columns={columns}
      rows={order.order_lines}
      getRowId={(l) => l.id}
      rowLabel={(l) => l.product_name}
      empty="No lines."
      totals={{ cells: { quantity: money(order.total), received: money(order.received_total) }, label: 'Cost' }}
    />
  );
}

/** Every receipt of an order: when, by whom, what came in. */
function Receipts({ order, timezone }: { order: PurchaseOrder; timezone: string }) {
  const names = useMemo(() => new Map(order.order_lines.map((l) => [l.id, l])), [order]);
  const columns = useMemo<DataColumn<PoReceipt>[]>(
    () => [
      { id: 'receipt', header: 'Receipt', value: (r) => r.id, cell: (r) => `#${r.id}`, size: 90 },
      { id: 'day', header: 'Received', value: (r) => r.received_at, cell: (r) => instantDay(r.received_at, timezone), size: 150, priority: 1 },
      { id: 'by', header: 'By', value: (r) => r.received_by ?? '', size: 150, priority: 3 },
      {
        id: 'lines',
        header: 'What came in',
        value: (r) => r.lines.length,
        cell: (r) =>
          r.lines
            .map((l) => {
              const line = names.get(l.line_id);
              return line ? `${line.product_name}: ${formatQuantity(l.quantity, line.unit)}` : formatQuantity(l.quantity, '');
            })
            .join(' · '),
        size: 360,
        priority: 'always',
      },
      { id: 'note', header: 'Note', value: (r) => r.note, size: 200, priority: 2 },
    ],
    [names, timezone],
  );
  return <DataTable caption="Receipts" showCaption columns={columns} rows={order.receipts} getRowId={(r) => r.id} empty="Nothing received yet." />;
}

/** `/{businessId}/inventory/purchase-orders/{poId}`: one order — send it, receive it in parts, close it. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const poId = Number(params.poId);
  const display = useBusinessDisplay(businessId);
  const canManage = useCan('operation.inventory');
  const query = usePurchaseOrder(businessId, poId);
  const change = usePurchaseOrderChange(businessId);
  const [values, setValues] = useState<Record<number, string>>({});
  const [errors, setErrors] = useState<Record<number, string | undefined>>({});
  const [note, setNote] = useState('');
  const [closing, setClosing] = useState(false);
  const order = query.data;

  const onChange = useCallback((lineId: number, typed: string) => {
    setValues((v) => ({ ...v, [lineId]: typed }));
    setErrors((e) => ({ ...e, [lineId]: undefined }));
  }, []);
  const format = useCallback((q: number, unit: string) => formatQuantity(q, unit), []);

  if (query.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  if (!order) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-10 w-72" />
        <Skeleton className="mt-6 h-64 w-full" />
      </div>
    );
  }

  const act = (kind: 'send' | 'close', success: string) =>
    change.mutate(
      { kind, poId: order.id },
      {
        onSuccess: () => {
          toasts.success(success);
          setClosing(false);
        },
        onError: (error) => {
          toasts.error(error.message);
          setClosing(false);
        },
      },
    );

  const receive = () => {
    const found: Record<number, string | undefined> = {};
    const lines: { line_id: number; quantity: number }[] = [];
    for (const line of order.order_lines) {
      const typed = (values[line.id] ?? '').trim();
      if (typed === '') continue;
      const quantity = parsePoQuantity(typed);
      if (quantity === null) found[line.id] = MESSAGES.poQuantityInvalid;
      else lines.push({ line_id: line.id, quantity });
    }
    const problems = receiptProblems(
      order.order_lines.map((l) => ({ id: l.id, quantity: l.quantity, received: l.received })),
      lines.map((l) => ({ lineId: l.line_id, quantity: l.quantity })),
    );
    for (const p of problems) if (p.lineId !== null) found[p.lineId] = p.message;
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (lines.length === 0) {
      toasts.error(MESSAGES.poNothingReceived);
      return;
    }
    change.mutate(
      { kind: 'receive', poId: order.id, body: { lines, ...(note.trim() ? { note: note.trim() } : {}) } },
      {
        onSuccess: () => {
          toasts.success(MESSAGES.poReceived);
          setValues({});
          setNote('');
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  const badge = poStatusBadge(order.status);
  const receiving = canManage && poCan.receive(order);

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">
            <Link className="hover:underline" to={`/${businessId}/inventory/purchase-orders`}>
              Purchase orders
            </Link>
          </p>
          <h1 className="mt-1 flex items-center gap-3 text-2xl font-semibold tracking-tight text-slate-900">
            Purchase order #{order.id}
            <StatusBadge label={badge.label} tone={badge.tone} />
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {order.vendor_name} · created {instantDay(order.created_at, display.timezone)}
            {order.created_by ? ` by ${order.created_by}` : ''}
            {order.sent_at ? ` · sent ${instantDay(order.sent_at, display.timezone)}` : ''}
            {order.received_at ? ` · received ${instantDay(order.received_at, display.timezone)}` : ''}
            {order.closed_at ? ` · closed ${instantDay(order.closed_at, display.timezone)}` : ''}
          </p>
          {order.note ? <p className="mt-1 text-sm text-slate-700">{order.note}</p> : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ButtonLink variant="ghost" to={`/${businessId}/inventory/purchase-orders`}>
            All purchase orders
          </ButtonLink>
          {canManage && poCan.send(order) ? (
            <Button onClick={() => act('send', MESSAGES.poSent)} loading={change.isPending && change.variables?.kind === 'send'} disabled={change.isPending}>
              Mark as sent
            </Button>
          ) : null}
          {canManage && poCan.close(order) ? (
            <Button variant="secondary" onClick={() => setClosing(true)} disabled={change.isPending}>
              Close order
            </Button>
          ) : null}
        </div>
      </header>

      <dl className="mt-6 grid max-w-xl grid-cols-2 gap-4">
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Ordered</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{display.money(order.total)}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">Received</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{display.money(order.received_total)}</dd>
        </div>
      </dl>

      <section aria-labelledby="po-lines" className="mt-8">
        <h2 id="po-lines" className="text-lg font-semibold text-slate-900">
          {receiving ? 'Receive' : 'Lines'}
        </h2>
        <div className="mt-3">
          {receiving ? (
            <form
              className="flex flex-col gap-4"
              onSubmit={(event) => {
                event.preventDefault();
                receive();
              }}
            >
              <ReceiveLinesForm
                lines={order.order_lines.map((l) => ({ id: l.id, product: l.product_name, unit: l.unit, ordered: l.quantity, received: l.received, remaining: remaining(l), onHand: l.on_hand }))}
                values={values}
                errors={errors}
                onChange={onChange}
                onFillRemaining={() => setValues(Object.fromEntries(order.order_lines.filter((l) => remaining(l) > 0).map((l) => [l.id, String(remaining(l))])))}
                formatQuantity={format}
                disabled={change.isPending}
              />
              <div className="flex flex-wrap items-end gap-3">
                <TextField className="w-96" label="Note (optional)" value={note} maxLength={1000} onChange={(event) => setNote(event.target.value)} placeholder="Box 1 of 2, invoice 4471" />
                <Button type="submit" loading={change.isPending && change.variables?.kind === 'receive'} disabled={change.isPending}>
                  Record receipt
                </Button>
              </div>
            </form>
          ) : (
            <OrderLines order={order} money={display.money} />
          )}
        </div>
      </section>

      <section className="mt-10">
        <Receipts order={order} timezone={display.timezone} />
      </section>

      <ConfirmDialog
        open={closing}
        tone="primary"
        holdWhilePending
        title={`Close purchase order #${order.id}?`}
        description={
          order.status === 'received' || order.status === 'draft'
            ? 'A closed order cannot be sent, changed or received any more.'
            : 'What has not come in yet will not be received on this order: nothing more can be received, sent or changed once it is closed.'
        }
        confirmLabel="Close order"
        cancelLabel="Keep it open"
        pending={change.isPending && change.variables?.kind === 'close'}
        onConfirm={() => act('close', MESSAGES.poClosedDone)}
        onClose={() => setClosing(false)}
      />
    </div>
  );
}
