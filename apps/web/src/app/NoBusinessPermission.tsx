import { MESSAGES } from '@salondesk/core';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';

export interface NoBusinessPermissionProps {
  open: boolean;
  onStay: () => void;
  onSwitchAccount: () => void;
}

/** Spec 000 §2 Modals: the business in the path is not one of the user's. Exactly two choices. */
export function NoBusinessPermission({ open, onStay, onSwitchAccount }: NoBusinessPermissionProps) {
  return (
    <Modal
      open={open}
      role="alertdialog"
      title="No Business Permission"
      description={MESSAGES.noBusinessPermission}
      actions={
        <>
          <Button variant="secondary" onClick={onSwitchAccount}>
            Switch Account
          </Button>
          <Button variant="primary" onClick={onStay} autoFocus>
            Stay in current business
          </Button>
        </>
      }
    />
  );
}
