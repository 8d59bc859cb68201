import {
  barcodeFormat,
  barcodeVariants,
  formatQuantity,
  INVENTORY_FIGURES,
  inventoryChanges,
  type InventoryProduct,
  isLowStock,
  MESSAGES,
  previewMovement,
  problemsByField,
  quantity as quantitySchema,
  STOCK_REASON_EFFECT,
  STOCK_REASON_LABEL,
  STOCK_REASONS_IN_ORDER,
  STOCK_SOURCE_LABEL,
  STOCK_UNITS,
  stockAdjustment,
  type StockMovement,
  type StockReason,
  type StockUnit,
  endpoints,
  userCan,
} from '@salondesk/core';
import { useInventoryMutation, useInventoryProducts, useSession, useStockHistory, useVendors } from '@salondesk/react';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ExportActions } from '../../../app/ExportActions';
import { LoadError } from '../../../app/LoadError';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { SavedDataTable } from '../../../app/SavedDataTable';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { useBusinessDisplay } from '../../../app/useBusinessDisplay';
import { AmountField } from '../../../ui/AmountField';
import { BarcodeLabel } from './BarcodeLabel';
import { Button } from '../../../ui/Button';
import type { DataColumn } from '../../../ui/DataTable';
import { Drawer } from '../../../ui/Drawer';
import { EmptyState } from '../../../ui/EmptyState';
import { FigureLabel } from '../../../ui/FigureLabel';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { ScanSearchField } from '../../../ui/ScanSearchField';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { useBusinessId } from '../../../app/useBusinessId';
import { FormActions } from '../../../ui/FormActions';

type Dialog = { kind: 'adjust' | 'settings' | 'label' | 'history'; product: InventoryProduct };
type Row = InventoryProduct & { low: boolean; open: (kind: Dialog['kind']) => void };

const F = INVENTORY_FIGURES;
const signed = (text: string, n: number) => (n > 0 ? `+${text}` : n < 0 ? `−${text.replace('-', '')}` : text);

/** Does a product match what was typed: its name, code, vendor item, or barcode (either form of a UPC-A)? */
const matches = (p: InventoryProduct, q: string) => {
  const needle = q.trim().toLowerCase();
  if (needle === '') return true;
  return (
    p.name.toLowerCase().includes(needle) ||
    p.category_name.toLowerCase().includes(needle) ||
    (p.product_code ?? '').toLowerCase().includes(needle) ||
    (p.vendor_item ?? '').toLowerCase().includes(needle) ||
    (p.barcode !== null && barcodeVariants(needle).some((v) => p.barcode!.includes(v)))
  );
};

function columns(money: (cents: number) => string, mayAdjust: boolean): DataColumn<Row>[] {
  return [
    {
      id: 'name',
      header: 'Product',
      value: (p) => p.name,
      cell: (p) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{p.name}</span>
          <span className="text-xs text-slate-500">{p.category_name}{p.vendor_name ? ` · ${p.vendor_name}` : ''}</span>
        </span>
      ),
      size: 260,
    },
    {
      id: 'on_hand',
      header: F.onHand.label,
      meaning: F.onHand.meaning,
      value: (p) => p.on_hand,
      cell: (p) => (
        <span className={p.low ? 'font-semibold text-amber-700' : undefined}>
          {formatQuantity(p.on_hand, p.unit)}
          {p.low ? <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800">Low</span> : null}
        </span>
      ),
      align: 'end',
      size: 150,
      priority: 'always',
    },
    { id: 'value', header: F.value.label, meaning: F.value.meaning, value: (p) => p.value, cell: (p) => money(p.value), align: 'end', size: 120, priority: 'always' },
    { id: 'par', header: F.par.label, meaning: F.par.meaning, value: (p) => p.par_quantity, cell: (p) => formatQuantity(p.par_quantity, p.unit), align: 'end', size: 110, priority: 2 },
    { id: 'full', header: F.full.label, meaning: F.full.meaning, value: (p) => p.full_quantity, cell: (p) => formatQuantity(p.full_quantity, p.unit), align: 'end', size: 110, priority: 4 },
    { id: 'cost', header: 'Cost', value: (p) => p.cost, cell: (p) => `${money(p.cost)} / ${p.unit}`, align: 'end', size: 120, priority: 3 },
    { id: 'barcode', header: 'Barcode', value: (p) => p.barcode, cell: (p) => <span className="font-mono text-xs">{p.barcode ?? '—'}</span>, size: 150, priority: 5 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (p) => (
        <span className="flex justify-end gap-1">
          {mayAdjust ? <Button size="sm" variant="secondary" onClick={() => p.open('adjust')} aria-label={`Adjust ${p.name}`}>Adjust</Button> : null}
          <Button size="sm" variant="ghost" onClick={() => p.open('history')} aria-label={`History of ${p.name}`}>History</Button>
          {p.barcode ? <Button size="sm" variant="ghost" onClick={() => p.open('label')} aria-label={`Label for ${p.name}`}>Label</Button> : null}
          {mayAdjust ? <Button size="sm" variant="ghost" onClick={() => p.open('settings')} aria-label={`Stock settings of ${p.name}`}>Settings</Button> : null}
        </span>
      ),
      align: 'end',
      size: 320,
      priority: 1,
    },
  ];
}

/** `/{businessId}/inventory`: products in category order with on-hand, par and value; adjust, history, labels. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const mayAdjust = user !== undefined && userCan(user, 'operation.inventory');
  const display = useBusinessDisplay(businessId);
  const products = useInventoryProducts(businessId);
  const [search, setSearch] = useState('');
  const [lowOnly, setLowOnly] = useState(false);
  const [dialog, setDialog] = useState<Dialog | null>(null);

  const rows = useMemo<Row[] | undefined>(
    () =>
      products.data
        ?.map((p) => ({ ...p, low: isLowStock(p), open: (kind: Dialog['kind']) => setDialog({ kind, product: p }) }))
        .filter((p) => (!lowOnly || p.low) && matches(p, search)),
    [products.data, lowOnly, search],
  );
  const tableColumns = useMemo(() => columns(display.money, mayAdjust), [display.money, mayAdjust]);
  const totalValue = rows?.reduce((sum, p) => sum + p.value, 0) ?? 0;
  const lowCount = products.data?.filter(isLowStock).length ?? 0;

  /** A scanner's code (or Enter on a typed one): the product with that barcode opens, else the filter stays. */
  const onScan = (code: string) => {
    const variants = barcodeVariants(code);
    const found = products.data?.find((p) => p.barcode !== null && variants.includes(p.barcode));
    if (found) {
      setSearch('');
      setDialog({ kind: mayAdjust ? 'adjust' : 'history', product: found });
    } else if (barcodeFormat(code) !== null && !products.data?.some((p) => matches(p, code))) {
      toasts.error(`No product has the barcode ${code}.`);
    }
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={endpoints.inventoryExports.inventory.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        title="Inventory"
        description="Every count is the sum of its stock ledger: open a product's history to see each movement and what it did to the value."
        actions={
          <>
            <ExportActions endpoint={endpoints.inventoryExports.inventory} params={{ id: businessId }} query={{ low: lowOnly ? 'true' : 'false' }} />
            <Link to={`/${businessId}/inventory/vendors`} className="rounded-lg px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">Vendors</Link>
          </>
        }
      />
      <div className="mt-6 flex flex-wrap items-end gap-4 print:hidden">
        <ScanSearchField
          className="w-full max-w-sm"
          label="Find a product"
          value={search}
          onChange={setSearch}
          onScan={onScan}
          placeholder="Name, barcode, code or vendor item"
          hint="Scan a barcode to open its product."
        />
        <Toggle label={`Low stock only${products.data ? ` (${lowCount})` : ''}`} checked={lowOnly} onChange={setLowOnly} />
        {rows ? (
          <p className="ml-auto text-sm text-slate-600" aria-live="polite">
            <FigureLabel label={F.value.label} meaning={F.value.meaning} />: <span className="font-semibold tabular-nums text-slate-900">{display.money(totalValue)}</span> over {rows.length} products
          </p>
        ) : null}
      </div>
      <div className="mt-4">
        {products.isError ? (
          <LoadError error={products.error} fallback={MESSAGES.failedToFetchInventories} onRetry={() => void products.refetch()} />
        ) : !rows ? (
          <div aria-busy="true"><p role="status" className="sr-only">Loading the inventory</p><Skeleton className="h-64 w-full" /></div>
        ) : products.data?.length === 0 ? (
          <EmptyState title="No products yet" description="Add products to a category on the Catalogue screen; their stock is counted here." />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="inventory-products"
            title="Inventory"
            caption="Products by category order"
            columns={tableColumns}
            rows={rows}
            getRowId={(p) => p.id}
            rowLabel={(p) => p.name}
            empty={lowOnly ? 'No product is at or below its par level.' : 'No product matches the search.'}
            totals={{ label: 'Total', cells: { value: display.money(totalValue) } }}
          />
        )}
      </div>
      {dialog?.kind === 'adjust' ? <AdjustDialog businessId={businessId} product={dialog.product} money={display.money} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'settings' ? <SettingsDialog businessId={businessId} product={dialog.product} symbol={display.symbol} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'label' && dialog.product.barcode ? <LabelDialog product={dialog.product} price={display.money(dialog.product.price)} onClose={() => setDialog(null)} /> : null}
      <HistoryDrawer businessId={businessId} product={dialog?.kind === 'history' ? dialog.product : null} money={display.money} time={display.time} onClose={() => setDialog(null)} />
    </div>
  );
}

/** A reason, its quantity and a note; beside the reason what it does, below it what it will do to on-hand and value. */
function AdjustDialog({ businessId, product, money, onClose }: { businessId: number; product: InventoryProduct; money: (cents: number) => string; onClose: () => void }) {
  const [reason, setReason] = useState<StockReason>('ADJUSTMENT');
  const [quantityText, setQuantityText] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const adjust = useInventoryMutation(businessId, (api, body: { reason: StockReason; quantity: number; note: string | null }) => api.adjustStock(businessId, { product_id: product.id, ...body }));
  const quantity = quantityText.trim() === '' ? null : Number(quantityText);
  const preview = quantity !== null && quantitySchema.safeParse(quantity).success ? previewMovement(product.on_hand, reason, quantity, product.cost) : null;

  const submit = () => {
    const body = { product_id: product.id, reason, quantity: quantity ?? Number.NaN, note: note.trim() === '' ? null : note };
    const checked = stockAdjustment.safeParse(body);
    if (!checked.success) {
      setProblems(problemsByField(checked.error.issues));
      return;
    }
    setProblems({});
    adjust.mutate(
      { reason, quantity: checked.data.quantity, note: checked.data.note },
      {
        onSuccess: (result) => {
          toasts.success(`${MESSAGES.stockAdjusted}: ${product.name} ${formatQuantity(result.movement.on_hand, product.unit)}, value ${money(result.product.value)}`);
          onClose();
        },
        onError: (error) => toasts.error(error.message),
      },
    );
  };

  return (
    <Modal open onClose={onClose} title={`Adjust ${product.name}`} description={`On hand ${formatQuantity(product.on_hand, product.unit)} · ${F.value.label} ${money(product.value)} at ${money(product.cost)} / ${product.unit}`}>
      <Form onSubmit={submit} onCancel={onClose} pending={adjust.isPending} submitLabel="Record">
        <SelectField
          label="Reason"
          value={reason}
          onChange={(e) => setReason(e.target.value as StockReason)}
          options={STOCK_REASONS_IN_ORDER.map((r) => ({ value: r, label: `${r} — ${STOCK_REASON_LABEL[r]}` }))}
          hint={STOCK_REASON_EFFECT[reason]}
          error={problems.reason}
        />
        <TextField
          label={reason === 'ADJUSTMENT' || reason === 'OTHER' ? `Count found (${product.unit})` : `Quantity (${product.unit})`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.001"
          value={quantityText}
          onChange={(e) => setQuantityText(e.target.value)}
          error={problems.quantity}
          autoFocus
        />
        <TextField label="Note" value={note} onChange={(e) => setNote(e.target.value)} error={problems.note} placeholder="What happened (optional)" />
        <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700" aria-live="polite" data-testid="adjust-preview">
          {preview ? (
            <>
              <p>
                On hand {formatQuantity(product.on_hand, product.unit)} → <strong>{formatQuantity(preview.on_hand, product.unit)}</strong> ({signed(formatQuantity(preview.delta, product.unit), preview.delta)})
              </p>
              <p>
                {F.value.label} {money(product.value)} → <strong>{money(preview.value_after)}</strong> ({F.valueChange.label.toLowerCase()} {signed(money(Math.abs(preview.value_change)), preview.value_change)})
              </p>
              {preview.on_hand < 0 ? <p className="mt-1 text-rose-700">{MESSAGES.stockBelowZero}</p> : null}
            </>
          ) : (
            <p>Enter a quantity to see what it does to on hand and value.</p>
          )}
        </div>
      </Form>
    </Modal>
  );
}

/** The product's vendor, vendor item, unit, par and full levels and cost. */
function SettingsDialog({ businessId, product, symbol, onClose }: { businessId: number; product: InventoryProduct; symbol: string; onClose: () => void }) {
  const vendors = useVendors(businessId);
  const [vendorId, setVendorId] = useState(product.vendor_id === null ? '' : String(product.vendor_id));
  const [vendorItem, setVendorItem] = useState(product.vendor_item ?? '');
  const [unit, setUnit] = useState<StockUnit>(product.unit);
  const [par, setPar] = useState(String(product.par_quantity));
  const [full, setFull] = useState(String(product.full_quantity));
  const cost = useAmount(symbol, product.cost);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useInventoryMutation(businessId, (api, body: Parameters<typeof api.updateProductInventory>[2]) => api.updateProductInventory(businessId, product.id, body));
  const submit = () => {
    const cents = cost.take();
    if (cents === null) return;
    const body = { vendor_id: vendorId === '' ? null : Number(vendorId), vendor_item: vendorItem.trim() === '' ? null : vendorItem, unit, par_quantity: Number(par), full_quantity: Number(full), cost: cents };
    const checked = inventoryChanges.safeParse(body);
    if (!checked.success) {
      setProblems(problemsByField(checked.error.issues));
      return;
    }
    save.mutate(body, { onSuccess: () => { toasts.success(MESSAGES.successfullyUpdated); onClose(); }, onError: (error) => toasts.error(error.message) });
  };
  return (
    <Modal open onClose={onClose} title={`Stock settings of ${product.name}`}>
      <Form onSubmit={submit} onCancel={onClose} pending={save.isPending} submitLabel="Save">
        <SelectField label="Vendor" value={vendorId} onChange={(e) => setVendorId(e.target.value)} options={[{ value: '', label: 'No vendor' }, ...(vendors.data ?? []).map((v) => ({ value: String(v.id), label: v.name }))]} error={problems.vendor_id} />
        <TextField label="Vendor item code" value={vendorItem} onChange={(e) => setVendorItem(e.target.value)} error={problems.vendor_item} />
        <SelectField label="Unit" value={unit} onChange={(e) => setUnit(e.target.value as StockUnit)} options={STOCK_UNITS.map((u) => ({ value: u, label: u }))} error={problems.unit} />
        <TextField label={`${F.par.label} (${unit})`} hint={F.par.meaning} type="number" min={0} step="0.001" value={par} onChange={(e) => setPar(e.target.value)} error={problems.par_quantity} />
        <TextField label={`${F.full.label} (${unit})`} hint={F.full.meaning} type="number" min={0} step="0.001" value={full} onChange={(e) => setFull(e.target.value)} error={problems.full_quantity} />
        <AmountField label={`Cost per ${unit}`} {...cost.field} />
      </Form>
    </Modal>
  );
}

function LabelDialog({ product, price, onClose }: { product: InventoryProduct; price: string; onClose: () => void }) {
  const format = product.barcode ? barcodeFormat(product.barcode) : null;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Label for ${product.name}`}
      actions={
        <>
          <Button onClick={() => window.print()}>Print</Button>
          <Button variant="ghost" onClick={onClose}>Close</Button>
        </>
      }
    >
      {format && product.barcode ? <BarcodeLabel code={product.barcode} format={format} name={product.name} price={price} /> : <p>{MESSAGES.invalidBarcode}</p>}
    </Modal>
  );
}

/** A product's ledger, newest first: each movement's reason, what it did to the count and to the value, and who. */
function HistoryDrawer({ businessId, product, money, time, onClose }: { businessId: number; product: InventoryProduct | null; money: (cents: number) => string; time: (instant: string) => string; onClose: () => void }) {
  const history = useStockHistory(businessId, product?.id ?? null);
  const unit = product?.unit ?? 'each';
  const historyColumns = useMemo<DataColumn<StockMovement>[]>(
    () => [
      { id: 'reason', header: 'Reason', value: (m) => m.reason, cell: (m) => <span title={STOCK_REASON_EFFECT[m.reason]}>{m.reason}<span className="block text-xs text-slate-500">{STOCK_SOURCE_LABEL[m.source]}</span></span>, size: 150 },
      { id: 'delta', header: 'Change', value: (m) => m.delta, cell: (m) => signed(formatQuantity(m.delta, unit), m.delta), align: 'end', size: 110, priority: 'always' },
      { id: 'value_change', header: F.valueChange.label, meaning: F.valueChange.meaning, value: (m) => m.value_change, cell: (m) => signed(money(Math.abs(m.value_change)), m.value_change), align: 'end', size: 120, priority: 'always' },
      { id: 'day', header: 'When', value: (m) => m.created_at, cell: (m) => `${m.day} ${time(m.created_at)}`, size: 160, priority: 1 },
      { id: 'on_hand', header: F.onHand.label, meaning: 'The count right after this movement.', value: (m) => m.on_hand, cell: (m) => formatQuantity(m.on_hand, unit), align: 'end', size: 110, priority: 2 },
      { id: 'note', header: 'Note', value: (m) => m.note, cell: (m) => m.note ?? (m.checkout_id ? `Ticket ${m.checkout_id}` : ''), size: 180, priority: 3 },
      { id: 'by', header: 'By', value: (m) => m.user_name, cell: (m) => m.user_name ?? '—', size: 130, priority: 4 },
    ],
    [money, time, unit],
  );
  return (
    <Drawer open={product !== null} onClose={onClose} title={product ? `History of ${product.name}` : 'History'} description={history.data ? `On hand ${formatQuantity(history.data.product.on_hand, unit)}: the sum of the ${history.data.movements.length} movements below.` : undefined}>
      {history.isError ? (
        <LoadError error={history.error} fallback={MESSAGES.failedToFetchInventories} onRetry={() => void history.refetch()} />
      ) : (
        <SavedDataTable
          businessId={businessId}
          name="inventory-history"
          title="Stock history"
          caption={product ? `Stock movements of ${product.name}` : 'Stock movements'}
          columns={historyColumns}
          rows={history.data?.movements}
          loading={history.isLoading}
          getRowId={(m) => m.id}
          empty="No movement yet"
        />
      )}
    </Drawer>
  );
}

function Form({ onSubmit, onCancel, pending, submitLabel, children }: { onSubmit: () => void; onCancel: () => void; pending: boolean; submitLabel: string; children: ReactNode }) {
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <FormActions submitLabel={submitLabel} pending={pending} onCancel={onCancel} />
    </form>
  );
}
