import type { Story } from '@ladle/react';
import { FormActions } from './FormActions';
import { TextField } from './TextField';

const Form = (props: Partial<Parameters<typeof FormActions>[0]>) => (
  <form className="max-w-md space-y-4" onSubmit={(e) => e.preventDefault()}>
    <TextField label="Reason" defaultValue="Entered twice" />
    <FormActions submitLabel="Remove the finance" onCancel={() => undefined} {...props} />
  </form>
);

export const Default: Story = () => <Form />;
export const Sending: Story = () => <Form pending />;
export const Refused: Story = () => <Form submitVariant="danger" error="This shift is closed: its finances change only after a manager reopens it." />;
