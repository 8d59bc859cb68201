import {
  canManageReportCategories,
  isApiError,
  MESSAGES,
  newReportCategory,
  problemsByField,
  REPORT_CATEGORY_ICONS,
  REPORT_CATEGORY_TYPE_LABEL,
  REPORT_CATEGORY_TYPES,
  reportCategoryChanges,
  type ReportCategoryIcon as IconName,
  type ReportCategoryType,
  type ReportCategoryWithCount,
} from '@salondesk/core';
import { useReportCategories, useReportMutation, useSession } from '@salondesk/react';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { toasts } from '../../../../app/toasts';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { EmptyState } from '../../../../ui/EmptyState';
import { Modal } from '../../../../ui/Modal';
import { ReportCategoryIcon } from '../ReportCategoryIcon';
import { SelectField } from '../../../../ui/SelectField';
import { TextField } from '../../../../ui/TextField';
import { CatalogueHeader } from '../reportActions';
import { useBusinessId } from '../../../../app/useBusinessId';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { FormActions } from '../../../../ui/FormActions';

type Dialog = { kind: 'edit'; category?: ReportCategoryWithCount } | { kind: 'delete'; category: ReportCategoryWithCount };
type Row = ReportCategoryWithCount & { onEdit: () => void; onDelete: () => void };

function categoryColumns(): DataColumn<Row>[] {
  return [
    {
      id: 'name',
      header: 'Category',
      value: (c) => c.category_name,
      cell: (c) => (
        <span className="flex items-center gap-2 font-medium text-slate-900">
          <ReportCategoryIcon name={c.category_icon} className="text-brand-700" />
          {c.category_name}
        </span>
      ),
      size: 260,
      priority: 'always',
    },
    { id: 'type', header: 'Holds', value: (c) => REPORT_CATEGORY_TYPE_LABEL[c.type], size: 150, priority: 2 },
    { id: 'reports', header: 'Reports', value: (c) => c.reports, align: 'end', size: 100, priority: 3 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <span className="flex justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={c.onEdit} aria-label={`Edit ${c.category_name}`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" onClick={c.onDelete} aria-label={`Delete ${c.category_name}`}>
            Delete
          </Button>
        </span>
      ),
      align: 'end',
      size: 160,
      priority: 1,
    },
  ];
}

/** `/{businessId}/reports/catalogue/categories`: the categories reports are filed under — of custom reports (proc) and of pivots — with their icon. */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const categories = useReportCategories(businessId);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const columns = useMemo(categoryColumns, []);
  const may = user !== undefined && canManageReportCategories(user);
  const rows = (type: ReportCategoryType): Row[] =>
    (categories.data ?? []).filter((c) => c.type === type).map((c) => ({ ...c, onEdit: () => setDialog({ kind: 'edit', category: c }), onDelete: () => setDialog({ kind: 'delete', category: c }) }));

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <CatalogueHeader businessId={businessId} title="Report categories" description="Reports are listed under their category. Names are unique in this location, whatever their case or spacing." actions={may ? <Button onClick={() => setDialog({ kind: 'edit' })}>Add category</Button> : null} />
      <div className="mt-6 space-y-6">
        {!may ? <EmptyState title={MESSAGES.reportCategoriesOwnersOnly} /> : null}
        {categories.isError ? (
          <LoadError error={categories.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void categories.refetch()} />
        ) : (
          REPORT_CATEGORY_TYPES.map((type) => (
            <section key={type} aria-labelledby={`categories-${type}`} className="space-y-2">
              <h2 id={`categories-${type}`} className="text-lg font-semibold text-slate-900">
                Categories of {REPORT_CATEGORY_TYPE_LABEL[type].toLowerCase()}
              </h2>
              <SavedDataTable
                businessId={businessId}
                name="report-categories"
                title="Report categories"
                caption={`Categories of ${REPORT_CATEGORY_TYPE_LABEL[type].toLowerCase()}`}
                columns={may ? columns : columns.filter((c) => c.id !== 'actions')}
                rows={categories.data ? rows(type) : undefined}
                getRowId={(c) => c.id}
                empty="No categories yet"
              />
            </section>
          ))
        )}
      </div>
      {dialog?.kind === 'edit' ? <CategoryDialog businessId={businessId} category={dialog.category} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'delete' ? <DeleteCategory businessId={businessId} category={dialog.category} onClose={() => setDialog(null)} /> : null}
    </div>
  );
}

/** Adds a category or renames one (and changes its icon); a name already there is refused with the spec's message beside the field. */
function CategoryDialog({ businessId, category, onClose }: { businessId: number; category?: ReportCategoryWithCount; onClose: () => void }) {
  const id = useId();
  const [name, setName] = useState(category?.category_name ?? '');
  const [type, setType] = useState<ReportCategoryType>(category?.type ?? 'proc');
  const [icon, setIcon] = useState<IconName | null>((category?.category_icon as IconName | null) ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useReportMutation(businessId, (reports, _: void) =>
    category
      ? reports.updateCategory(businessId, category.id, { category_name: name, category_icon: icon })
      : reports.addCategory(businessId, { category_name: name, category_icon: icon, type }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = category ? reportCategoryChanges.safeParse({ category_name: name, category_icon: icon }) : newReportCategory.safeParse({ category_name: name, category_icon: icon, type });
    if (!checked.success) return setErrors(problemsByField(checked.error.issues));
    setErrors({});
    save.mutate(undefined, {
      onSuccess: () => {
        toasts.success(category ? MESSAGES.successfullyUpdated : MESSAGES.successfullyAdded);
        onClose();
      },
      onError: (error) => {
        if (isApiError(error) && error.issues.length > 0) setErrors(problemsByField(error.issues));
        toasts.error(error.message);
      },
    });
  };
  return (
    <Modal open onClose={onClose} title={category ? `Edit ${category.category_name}` : 'Add category'}>
      <form className="space-y-4" noValidate onSubmit={submit}>
        <TextField label="Category name" value={name} onChange={(e) => setName(e.target.value)} error={errors.category_name} required autoFocus />
        {category ? null : (
          <SelectField label="Holds" value={type} onChange={(e) => setType(e.target.value as ReportCategoryType)} options={REPORT_CATEGORY_TYPES.map((t) => ({ value: t, label: REPORT_CATEGORY_TYPE_LABEL[t] }))} />
        )}
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Icon</legend>
          <div className="mt-2 grid grid-cols-5 gap-2 sm:grid-cols-8">
            {[null, ...REPORT_CATEGORY_ICONS].map((choice) => (
              <label key={choice ?? 'none'} className="relative flex h-10 cursor-pointer items-center justify-center rounded-lg ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-600">
                <ReportCategoryIcon name={choice} className={choice ? 'pointer-events-none text-slate-700' : 'pointer-events-none text-slate-300'} />
                <input type="radio" name={`${id}-icon`} className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0" checked={icon === choice} onChange={() => setIcon(choice)} aria-label={choice ? choice.replaceAll('-', ' ') : 'No icon'} />
              </label>
            ))}
          </div>
        </fieldset>
        <FormActions submitLabel="Save" pending={save.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}

function DeleteCategory({ businessId, category, onClose }: { businessId: number; category: ReportCategoryWithCount; onClose: () => void }) {
  const remove = useReportMutation(businessId, (reports, _: void) => reports.deleteCategory(businessId, category.id));
  return (
    <ConfirmDialog
      title={`Delete ${category.category_name}?`}
      description={
        category.reports > 0
          ? `Its ${category.reports} ${category.reports === 1 ? 'report stays' : 'reports stay'}, listed as uncategorised.`
          : 'It holds no reports.'
      }
      confirmLabel="Delete"
      cancelLabel="Cancel"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            toasts.success(MESSAGES.successfullyDeleted);
            onClose();
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}
