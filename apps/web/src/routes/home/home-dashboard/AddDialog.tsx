import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

/** The dialog that adds a card or a KPI: the choice as children, then Add and Cancel. */
export function AddDialog(props: { open: boolean; onClose: () => void; title: string; description?: string; submitLabel: string; onSubmit: () => void; loading: boolean; children: ReactNode }) {
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title={props.title}
      {...(props.description ? { description: props.description } : {})}
      actions={
        <>
          <Button onClick={props.onSubmit} loading={props.loading}>
            {props.submitLabel}
          </Button>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
        </>
      }
    >
      {props.children}
    </Modal>
  );
}
