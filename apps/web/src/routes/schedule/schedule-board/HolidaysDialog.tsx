import { type Holiday, MESSAGES } from '@salondesk/core';
import { useUpdateHolidays } from '@salondesk/react';
import { toasts } from '../../../app/toasts';
import { HolidayEditor } from './HolidayEditor';
import { Modal } from '../../../ui/Modal';
import { errorText } from './scheduleView';

/** "Holidays": the business's holiday list, edited by those who may change the schedule, listed for the others. */
export function HolidaysDialog(props: { open: boolean; businessId: number; canEdit: boolean; holidays: readonly Holiday[]; onClose: () => void }) {
  const saveHolidays = useUpdateHolidays(props.businessId);
  return (
    <Modal open={props.open} onClose={props.onClose} title="Holidays">
      {props.open ? (
        props.canEdit ? (
          <HolidayEditor
            holidays={props.holidays}
            saving={saveHolidays.isPending}
            onCancel={props.onClose}
            onSave={(list) =>
              saveHolidays.mutate(list, {
                onSuccess: () => {
                  toasts.success(MESSAGES.successfullyUpdated);
                  props.onClose();
                },
                onError: (error) => toasts.error(errorText(error)),
              })
            }
          />
        ) : (
          <ul className="text-sm text-slate-800">
            {props.holidays.map((h) => (
              <li key={h.day}>
                {h.day} — {h.name}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Modal>
  );
}
