import type { ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  /** Shown while true (the default: a dialog mounted only while it asks). */
  open?: boolean;
  /** The question: "Delete Spring promo?". */
  title: string;
  /** What happens if the reader says yes. */
  description?: ReactNode;
  /** More of what changes (a list of what goes, a field to type into), between the description and the buttons. */
  children?: ReactNode;
  /** The action's words: "Delete", "Clear all shifts". */
  confirmLabel: ReactNode;
  /** `danger` (the default) for something that removes or discards; `primary` for a change that loses nothing. */
  tone?: 'danger' | 'primary';
  /** The action is being sent: its button spins. */
  pending?: boolean;
  /** The action cannot be taken yet (a confirmation not typed, a summary still counting). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  /** The safe answer's words (default "Keep it"). */
  cancelLabel?: string;
  /** The safe answer, Escape and a click outside. */
  onClose: () => void;
  /**
   * Which answer comes first in reading order (and so takes focus): the action, with the safe
   * answer quiet after it (`confirm`, the default), or the safe answer first as a secondary button
   * (`cancel`).
   */
  first?: 'confirm' | 'cancel';
  /** While the action is sent, the safe answer waits and Escape does nothing. */
  holdWhilePending?: boolean;
}

/** Asks before something is done that needs a yes: the action's button does it, the safe answer (or Escape) does nothing. */
export function ConfirmDialog({
  open = true,
  title,
  description,
  children,
  confirmLabel,
  tone = 'danger',
  pending = false,
  confirmDisabled = false,
  onConfirm,
  cancelLabel = 'Keep it',
  onClose,
  first = 'confirm',
  holdWhilePending = false,
}: ConfirmDialogProps) {
  const held = holdWhilePending && pending;
  const confirm = (
    <Button variant={tone} loading={pending} disabled={confirmDisabled} onClick={onConfirm}>
      {confirmLabel}
    </Button>
  );
  const cancel = (
    <Button variant={first === 'cancel' ? 'secondary' : 'ghost'} disabled={held} onClick={onClose}>
      {cancelLabel}
    </Button>
  );
  return (
    <Modal
      open={open}
      role="alertdialog"
      onClose={held ? undefined : onClose}
      title={title}
      description={description}
      actions={
        first === 'cancel' ? (
          <>
            {cancel}
            {confirm}
          </>
        ) : (
          <>
            {confirm}
            {cancel}
          </>
        )
      }
    >
      {children}
    </Modal>
  );
}
