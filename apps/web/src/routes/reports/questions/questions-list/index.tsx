import { MESSAGES, QUESTION_DISPLAY_LABEL, type QuestionCard } from '@salondesk/core';
import { useQuestionCards } from '@salondesk/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { SavedDataTable } from '../../../../app/SavedDataTable';
import { Button } from '../../../../ui/Button';
import type { DataColumn } from '../../../../ui/DataTable';
import { PageHeader } from '../../../../ui/PageHeader';
import { DeleteCardDialog } from '../DeleteCardDialog';
import { questionPaths, sourceLabelOf, type SourceOption, useQuestionSources } from '../sources';
import { useBusinessId } from '../../../../app/useBusinessId';

function cardColumns(businessId: number, sources: readonly SourceOption[], onDelete: (card: QuestionCard) => void): DataColumn<QuestionCard>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      value: (c) => c.name,
      cell: (c) => (
        <>
          <Link to={questionPaths.view(businessId, c.id)} className="font-medium text-brand-700 hover:underline">
            {c.name}
          </Link>
          {c.description ? <span className="block text-xs text-slate-500">{c.description}</span> : null}
        </>
      ),
      size: 300,
      priority: 'always',
    },
    { id: 'display', header: 'Shown as', value: (c) => QUESTION_DISPLAY_LABEL[c.visualization.display], size: 120, priority: 2 },
    { id: 'source', header: 'Source', value: (c) => sourceLabelOf(sources, c.source), size: 200, priority: 1 },
    { id: 'metabase', header: 'Metabase question', value: (c) => c.metabase_id, align: 'end', size: 150, priority: 3 },
    {
      id: 'actions',
      header: 'Actions',
      cell: (c) => (
        <span className="flex justify-end gap-1">
          <ButtonLink to={questionPaths.edit(businessId, c.id)} size="sm" variant="ghost" aria-label={`Edit ${c.name}`}>
            Edit
          </ButtonLink>
          <Button size="sm" variant="ghost" onClick={() => onDelete(c)} aria-label={`Delete ${c.name}`}>
            Delete
          </Button>
        </span>
      ),
      align: 'end',
      size: 150,
      priority: 'always',
    },
  ];
}

/** `/{businessId}/reports/questions`: the saved questions (cards) of the business. */
export function Component() {
  const businessId = useBusinessId();
  const cards = useQuestionCards(businessId);
  const [deleting, setDeleting] = useState<QuestionCard | null>(null);
  const { sources } = useQuestionSources(businessId);
  const columns = useMemo(() => cardColumns(businessId, sources, setDeleting), [businessId, sources]);

  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Reports"
        title="Questions"
        description="Saved questions over the report functions and data sources; embed reports show the one standing for their Metabase question."
        actions={<ButtonLink to={questionPaths.create(businessId)}>New question</ButtonLink>}
      />
      <div className="mt-6">
        {cards.isError ? (
          <LoadError error={cards.error} onRetry={() => void cards.refetch()} retrying={cards.isFetching} fallback={MESSAGES.failedToFetchData} />
        ) : (
          <SavedDataTable
            businessId={businessId}
            name="questions"
            caption="Questions"
            columns={columns}
            rows={cards.data}
            getRowId={(c) => c.id}
            rowLabel={(c) => c.name}
            empty="No questions yet. Make one with New question."
          />
        )}
      </div>
      <DeleteCardDialog businessId={businessId} card={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
