import { MESSAGES, type ScheduleSettings } from '@salondesk/core';
import { useUpdateScheduleSettings } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { Modal } from '../../../ui/Modal';
import { TemplateListEditor } from './TemplateListEditor';
import { errorText } from './scheduleView';

/** "Templates": multiple templates on or off, and the named ones; a template shown that goes leaves the master shown. */
export function TemplatesDialog(props: { open: boolean; businessId: number; settings: ScheduleSettings; onSaved: (templates: readonly { id: string }[]) => void; onClose: () => void }) {
  const saveSettings = useUpdateScheduleSettings(props.businessId);
  return (
    <Modal open={props.open} onClose={props.onClose} title="Templates">
      {props.open ? (
        <TemplateListEditor
          multiple={props.settings.multipleTemplate}
          templates={props.settings.templates}
          saving={saveSettings.isPending}
          onCancel={props.onClose}
          onSave={({ multiple, templates: list }) =>
            saveSettings.mutate(
              { multipleTemplate: multiple, templates: list },
              {
                onSuccess: () => {
                  toasts.success(MESSAGES.successfullyUpdated);
                  props.onSaved(list);
                  props.onClose();
                },
                onError: (error) => toasts.error(errorText(error)),
              },
            )
          }
        />
      ) : null}
    </Modal>
  );
}
