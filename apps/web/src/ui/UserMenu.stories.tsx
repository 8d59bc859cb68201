import type { Story } from '@ladle/react';
import { UserMenu } from './UserMenu';

export const Default: Story = () => (
  <div className="flex h-60 justify-end">
    <UserMenu name="Olivia Owner" email="owner@salondesk.demo" role="Owner" onLogout={() => undefined} />
  </div>
);
