import {
  endpoints,
  formatQuantity,
  MESSAGES,
  PO_CONFIG_LABEL,
  PO_CONFIG_MEANING,
  PO_CONFIG_NAMES,
  PO_STATUS_LABEL,
  PO_STATUSES,
  type PoConfigName,
  type PoStatus,
  type PoSummary,
  type ReorderSuggestionRow,
} from '@salondesk/core';
import { useCan, usePoSettings, usePurchaseOrderChange, usePurchaseOrders, useReorderSuggestions, useUpdatePoSettings } from '@salondesk/react';
import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MultiExportActions } from '../../../../app/ExportActions';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { toasts } from '../../../../app/toasts';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { SelectField } from '../../../../ui/SelectField';
import { Skeleton } from '../../../../ui/Skeleton';
import { StatusBadge } from '../../../../ui/StatusBadge';
import { instantDay, poStatusBadge } from '../format';
import { useBusinessId } from '../../../../app/useBusinessId';

const ALL = 'all';

/** `/{businessId}/inventory/purchase-orders`: the reorder rule, what it says to order, and the orders. */
export function Component() {
  const businessId = useBusinessId();
  const display = useBusinessDisplay(businessId);
  const navigate = useNavigate();
  const canManage = useCan('operation.inventory');
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status = PO_STATUSES.includes(asked as PoStatus) ? (asked as PoStatus) : undefined;

  const settings = usePoSettings(businessId);
  const updateSettings = useUpdatePoSettings(businessId);
  const suggestions = useReorderSuggestions(businessId);
  const orders = usePurchaseOrders(businessId, status);
  const change = usePurchaseOrderChange(businessId);

  const vendors = useMemo(() => {
    const byVendor = new Map<number, { id: number; name: string; rows: ReorderSuggestionRow[] }>();
    for (const s of suggestions.data?.suggestions ?? []) {
      const entry = byVendor.get(s.vendor_id) ?? { id: s.vendor_id, name: s.vendor_name, rows: [] };
      entry.rows.push(s);
      byVendor.set(s.vendor_id, entry);
    }
    return [...byVendor.values()];
  }, [suggestions.data]);

  const suggestionColumns = useMemo<DataColumn<ReorderSuggestionRow>[]>(
    () => [
      { id: 'product', header: 'Product', value: (s) => s.product_name, size: 220 },
      { id: 'vendor', header: 'Vendor', value: (s) => s.vendor_name, size: 160, priority: 2 },
      { id: 'category', header: 'Category', value: (s) => s.category_name, size: 140, priority: 6 },
      { id: 'onHand', header: 'On hand', value: (s) => s.on_hand, cell: (s) => formatQuantity(s.on_hand, s.unit), align: 'end', size: 110, priority: 1 },
      { id: 'par', header: 'Par', value: (s) => s.par_quantity, cell: (s) => formatQuantity(s.par_quantity, s.unit), align: 'end', size: 100, priority: 5 },
      { id: 'full', header: 'Full quantity', value: (s) => s.full_quantity, cell: (s) => formatQuantity(s.full_quantity, s.unit), align: 'end', size: 120, priority: 4 },
      { id: 'onOrder', header: 'On order', value: (s) => s.on_order, cell: (s) => formatQuantity(s.on_order, s.unit), align: 'end', size: 110, priority: 3 },
      { id: 'quantity', header: 'To order', value: (s) => s.quantity, cell: (s) => formatQuantity(s.quantity, s.unit), align: 'end', size: 110, priority: 'always', className: 'font-semibold' },
    ],
    [],
  );

  const orderColumns = useMemo<DataColumn<PoSummary>[]>(
    () => [
      {
        id: 'order',
        header: 'Order',
        value: (o) => o.id,
        cell: (o) => (
          <Link className="font-medium text-brand-700 hover:underline" to={`/${businessId}/inventory/purchase-orders/${o.id}`}>
            #{o.id}
          </Link>
        ),
        size: 90,
      },
      { id: 'vendor', header: 'Vendor', value: (o) => o.vendor_name, size: 180, priority: 1 },
      {
        id: 'status',
        header: 'Status',
        value: (o) => PO_STATUS_LABEL[o.status],
        cell: (o) => {
          const badge = poStatusBadge(o.status);
          return <StatusBadge label={badge.label} tone={badge.tone} />;
        },
        size: 140,
        priority: 2,
      },
      { id: 'lines', header: 'Products', value: (o) => o.lines, align: 'end', size: 100, priority: 6 },
      { id: 'total', header: 'Total', value: (o) => o.total, cell: (o) => display.money(o.total), align: 'end', size: 120, priority: 'always' },
      { id: 'received', header: 'Received', value: (o) => o.received_total, cell: (o) => display.money(o.received_total), align: 'end', size: 120, priority: 3 },
      { id: 'created', header: 'Created', value: (o) => o.created_at, cell: (o) => instantDay(o.created_at, display.timezone), size: 150, priority: 4 },
      { id: 'sent', header: 'Sent', value: (o) => o.sent_at ?? '', cell: (o) => instantDay(o.sent_at, display.timezone), size: 150, priority: 5 },
    ],
    [businessId, display],
  );

  const createFor = (vendor: { id: number; rows: ReorderSuggestionRow[] }) =>
    change.mutate(
      { kind: 'add', body: { vendor_id: vendor.id, lines: vendor.rows.map((s) => ({ product_id: s.product_id, quantity: s.quantity })) } },
      {
        onSuccess: (order) => {
          toasts.success(MESSAGES.poCreated);
          void navigate(`/${businessId}/inventory/purchase-orders/${order.id}`);
        },
        onError: (error) => toasts.error(error.message),
      },
    );

  const saveConfig = (value: string) => {
    if (!PO_CONFIG_NAMES.includes(value as PoConfigName) || !settings.data) return;
    updateSettings.mutate(
      { title: settings.data.title, configuration: { config: value as PoConfigName }, id: settings.data.id },
      { onSuccess: () => toasts.success(MESSAGES.updatedBang), onError: (error) => toasts.error(error.message) },
    );
  };
  const config: PoConfigName | undefined = settings.data?.configuration.config;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-medium text-brand-700">Inventory</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">Purchase orders</h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">What to reorder from each vendor under the reorder rule, and the orders from draft to received. Each receipt adds its quantities to stock as new stock.</p>
        </div>
        <MultiExportActions
          title="Purchase orders"
          items={[
            { endpoint: endpoints.purchaseOrderExports.suggestions, input: { params: { id: businessId }, query: {} } },
            { endpoint: endpoints.purchaseOrderExports.orders, input: { params: { id: businessId }, query: status ? { status } : {} } },
          ]}
        />
        {settings.isError ? null : !config ? (
          <Skeleton className="h-16 w-72" />
        ) : (
          <SelectField
            className="w-80"
            label="Reorder rule"
            value={config}
            disabled={!canManage || updateSettings.isPending}
            hint={PO_CONFIG_MEANING[config]}
            options={PO_CONFIG_NAMES.map((name) => ({ value: name, label: `${PO_CONFIG_LABEL[name]} (${name})` }))}
            onChange={(event) => saveConfig(event.target.value)}
          />
        )}
      </header>
      {settings.isError ? (
        <div className="mt-4">
          <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
        </div>
      ) : null}

      <section aria-labelledby="po-suggestions" className="mt-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="po-suggestions" className="text-lg font-semibold text-slate-900">
            Reorder suggestions
          </h2>
          {canManage && vendors.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              {vendors.map((v) => (
                <Button key={v.id} size="sm" onClick={() => createFor(v)} loading={change.isPending && change.variables?.kind === 'add' && change.variables.body.vendor_id === v.id} disabled={change.isPending}>
                  Create purchase order for {v.name} ({v.rows.length})
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="mt-3">
          {suggestions.isError ? (
            <LoadError error={suggestions.error} onRetry={() => void suggestions.refetch()} />
          ) : (
            <SavedDataTable
              businessId={businessId}
              name="po-suggestions"
              caption="Reorder suggestions"
              columns={suggestionColumns}
              rows={suggestions.data?.suggestions}
              loading={suggestions.isFetching}
              getRowId={(s) => s.product_id}
              rowLabel={(s) => s.product_name}
              empty="Nothing to reorder: every product with a vendor is at its level, or already on order."
            />
          )}
        </div>
      </section>

      <section aria-labelledby="po-orders" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="po-orders" className="text-lg font-semibold text-slate-900">
            Orders
          </h2>
          <SelectField
            className="w-56"
            label="Status"
            value={status ?? ALL}
            options={[{ value: ALL, label: 'Every status' }, ...PO_STATUSES.map((s) => ({ value: s, label: PO_STATUS_LABEL[s] }))]}
            onChange={(event) => setParams(event.target.value === ALL ? {} : { status: event.target.value }, { replace: true })}
          />
        </div>
        <div className="mt-3">
          {orders.isError ? (
            <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
          ) : (
            <SavedDataTable
              businessId={businessId}
              name="purchase-orders"
              caption="Purchase orders"
              columns={orderColumns}
              rows={orders.data}
              loading={orders.isFetching}
              getRowId={(o) => o.id}
              rowLabel={(o) => `Purchase order #${o.id}`}
              empty={status ? `No ${PO_STATUS_LABEL[status].toLowerCase()} purchase orders.` : 'No purchase orders yet: create one from the suggestions.'}
            />
          )}
        </div>
      </section>
    </div>
  );
}
