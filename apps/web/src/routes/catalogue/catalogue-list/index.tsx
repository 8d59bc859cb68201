import {
  type Category,
  CATEGORY_STATUS_LABEL,
  CURRENCY_SYMBOL,
  exportEndpoints,
  formatMoney,
  GIFTCARD_KIND_LABEL,
  MESSAGES,
  PRODUCT_STATUS_LABEL,
  type Product,
  SERVICE_STATUS_LABEL,
  type Service,
  userCan,
} from '@salondesk/core';
import { useBusiness, useCatalogue, useCatalogueMutation, useChooseServiceImage, useSession } from '@salondesk/react';
import { MediaPicker } from '../../../app/MediaPicker';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { ExportActions } from '../../../app/ExportActions';
import { ReportPrintHeader } from '../../../app/ReportPrintHeader';
import { toasts } from '../../../app/toasts';
import { useAmount } from '../../../app/useAmount';
import { AmountField } from '../../../ui/AmountField';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../app/LoadError';
import { SavedDataTable } from '../../../app/SavedDataTable';
import type { DataColumn } from '../../../ui/DataTable';
import { EmptyState } from '../../../ui/EmptyState';
import { Modal } from '../../../ui/Modal';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Skeleton } from '../../../ui/Skeleton';
import { TextField } from '../../../ui/TextField';
import { Toggle } from '../../../ui/Toggle';
import { useBusinessId } from '../../../app/useBusinessId';
import { FormActions } from '../../../ui/FormActions';

type Dialog =
  | { kind: 'category'; category?: Category }
  | { kind: 'service'; categoryId: number; service?: Service }
  | { kind: 'product'; categoryId: number; product?: Product }
  | { kind: 'retire'; what: 'category' | 'service' | 'product'; id: number; name: string }
  | { kind: 'image'; service: Service };

const statusOptions = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** A row with what the person may do to it (each set only when they may). */
type Actions = { onEdit?: () => void; onRetire?: () => void; onImage?: () => void };

/** The items with Edit and Retire when the person `may` change them. */
const withActions = <T,>(items: readonly T[], may: boolean, edit: (item: T) => void, retire: (item: T) => void): (T & Actions)[] =>
  items.map((item): T & Actions => (may ? { ...item, onEdit: () => edit(item), onRetire: () => retire(item) } : { ...item, onEdit: undefined, onRetire: undefined }));

/** Edit and Retire, each named after the item. */
const actionsColumn = <T extends Actions & { name: string }>(): DataColumn<T> => ({
  id: 'actions',
  header: 'Actions',
  cell: (item) => (
    <span className="flex justify-end gap-1">
      {item.onEdit ? <Button size="sm" variant="ghost" onClick={item.onEdit} aria-label={`Edit ${item.name}`}>Edit</Button> : null}
      {item.onRetire ? <Button size="sm" variant="ghost" onClick={item.onRetire} aria-label={`Retire ${item.name}`}>Retire</Button> : null}
    </span>
  ),
  align: 'end',
  size: 160,
  priority: 3,
});

/** The name and the price stay on a phone; duration, stock, status and the actions fold in that order. */
function catalogueColumns(symbol: string) {
  const services: DataColumn<Service & Actions>[] = [
    { id: 'name', header: 'Service', value: (s) => s.name, size: 220 },
    { id: 'price', header: 'Price', value: (s) => s.price, cell: (s) => formatMoney(s.price, symbol), align: 'end', size: 110, minSize: 96, priority: 'always' },
    { id: 'duration', header: 'Duration', value: (s) => s.duration_minutes, cell: (s) => `${s.duration_minutes} min`, align: 'end', size: 100, priority: 1 },
    { id: 'status', header: 'Status', value: (s) => SERVICE_STATUS_LABEL[s.servicestatus], size: 110, priority: 2 },
    {
      id: 'image',
      header: 'Image',
      cell: (s) => (
        <span className="flex items-center gap-2">
          {s.image_url ? <img src={s.image_url} alt={`Image of ${s.name}`} className="size-8 rounded object-cover" /> : <span className="text-slate-400">—</span>}
          {s.onImage ? <Button size="sm" variant="ghost" onClick={s.onImage} aria-label={`Choose an image for ${s.name}`}>{s.image_url ? 'Change' : 'Choose'}</Button> : null}
        </span>
      ),
      size: 140,
      priority: 3,
    },
    actionsColumn<Service & Actions>(),
  ];
  const products: DataColumn<Product & Actions>[] = [
    { id: 'name', header: 'Product', value: (p) => p.name, size: 220 },
    { id: 'price', header: 'Price', value: (p) => p.price, cell: (p) => formatMoney(p.price, symbol), align: 'end', size: 110, minSize: 96, priority: 'always' },
    { id: 'stock', header: 'In stock', value: (p) => p.stock, cell: (p) => p.stock.toLocaleString('en-US', { maximumFractionDigits: 3 }), align: 'end', size: 100, priority: 1 },
    { id: 'status', header: 'Status', value: (p) => PRODUCT_STATUS_LABEL[p.productstatus], size: 110, priority: 2 },
    actionsColumn<Product & Actions>(),
  ];
  return { services, products };
}

/** `/{businessId}/catalogue`: categories with their services and products; add, edit, retire. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const catalogue = useCatalogue(businessId, 'all');
  const business = useBusiness(businessId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const symbol = business.data?.info.translationData?.currencySymbol ?? (business.data?.info.currency ? CURRENCY_SYMBOL[business.data.info.currency] : '$');
  const mayServices = user !== undefined && userCan(user, 'operation.services');
  const mayProducts = user !== undefined && userCan(user, 'operation.inventory');
  const seeProducts = user !== undefined && userCan(user, 'operation.view-inventory');
  const { services: serviceColumns, products: productColumns } = useMemo(() => catalogueColumns(symbol), [symbol]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <ReportPrintHeader title={exportEndpoints.catalogue.title} businessId={businessId} />
      <PageHeader
        className="print:hidden"
        title="Catalogue"
        description="Categories with the services and products this location sells."
        actions={
          <>
            <ExportActions endpoint={exportEndpoints.catalogue} params={{ id: businessId }} query={{ scope: 'all' }} />
            {mayServices ? <Button onClick={() => setDialog({ kind: 'category' })}>Add category</Button> : null}
          </>
        }
      />
      <div className="mt-6 space-y-6">
        {catalogue.isError ? (
          <LoadError error={catalogue.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void catalogue.refetch()} />
        ) : !catalogue.data ? (
          <div aria-busy="true"><p role="status" className="sr-only">Loading the catalogue</p><Skeleton className="h-40 w-full" /></div>
        ) : catalogue.data.length === 0 ? (
          <EmptyState title="No categories yet" description="Add a category, then its services and products." />
        ) : (
          catalogue.data.map((c) => (
            <section key={c.id} aria-labelledby={`category-${c.id}`} className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div>
                  <h2 id={`category-${c.id}`} className="text-lg font-semibold text-slate-900">{c.name}</h2>
                  <p className="text-xs text-slate-500">{CATEGORY_STATUS_LABEL[c.categorystatus]} · {GIFTCARD_KIND_LABEL[c.giftcard as 0] ?? 'Regular'}</p>
                </div>
                {mayServices ? (
                  <div className="flex flex-wrap gap-2 print:hidden">
                    <Button size="sm" onClick={() => setDialog({ kind: 'service', categoryId: c.id })} aria-label={`Add service to ${c.name}`}>Add service</Button>
                    {mayProducts ? <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'product', categoryId: c.id })} aria-label={`Add product to ${c.name}`}>Add product</Button> : null}
                    <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'category', category: c })} aria-label={`Edit ${c.name}`}>Edit</Button>
                    <Button size="sm" variant="ghost" onClick={() => setDialog({ kind: 'retire', what: 'category', id: c.id, name: c.name })} aria-label={`Retire ${c.name}`}>Retire</Button>
                  </div>
                ) : null}
              </div>
              <SavedDataTable
                className="mt-3"
                framed={false}
                businessId={businessId}
                name="catalogue-services"
                title="Services"
                caption={`Services of ${c.name}`}
                columns={serviceColumns}
                rows={withActions(c.services, mayServices, (service) => setDialog({ kind: 'service', categoryId: c.id, service }), (service) => setDialog({ kind: 'retire', what: 'service', id: service.id, name: service.name })).map((row) =>
                  mayServices ? { ...row, onImage: () => setDialog({ kind: 'image', service: row }) } : row,
                )}
                getRowId={(service) => service.id}
                empty="No services"
              />
              {seeProducts && c.products.length > 0 ? (
                <SavedDataTable
                  className="mt-3"
                  framed={false}
                  businessId={businessId}
                  name="catalogue-products"
                  title="Products"
                  caption={`Products of ${c.name}`}
                  columns={productColumns}
                  rows={withActions(c.products, mayProducts, (product) => setDialog({ kind: 'product', categoryId: c.id, product }), (product) => setDialog({ kind: 'retire', what: 'product', id: product.id, name: product.name }))}
                  getRowId={(product) => product.id}
                />
              ) : null}
            </section>
          ))
        )}
      </div>
      {dialog?.kind === 'category' ? <CategoryDialog businessId={businessId} category={dialog.category} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'image' ? <ServiceImagePicker businessId={businessId} service={dialog.service} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'service' ? <ServiceDialog businessId={businessId} categoryId={dialog.categoryId} service={dialog.service} symbol={symbol} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'product' ? <ProductDialog businessId={businessId} categoryId={dialog.categoryId} product={dialog.product} symbol={symbol} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'retire' ? <RetireDialog businessId={businessId} {...dialog} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

const done = (message: string, onClose: () => void) => ({
  onSuccess: () => {
    toasts.success(message);
    onClose();
  },
  onError: (error: Error) => toasts.error(error.message),
});

function FormDialog({ title, onClose, onSubmit, pending, children }: { title: string; onClose: () => void; onSubmit: () => void; pending: boolean; children: ReactNode }) {
  return (
    <Modal open onClose={onClose} title={title}>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <FormActions submitLabel="Save" pending={pending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function CategoryDialog({ businessId, category, onClose }: { businessId: number; category?: Category; onClose: () => void }) {
  const [name, setName] = useState(category?.name ?? '');
  const [status, setStatus] = useState(String(category?.categorystatus ?? 0));
  const [kind, setKind] = useState(String(category?.giftcard ?? 0));
  const save = useCatalogueMutation(businessId, (api, body: { name: string; categorystatus: number; giftcard: number }) =>
    category ? api.updateCategory(businessId, category.id, body) : api.createCategory(businessId, body),
  );
  return (
    <FormDialog title={category ? `Edit ${category.name}` : 'Add category'} onClose={onClose} pending={save.isPending} onSubmit={() => save.mutate({ name, categorystatus: Number(status), giftcard: Number(kind) }, done(category ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded, onClose))}>
      <TextField label="Category name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={statusOptions(CATEGORY_STATUS_LABEL)} />
      <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value)} options={statusOptions(GIFTCARD_KIND_LABEL)} />
    </FormDialog>
  );
}

function ServiceDialog({ businessId, categoryId, service, symbol, onClose }: { businessId: number; categoryId: number; service?: Service; symbol: string; onClose: () => void }) {
  const [name, setName] = useState(service?.name ?? '');
  const price = useAmount(symbol, service?.price);
  const [minutes, setMinutes] = useState(String(service?.duration_minutes ?? 30));
  const [status, setStatus] = useState(String(service?.servicestatus ?? 0));
  const [taxable, setTaxable] = useState(service?.taxable ?? false);
  const save = useCatalogueMutation(businessId, (api, body: { name: string; price: number; duration_minutes: number; servicestatus: number; taxable: boolean }) =>
    service ? api.updateService(businessId, service.id, body) : api.createService(businessId, { ...body, category_id: categoryId }),
  );
  const submit = () => {
    const cents = price.take();
    if (cents === null) return;
    save.mutate({ name, price: cents, duration_minutes: Number(minutes), servicestatus: Number(status), taxable }, done(service ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded, onClose));
  };
  return (
    <FormDialog title={service ? `Edit ${service.name}` : 'Add service'} onClose={onClose} pending={save.isPending} onSubmit={submit}>
      <TextField label="Service name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <AmountField label="Price" {...price.field} hint={`For example ${symbol}85 or 85.50`} />
      <TextField label="Duration (minutes)" type="number" min={0} max={1440} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
      <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={statusOptions(SERVICE_STATUS_LABEL)} />
      <Toggle label="Taxable" checked={taxable} onChange={setTaxable} />
    </FormDialog>
  );
}

function ProductDialog({ businessId, categoryId, product, symbol, onClose }: { businessId: number; categoryId: number; product?: Product; symbol: string; onClose: () => void }) {
  const [name, setName] = useState(product?.name ?? '');
  const price = useAmount(symbol, product?.price);
  const [stock, setStock] = useState(String(product?.stock ?? 0));
  const [status, setStatus] = useState(String(product?.productstatus ?? 0));
  const [barcode, setBarcode] = useState(product?.barcode ?? '');
  const save = useCatalogueMutation(businessId, (api, body: { name: string; price: number; stock?: number; productstatus: number; barcode: string | null }) =>
    product ? api.updateProduct(businessId, product.id, body) : api.createProduct(businessId, { ...body, category_id: categoryId }),
  );
  const submit = () => {
    const cents = price.take();
    if (cents === null) return;
    // A changed count is a recount written to the stock ledger; an unchanged one is not sent (no empty recount).
    const counted = Number(stock);
    const changedStock = product === undefined || counted !== product.stock ? { stock: counted } : {};
    save.mutate({ name, price: cents, ...changedStock, productstatus: Number(status), barcode: barcode.trim() || null }, done(product ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded, onClose));
  };
  return (
    <FormDialog title={product ? `Edit ${product.name}` : 'Add product'} onClose={onClose} pending={save.isPending} onSubmit={submit}>
      <TextField label="Product name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      <AmountField label="Price" {...price.field} hint={`For example ${symbol}12 or 12.50`} />
      <TextField label={product ? 'Stock (a change is recorded as a recount)' : 'Opening stock'} type="number" min={0} step="0.001" value={stock} onChange={(e) => setStock(e.target.value)} />
      <TextField label="Barcode" value={barcode} onChange={(e) => setBarcode(e.target.value)} />
      <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={statusOptions(PRODUCT_STATUS_LABEL)} />
    </FormDialog>
  );
}

function RetireDialog({ businessId, what, id, name, onClose }: { businessId: number; what: 'category' | 'service' | 'product'; id: number; name: string; onClose: () => void }) {
  const retire = useCatalogueMutation(businessId, (api, _: void): Promise<unknown> =>
    what === 'category' ? api.retireCategory(businessId, id) : what === 'service' ? api.retireService(businessId, id) : api.retireProduct(businessId, id),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={`Retire ${name}?`}
      description={`The ${what} stops being sold and leaves the catalogue. Past sales keep it.`}
      actions={
        <>
          <Button variant="danger" loading={retire.isPending} onClick={() => retire.mutate(undefined, done(MESSAGES.successfullyDeleted, onClose))}>Retire</Button>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
        </>
      }
    />
  );
}

/** A service's image, chosen from the media library (or uploaded into it there). */
function ServiceImagePicker({ businessId, service, onClose }: { businessId: number; service: Service; onClose: () => void }) {
  const user = useSession().session?.user;
  const choose = useChooseServiceImage(businessId);
  return (
    <MediaPicker
      businessId={businessId}
      open
      title={`Image of ${service.name}`}
      currentId={service.image_media_id}
      mayUpload={user !== undefined && userCan(user, 'setting.editsetting')}
      saving={choose.isPending}
      onChoose={(imageId) => choose.mutate({ serviceId: service.id, imageId }, done(MESSAGES.successfullyUpdated, onClose))}
      onClose={onClose}
    />
  );
}
