import { CUSTOM_REPORT_TYPE_LABEL, type CustomReportType, formatInstantIn, type GalleryReport, MESSAGES, REPORT_KIND_LABEL } from '@salondesk/core';
import { useReportGallery } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { useErrorToast } from '../../../../app/useErrorToast';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { reportPaths } from '../paths';
import { CatalogueHeader, useReportActions } from '../reportActions';
import { useBusinessId } from '../../../../app/useBusinessId';

type Row = GalleryReport & { onCopy: () => void };

const kindOf = (g: GalleryReport) => (g.type === 'custom' ? `${REPORT_KIND_LABEL.custom} · ${CUSTOM_REPORT_TYPE_LABEL[g.report_type as CustomReportType] ?? g.report_type}` : REPORT_KIND_LABEL.pivot);

function galleryColumns(timezone: string): DataColumn<Row>[] {
  return [
    {
      id: 'title',
      header: 'Report',
      value: (g) => g.title,
      cell: (g) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{g.title}</span>
          {g.description ? <span className="line-clamp-2 text-xs text-slate-500">{g.description}</span> : null}
        </span>
      ),
      size: 300,
      priority: 'always',
    },
    { id: 'kind', header: 'Kind', value: kindOf, size: 200, priority: 3 },
    { id: 'business', header: 'Shared by', value: (g) => g.business_name, size: 180, priority: 2 },
    { id: 'category', header: 'Category', value: (g) => g.category_name ?? '', size: 150, priority: 4 },
    { id: 'updated', header: 'Updated', value: (g) => g.updated_at, cell: (g) => formatInstantIn(g.updated_at, timezone), size: 210, priority: 5 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (g) => (
        <Button size="sm" variant="secondary" onClick={g.onCopy} aria-label={`Copy ${g.title} to this location`}>
          Copy to this location
        </Button>
      ),
      align: 'end',
      size: 200,
      priority: 1,
    },
  ];
}

/** `/{businessId}/reports/catalogue/gallery`: reports other locations share; a copy becomes one of this location's own reports. */
export function Component() {
  const businessId = useBusinessId();
  const gallery = useReportGallery(businessId);
  useErrorToast(gallery.error);
  const { timezone } = useBusinessDisplay(businessId);
  const { run } = useReportActions(businessId);
  const [copied, setCopied] = useState<string | null>(null);
  const columns = useMemo(() => galleryColumns(timezone), [timezone]);
  const rows = gallery.data?.map((g): Row => ({ ...g, onCopy: () => run.copy({ id: g.id, type: g.type, title: g.title }, () => setCopied(g.title)) }));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <CatalogueHeader businessId={businessId} title="Report gallery" description="Reports other locations share. Copy one and it becomes this location's own, to change as you like." />
      {copied ? (
        <p role="status" className="mt-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200">
          A copy of {copied} is now among <Link to={reportPaths.home(businessId)} className="font-medium underline">this location's reports</Link>.
        </p>
      ) : null}
      <div className="mt-6">
        {gallery.isError ? (
          <LoadError error={gallery.error} fallback={MESSAGES.failedToFetchCustomReports} onRetry={() => void gallery.refetch()} />
        ) : (
          <SavedDataTable businessId={businessId} name="reports-gallery" title="Report gallery" caption="Shared reports" columns={columns} rows={rows} getRowId={(g) => `${g.type}-${g.id}`} empty="No other location shares a report yet." />
        )}
      </div>
    </div>
  );
}
