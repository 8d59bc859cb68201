import { reportFunction } from '@salondesk/core';
import { useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { EmptyState } from '../../../../ui/EmptyState';
import { enginePaths } from '../paths';
import { ReportViewer } from '../ReportViewer';
import { useBusinessId } from '../../../../app/useBusinessId';

/** `/{businessId}/reports/run/{name}`: a report function of the `reports` schema, opened by its name. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const fn = reportFunction(params.name ?? '');
  if (!fn) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <EmptyState title="There is no such report" description={`The reports schema has no function ${params.name ?? ''}.`} headingLevel={1} />
      </div>
    );
  }
  return (
    <ReportViewer
      key={fn.name}
      businessId={businessId}
      source={{ kind: 'function', name: fn.name }}
      title={fn.title}
      description={fn.description}
      keys={fn.key}
      tableName={`report-${fn.name.replace(/_/g, '-')}`}
      levelChoice
      actions={
        <ButtonLink variant="ghost" to={enginePaths.dataSources(businessId)}>
          Data sources
        </ButtonLink>
      }
    />
  );
}
