import { MESSAGES, type QuestionCard, type ReportParameterValues } from '@salondesk/core';
import { useQuestionCard, useQuestionRun, useSourceParameters } from '@salondesk/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { ButtonLink } from '../../../../app/ButtonLink';
import { LoadError } from '../../../../app/LoadError';
import { useBusinessDisplay } from '../../../../app/useBusinessDisplay';
import { Button } from '../../../../ui/Button';
import { PageHeader } from '../../../../ui/PageHeader';
import { Skeleton } from '../../../../ui/Skeleton';
import { DeleteCardDialog } from '../DeleteCardDialog';
import { ParameterFields } from '../ParameterFields';
import { QuestionResultView } from '../QuestionResultView';
import { questionPaths } from '../sources';
import { useBusinessId } from '../../../../app/useBusinessId';

/** `/{businessId}/reports/questions/{cardId}`: a saved question, run, with its parameters to change for this view. */
export function Component() {
  const params = useParams();
  const businessId = useBusinessId();
  const cardId = Number(params.cardId);
  const card = useQuestionCard(businessId, cardId);
  if (card.isError) return <LoadError error={card.error} onRetry={() => void card.refetch()} retrying={card.isFetching} fallback={MESSAGES.failedToFetchCardDetails} headingLevel={1} className="m-8" />;
  if (!card.data) return <Skeleton className="m-8 h-96" />;
  return <CardView key={card.data.id} businessId={businessId} card={card.data} />;
}

function CardView({ businessId, card }: { businessId: number; card: QuestionCard }) {
  const navigate = useNavigate();
  const { symbol, timezone } = useBusinessDisplay(businessId);
  const display = useMemo(() => ({ symbol, timezone }), [symbol, timezone]);
  const opened = useSourceParameters(businessId, card.source);
  const parameters = opened.data?.parameters ?? [];
  // The values being edited, and those run (the card's own until "Run" is pressed).
  const [editing, setEditing] = useState<ReportParameterValues>(card.params);
  const [overrides, setOverrides] = useState<ReportParameterValues>({});
  const run = useQuestionRun(businessId, card.id, overrides);
  const [confirming, setConfirming] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOverrides(editing);
  };
  return (
    <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageHeader
        eyebrow="Question"
        title={card.name}
        description={card.description || undefined}
        actions={
          <>
            <ButtonLink to={questionPaths.edit(businessId, card.id)} variant="secondary">
              Edit
            </ButtonLink>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          </>
        }
      />
      {parameters.length > 0 ? (
        <form onSubmit={submit} className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200" aria-label="Parameters">
          <ParameterFields parameters={parameters} values={editing} onChange={setEditing} />
          <div className="mt-3 flex justify-end">
            <Button type="submit" variant="secondary" loading={run.isFetching}>
              Run
            </Button>
          </div>
        </form>
      ) : null}
      <section className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200" aria-label={card.name} aria-busy={run.isFetching}>
        {run.isError ? (
          <LoadError error={run.error} onRetry={() => void run.refetch()} retrying={run.isFetching} fallback={MESSAGES.failedToRunQuery} />
        ) : run.data ? (
          <QuestionResultView title={card.name} result={run.data} visualization={card.visualization} display={display} savedTable={{ businessId, name: `question-${card.id}` }} loading={run.isFetching} />
        ) : (
          <Skeleton className="h-72" />
        )}
      </section>
      <DeleteCardDialog businessId={businessId} card={confirming ? card : null} onClose={() => setConfirming(false)} onDeleted={() => void navigate(questionPaths.list(businessId))} />
    </div>
  );
}
