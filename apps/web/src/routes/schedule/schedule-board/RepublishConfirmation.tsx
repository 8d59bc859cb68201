import { MESSAGES, schedulePublishedFor } from '@salondesk/core';
import { useRepublish, useRepublishPreview } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmChangesDialog } from './ConfirmChangesDialog';
import { changeTotal, errorText, noteOf, shortDate, weekLines } from './scheduleView';

/** "Republish from templates": the horizon from today, counted per week by the server before anything changes. */
export function RepublishConfirmation(props: {
  businessId: number;
  start: string | null;
  shown: ReadonlySet<string>;
  /** The last refusal (a stale summary). */
  error: string | null;
  onError: (message: string) => void;
  onClose: () => void;
}) {
  const republish = useRepublish(props.businessId);
  const preview = useRepublishPreview(props.businessId, props.start ? { start: props.start } : null);
  const summary = preview.data;
  return (
    <ConfirmChangesDialog
      open={props.start !== null}
      title="Republish from templates?"
      description={
        summary
          ? `From ${shortDate(summary.start)} to ${shortDate(summary.end)}, the shifts made from the templates are replaced by what the templates give now. Shifts made by hand and drafts stay.`
          : 'The shifts made from the templates are replaced by what the templates give now. Shifts made by hand and drafts stay.'
      }
      weeks={summary ? weekLines(summary, 'republish', props.shown) : null}
      total={summary ? changeTotal(summary, 'republish') : null}
      empty={summary !== undefined && summary.added === 0 && summary.replaced === 0}
      error={props.error ?? noteOf(preview.error)}
      confirmLabel="Republish"
      cancelLabel="Cancel"
      loading={republish.isPending}
      onClose={props.onClose}
      onConfirm={() =>
        props.start &&
        summary &&
        republish.mutate(
          { start: props.start, expected: summary.fingerprint },
          {
            onSuccess: (result) => {
              toasts.success(schedulePublishedFor(result.days));
              props.onClose();
            },
            onError: (error) => props.onError(errorText(error) || MESSAGES.couldntPublishSchedules),
          },
        )
      }
    />
  );
}
