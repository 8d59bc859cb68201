import type { FormEvent, ReactNode } from 'react';
import type { ButtonVariant } from './Button';
import { FormActions } from './FormActions';
import { Modal, type ModalProps } from './Modal';

export interface FormDialogProps {
  /** Shown while true (the default: a dialog mounted only while it is open). */
  open?: boolean;
  /** Escape, a click outside and Cancel. */
  onClose: () => void;
  title: string;
  description?: ReactNode;
  /** `alertdialog` when the form confirms something that cannot be taken back (deleting with a reason). */
  role?: ModalProps['role'];
  size?: ModalProps['size'];
  /** The form was sent (Enter or the submit button); the browser's own submission is already stopped. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The fields. */
  children: ReactNode;
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  /** The form is being sent: the submit button spins, Cancel waits. */
  pending?: boolean;
  /** What the server said when it refused the form, read out as an alert above the buttons. */
  error?: string | null;
  cancelLabel?: string;
  /** While the form is sent, Escape and a click outside do nothing either. */
  holdWhilePending?: boolean;
}

/** A dialog holding one form: its fields, then the server's refusal and Cancel and submit (`FormActions`). Fields are checked by the caller (`noValidate`). */
export function FormDialog({ open = true, onClose, title, description, role, size, onSubmit, children, submitLabel, submitVariant, pending = false, error, cancelLabel, holdWhilePending = false }: FormDialogProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event);
  };
  return (
    <Modal open={open} onClose={holdWhilePending && pending ? undefined : onClose} title={title} description={description} {...(role ? { role } : {})} {...(size ? { size } : {})}>
      <form noValidate onSubmit={submit} className="space-y-4">
        {children}
        <FormActions error={error ?? null} submitLabel={submitLabel} {...(submitVariant ? { submitVariant } : {})} pending={pending} onCancel={onClose} {...(cancelLabel ? { cancelLabel } : {})} />
      </form>
    </Modal>
  );
}
