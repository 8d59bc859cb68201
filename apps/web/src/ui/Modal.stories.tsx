import type { Story } from '@ladle/react';
import { useState } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

export const NoBusinessPermission: Story = () => (
  <Modal
    open
    role="alertdialog"
    title="No Business Permission"
    description="You do not have permission to access this busines information."
    actions={
      <>
        <Button variant="secondary">Switch Account</Button>
        <Button>Stay in current business</Button>
      </>
    }
  />
);

export const Dismissible: Story = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Preview website</Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Preview Website"
        description="Please wait... Your website will be ready in few minutes."
        actions={<Button onClick={() => setOpen(false)}>Close</Button>}
      />
    </>
  );
};
