import { DELETION_TOAST, type DeletionAction, MESSAGES, type ReportKind } from '@salondesk/core';
import { useReportMutation } from '@salondesk/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { ButtonLink } from '../../../app/ButtonLink';
import { toasts } from '../../../app/toasts';
import { PageHeader } from '../../../ui/PageHeader';
import { reportPaths } from './paths';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** A report as the catalogue's actions need it. */
export interface ReportRef {
  id: number;
  type: ReportKind;
  title: string;
}

const toastError = (error: Error) => toasts.error(error.message);

/**
 * The catalogue's actions on a report: copy it (into this business), share it in the gallery or
 * stop sharing it, and change its deletion state (mark, restore, delete for good), each with the
 * spec's toast.
 */
export function useReportActions(businessId: number) {
  const copy = useReportMutation(businessId, (reports, report: ReportRef): Promise<unknown> =>
    report.type === 'custom' ? reports.duplicateCustom(businessId, report.id) : reports.duplicatePivot(businessId, report.id),
  );
  const share = useReportMutation(businessId, (reports, { report, shared }: { report: ReportRef; shared: boolean }) =>
    reports.makePublic(businessId, { report_id: report.id, type: report.type, public: shared }),
  );
  const deletion = useReportMutation(businessId, (reports, { report, action }: { report: ReportRef; action: DeletionAction }) =>
    reports.deleteReport(businessId, { report_id: report.id, type: report.type, action }),
  );
  // mutate is stable between renders: so are these, and the columns that call them.
  const run = useMemo(
    () => ({
      copy: (report: ReportRef, onDone?: () => void) =>
        copy.mutate(report, {
          onSuccess: () => {
            toasts.success(MESSAGES.successfullyAdded);
            onDone?.();
          },
          onError: toastError,
        }),
      share: (report: ReportRef, shared: boolean) => share.mutate({ report, shared }, { onSuccess: () => toasts.success(MESSAGES.reportUpdated), onError: toastError }),
      deletion: (report: ReportRef, action: DeletionAction, onDone?: () => void) =>
        deletion.mutate(
          { report, action },
          {
            onSuccess: () => {
              toasts.success(DELETION_TOAST[action]);
              onDone?.();
            },
            onError: toastError,
          },
        ),
    }),
    [copy.mutate, share.mutate, deletion.mutate],
  );
  return { run, pending: { copy: copy.isPending, share: share.isPending, deletion: deletion.isPending } };
}

const CONFIRM: Record<Exclude<DeletionAction, 'restore'>, { title: (t: string) => string; description: string; button: string }> = {
  mark: {
    title: (t) => `Mark ${t} for deletion?`,
    description: 'It leaves the lists and the gallery. Until it is deleted for good it can be restored from Deleted reports.',
    button: 'Mark for deletion',
  },
  delete: {
    title: (t) => `Delete ${t} for good?`,
    description: 'The report and its settings are removed and cannot be restored. The record of who deleted it stays.',
    button: 'Delete for good',
  },
};

/** Asks before marking a report for deletion or deleting it for good. */
export function ConfirmDeletion({ report, action, pending, onConfirm, onClose }: { report: ReportRef; action: 'mark' | 'delete'; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  const text = CONFIRM[action];
  return (
    <ConfirmDialog
      title={text.title(report.title)}
      description={text.description}
      confirmLabel={text.button}
      cancelLabel="Cancel"
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/** Which report waits for a confirmation, and of what. */
export function useConfirmation() {
  const [asking, setAsking] = useState<{ report: ReportRef; action: 'mark' | 'delete' } | null>(null);
  const ask = useCallback((report: ReportRef, action: 'mark' | 'delete') => setAsking({ report, action }), []);
  const close = useCallback(() => setAsking(null), []);
  return { asking, ask, close };
}

/** The confirmation a screen is asking for, if any: on confirm, the action runs and the dialog closes when it is done. */
export function AskedDeletion({ confirmation, run, pending }: { confirmation: ReturnType<typeof useConfirmation>; run: ReturnType<typeof useReportActions>['run']; pending: boolean }) {
  const asking = confirmation.asking;
  if (!asking) return null;
  return <ConfirmDeletion report={asking.report} action={asking.action} pending={pending} onClose={confirmation.close} onConfirm={() => run.deletion(asking.report, asking.action, confirmation.close)} />;
}

/** A catalogue screen's heading, with the way back to the reports. */
export function CatalogueHeader({ businessId, title, description, actions }: { businessId: number; title: string; description: string; actions?: ReactNode }) {
  return (
    <PageHeader
      eyebrow="Reports"
      title={title}
      description={description}
      actions={
        <>
          <ButtonLink variant="ghost" to={reportPaths.home(businessId)}>
            Back to reports
          </ButtonLink>
          {actions}
        </>
      }
    />
  );
}
