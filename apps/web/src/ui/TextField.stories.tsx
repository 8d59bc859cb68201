import type { Story } from '@ladle/react';
import { TextField } from './TextField';

export const Default: Story = () => (
  <div className="max-w-sm space-y-5">
    <TextField label="Username or email" name="username" autoComplete="username" />
    <TextField label="Password" name="password" type="password" autoComplete="current-password" />
  </div>
);

export const WithHintAndError: Story = () => (
  <div className="max-w-sm space-y-5">
    <TextField label="Email" hint="We send receipts here." placeholder="owner@example.com" />
    <TextField label="Username or email" error="Incorrect username or password." defaultValue="owner" />
  </div>
);

export const Disabled: Story = () => <TextField className="max-w-sm" label="Business ID" disabled defaultValue="12" />;
