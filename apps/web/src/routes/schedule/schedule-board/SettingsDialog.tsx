import { type DayStoreHours, MESSAGES, type ScheduleSettings } from '@salondesk/core';
import { useUpdateScheduleSettings } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { Modal } from '../../../ui/Modal';
import { ScheduleSettingsForm } from './ScheduleSettingsForm';
import { errorText, fallbackHoursNote } from './scheduleView';

/** "Schedule settings": the first day of the week and the store hours of days without Business Hours. */
export function SettingsDialog(props: {
  open: boolean;
  businessId: number;
  settings: ScheduleSettings;
  hours: readonly DayStoreHours[];
  error: string | null;
  onError: (message: string) => void;
  onClose: () => void;
}) {
  const { settings } = props;
  const saveSettings = useUpdateScheduleSettings(props.businessId);
  return (
    <Modal open={props.open} onClose={props.onClose} title="Schedule settings">
      {props.open ? (
        <ScheduleSettingsForm
          value={{ weekStartsOn: settings.weekStartsOn, storeHours: settings.storeHours }}
          storeHoursHint={fallbackHoursNote(props.hours, settings.weekStartsOn)}
          backwardsHoursMessage={MESSAGES.scheduleStoreHours}
          saving={saveSettings.isPending}
          error={props.error}
          onCancel={props.onClose}
          onSave={(value) =>
            saveSettings.mutate(value, {
              onSuccess: () => {
                toasts.success(MESSAGES.successfullyUpdated);
                props.onClose();
              },
              onError: (error) => props.onError(errorText(error)),
            })
          }
        />
      ) : null}
    </Modal>
  );
}
