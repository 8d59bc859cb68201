import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from './Button';
import { ConfirmDialog } from './ConfirmDialog';
import { TextField } from './TextField';

export const Delete: Story = () => (
  <ConfirmDialog title="Delete Spring promo?" description="The draft is deleted for good. Nothing was sent." confirmLabel="Delete" onConfirm={() => undefined} onClose={() => undefined} />
);

export const SafeAnswerFirst: Story = () => (
  <ConfirmDialog
    first="cancel"
    title="Remove the Ably key?"
    description="Live updates through Ably stop until a key is set again."
    confirmLabel="Remove key"
    onConfirm={() => undefined}
    onClose={() => undefined}
  />
);

export const NotALoss: Story = () => (
  <ConfirmDialog
    tone="primary"
    title="Close this pay period?"
    description="Payouts start on the next day."
    confirmLabel="Close pay period"
    cancelLabel="Cancel"
    onConfirm={() => undefined}
    onClose={() => undefined}
  />
);

export const Sending: Story = () => (
  <ConfirmDialog holdWhilePending pending title="Retire Acme Supplies?" description="The vendor leaves the list." confirmLabel="Retire" cancelLabel="Cancel" onConfirm={() => undefined} onClose={() => undefined} />
);

export const TypedConfirmation: Story = () => {
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      first="cancel"
      title="Erase Ada Lovelace’s personal data?"
      description="This cannot be undone."
      confirmLabel="Erase personal data"
      cancelLabel="Keep the data"
      confirmDisabled={typed !== '42'}
      onConfirm={() => undefined}
      onClose={() => undefined}
    >
      <TextField label="Type the client number, 42, to confirm" value={typed} onChange={(e) => setTyped(e.target.value)} />
    </ConfirmDialog>
  );
};

export const Opened: Story = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete tag
      </Button>
      <ConfirmDialog open={open} first="cancel" title="Delete the tag VIP?" description="It comes off 12 clients." confirmLabel="Delete tag" onConfirm={() => setOpen(false)} onClose={() => setOpen(false)} />
    </>
  );
};
