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

export const Wide: Story = () => (
  <Modal
    open
    size="wide"
    onClose={() => undefined}
    title="Timesheet of Mon, Nov 2, 2026"
    description="Every slot of the day, saved at once with a reason."
    actions={
      <>
        <Button>Save 1 corrected</Button>
        <Button variant="ghost">Cancel</Button>
      </>
    }
  >
    <p className="text-sm text-slate-700">Rows of slots go here; the dialog scrolls inside when they are taller than the screen.</p>
  </Modal>
);
