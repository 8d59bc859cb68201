import type { Story } from '@ladle/react';
import { Toast } from './Toast';

export const Tones: Story = () => (
  <div className="max-w-sm space-y-3">
    <Toast tone="success" message="Sucessfully Logged In" onDismiss={() => undefined} />
    <Toast tone="error" message="Failed to fetch business data" onDismiss={() => undefined} />
    <Toast tone="info" message="Please wait... Your website will be ready in few minutes." />
  </div>
);
