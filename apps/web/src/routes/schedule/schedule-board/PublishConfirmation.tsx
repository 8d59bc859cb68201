import { type DraftFlagEvent, MESSAGES } from '@salondesk/core';
import { usePublishDrafts, usePublishPreview } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmChangesDialog } from './ConfirmChangesDialog';
import { changeTotal, errorText, noteOf, shortDate, weekLines } from './scheduleView';

/** "Publish drafts": the drafts of the weeks shown, counted per week by the server before anything is published. */
export function PublishConfirmation(props: {
  businessId: number;
  request: { start: string; end: string } | null;
  shown: ReadonlySet<string>;
  /** The last refusal (a stale summary: the dialog says so and shows the new one, the preview refetches). */
  error: string | null;
  onError: (message: string) => void;
  markDraft: (event: DraftFlagEvent) => void;
  onClose: () => void;
}) {
  const { request } = props;
  const publish = usePublishDrafts(props.businessId);
  const preview = usePublishPreview(props.businessId, request ? { start: request.start, end: request.end } : null);
  const summary = preview.data;
  return (
    <ConfirmChangesDialog
      open={request !== null}
      title="Publish drafts?"
      description={
        request
          ? `The drafts of ${shortDate(request.start)} – ${shortDate(request.end)} become the schedule staff see; each replaces the published shifts of its staff member's day.`
          : ''
      }
      weeks={summary ? weekLines(summary, 'publish', props.shown) : null}
      total={summary ? changeTotal(summary, 'publish') : null}
      empty={summary !== undefined && summary.added === 0}
      error={props.error ?? noteOf(preview.error)}
      confirmLabel={summary && summary.added > 0 ? `Publish ${summary.added} ${summary.added === 1 ? 'draft' : 'drafts'}` : 'Publish drafts'}
      cancelLabel="Keep drafts"
      loading={publish.isPending}
      onClose={props.onClose}
      onConfirm={() =>
        request &&
        summary &&
        publish.mutate(
          { ...request, expected: summary.fingerprint },
          {
            onSuccess: () => {
              props.markDraft({ type: 'published' });
              toasts.success(MESSAGES.draftsPublished);
              props.onClose();
            },
            // A stale summary is refused: the dialog says so and shows the new one (the preview refetches).
            onError: (error) => props.onError(errorText(error) || MESSAGES.couldntPublishSchedules),
          },
        )
      }
    />
  );
}
