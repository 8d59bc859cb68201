import { type DataSource, isAdmin, MESSAGES } from '@salondesk/core';
import { useDataSources, useDeleteDataSource, useSession } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { toasts } from '../../../../app/toasts';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageHeader } from '../../../../ui/PageHeader';
import { enginePaths } from '../paths';
import { useBusinessId } from '../../../../app/useBusinessId';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';

/**
 * `/{businessId}/reports/datasources`: the data sources offered here — named, parameterised
 * SELECTs over the reporting views — each opened to run with its parameters; admins add, edit
 * and delete them (deleting asks first).
 */
export function Component() {
  const businessId = useBusinessId();
  const user = useSession().session?.user;
  const admin = user !== undefined && isAdmin(user);
  const list = useDataSources(businessId);
  const remove = useDeleteDataSource(businessId);
  const [deleting, setDeleting] = useState<DataSource | null>(null);

  const columns = useMemo<DataColumn<DataSource>[]>(
    () => [
      {
        id: 'name',
        header: 'Name',
        value: (d) => d.name,
        cell: (d) => (
          <Link to={enginePaths.dataSource(businessId, d.id)} className="font-medium text-brand-700 hover:underline">
            {d.name}
          </Link>
        ),
        priority: 'always',
        size: 220,
      },
      { id: 'description', header: 'Description', value: (d) => d.description, size: 320, priority: 3 },
      { id: 'parameters', header: 'Parameters', value: (d) => d.settings.parameters.length, cell: (d) => d.settings.parameters.map((p) => p.label ?? p.id).join(', ') || 'None', size: 220, priority: 2 },
      { id: 'offered', header: 'Offered', value: (d) => (d.business_id === null ? 'Every location' : 'This location'), size: 140, priority: 4 },
      { id: 'updated', header: 'Updated', value: (d) => d.updated_at, cell: (d) => d.updated_at.slice(0, 10), size: 120, priority: 5 },
      ...(admin
        ? [
            {
              id: 'actions',
              header: 'Actions',
              cell: (d: DataSource) => (
                <div className="flex gap-2">
                  <Link to={enginePaths.editDataSource(businessId, d.id)} className="text-sm font-medium text-brand-700 hover:underline" aria-label={`Edit ${d.name}`}>
                    Edit
                  </Link>
                  <button type="button" className="text-sm font-medium text-red-700 hover:underline" onClick={() => setDeleting(d)} aria-label={`Delete ${d.name}`}>
                    Delete
                  </button>
                </div>
              ),
              size: 140,
              priority: 1 as const,
            },
          ]
        : []),
    ],
    [businessId, admin],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Reports"
        title="Data sources"
        description="Named SELECTs over the reporting views, with typed parameters. Reports and pivots read them; each run sees only the locations you may see."
        actions={
          admin ? (
            <ButtonLink to={enginePaths.newDataSource(businessId)} variant="primary">
              New data source
            </ButtonLink>
          ) : null
        }
      />
      {list.isError ? (
        <LoadError className="mt-8" error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} />
      ) : (
        <SavedDataTable
          className="mt-8"
          businessId={businessId}
          name="data-sources"
          title="Data sources"
          caption="Data sources"
          columns={columns}
          rows={list.data}
          getRowId={(d) => d.id}
          empty={admin ? 'No data sources yet: add the first one.' : 'No data sources are offered here yet.'}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this data source'}?`}
        description="Reports and pivots that read it will no longer run. This cannot be undone."
        confirmLabel="Delete"
        cancelLabel="Cancel"
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toasts.success(MESSAGES.successfullyDeleted);
              setDeleting(null);
            },
            onError: (error) => toasts.error(error.message || MESSAGES.failedToUpdate),
          })
        }
      />
    </div>
  );
}
