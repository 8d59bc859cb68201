import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from './Button';

export interface FormActionsProps {
  /** What the server said when it refused the form: read out as an alert above the buttons. */
  error?: string | null;
  /** The submit button's words: "Close the drawer", "Add". */
  submitLabel: ReactNode;
  submitVariant?: ButtonVariant;
  /** The form is being sent: the submit button spins, Cancel waits. */
  pending?: boolean;
  onCancel: () => void;
  cancelLabel?: string;
}

/** The end of a dialog's form: the server's refusal (if any), then Cancel and the submit button (stacked on a phone, the submit first). */
export function FormActions({ error, submitLabel, submitVariant = 'primary', pending = false, onCancel, cancelLabel = 'Cancel' }: FormActionsProps) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" disabled={pending} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" variant={submitVariant} loading={pending}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
