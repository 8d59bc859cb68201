import { MESSAGES } from '@salondesk/core';
import { useDataSources } from '@salondesk/react';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { EmptyState } from '../../../../ui/EmptyState';
import { LoadingRegion } from '../../../../ui/LoadingRegion';
import { Skeleton } from '../../../../ui/Skeleton';
import { enginePaths } from '../paths';
import { ReportViewer } from '../ReportViewer';
import { useBusinessId } from '../../../../app/useBusinessId';

/** `/{businessId}/reports/datasources/{id}`: a data source run with its parameters. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const id = Number(params.dataSourceId);
  const list = useDataSources(businessId);
  if (list.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <LoadError error={list.error} fallback={MESSAGES.failedToFetchData} onRetry={() => void list.refetch()} headingLevel={1} />
      </div>
    );
  }
  if (!list.data) {
    return (
      <LoadingRegion label="Loading the data source" className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <Skeleton className="h-24 w-full" />
      </LoadingRegion>
    );
  }
  const ds = list.data.find((d) => d.id === id);
  if (!ds) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState title="This data source was not found" description="It may have been deleted, or it is not offered in this location." headingLevel={1} />
      </div>
    );
  }
  return (
    <ReportViewer
      key={ds.id}
      businessId={businessId}
      source={{ kind: 'datasource', id: ds.id }}
      title={ds.name}
      description={ds.description}
      eyebrow="Data source"
      tableName={`datasource-${ds.id}`}
      levelChoice
      actions={
        <ButtonLink variant="ghost" to={enginePaths.dataSources(businessId)}>
          All data sources
        </ButtonLink>
      }
    />
  );
}
