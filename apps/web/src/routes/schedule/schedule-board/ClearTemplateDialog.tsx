import { MESSAGES } from '@salondesk/core';
import { useClearTemplate } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { errorText } from './scheduleView';

/** "Clear the … template?": removes every shift of the template shown; published schedules and drafts stay. */
export function ClearTemplateDialog(props: { open: boolean; businessId: number; templateId: string; name: string; onClose: () => void }) {
  const clearTemplate = useClearTemplate(props.businessId);
  return (
    <ConfirmDialog
      open={props.open}
      first="cancel"
      title={`Clear the ${props.name} template?`}
      description="Every shift of this template is removed. Published schedules and drafts stay as they are."
      confirmLabel="Clear template"
      pending={clearTemplate.isPending}
      onClose={props.onClose}
      onConfirm={() =>
        clearTemplate.mutate(
          { templateId: props.templateId },
          {
            onSuccess: () => {
              toasts.success(MESSAGES.masterTemplateCleared);
              props.onClose();
            },
            onError: (error) => toasts.error(errorText(error) || MESSAGES.templateNotFound),
          },
        )
      }
    />
  );
}
