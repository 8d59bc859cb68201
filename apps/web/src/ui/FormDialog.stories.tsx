import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from './Button';
import { FormDialog } from './FormDialog';
import { TextAreaField } from './TextAreaField';
import { TextField } from './TextField';

const Fields = () => (
  <>
    <TextField label="Reason" defaultValue="Entered twice" />
    <TextAreaField label="Note" defaultValue="" />
  </>
);

export const Default: Story = () => (
  <FormDialog title="Comment on invoice #1042" submitLabel="Add comment" onSubmit={() => undefined} onClose={() => undefined}>
    <TextAreaField label="Comment" defaultValue="" />
  </FormDialog>
);

export const DeleteWithAReason: Story = () => (
  <FormDialog role="alertdialog" title="Delete ticket #318?" description="It can be sent back to the queue later." submitLabel="Delete ticket" submitVariant="danger" onSubmit={() => undefined} onClose={() => undefined}>
    <Fields />
  </FormDialog>
);

export const Sending: Story = () => (
  <FormDialog holdWhilePending pending title="Refund a payment" submitLabel="Refund" submitVariant="danger" onSubmit={() => undefined} onClose={() => undefined}>
    <Fields />
  </FormDialog>
);

export const Refused: Story = () => (
  <FormDialog title="Update ticket #318" submitLabel="Save" error="The payments must add up to what was paid ($42.00)" onSubmit={() => undefined} onClose={() => undefined}>
    <Fields />
  </FormDialog>
);

export const Opened: Story = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Rename</Button>
      <FormDialog open={open} title="Rename the waiver" submitLabel="Rename" onSubmit={() => setOpen(false)} onClose={() => setOpen(false)}>
        <TextField label="Name" defaultValue="Color services" />
      </FormDialog>
    </>
  );
};
