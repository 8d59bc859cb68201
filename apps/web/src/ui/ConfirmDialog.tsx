import { Button } from './Button';
import { Modal } from './Modal';

/** Asks before something is removed or deleted: the danger button does it, "Keep it" (or Escape) does nothing. */
export function ConfirmDialog({ title, description, confirmLabel, pending, onConfirm, onClose }: { title: string; description: string; confirmLabel: string; pending: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Modal
      open
      role="alertdialog"
      onClose={onClose}
      title={title}
      description={description}
      actions={
        <>
          <Button variant="danger" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            Keep it
          </Button>
        </>
      }
    />
  );
}
