import type { Story } from '@ladle/react';
import { AppHeader } from './AppHeader';
import { BusinessSwitcher } from './BusinessSwitcher';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

export const Dashboard: Story = () => (
  <div className="-m-6 h-80">
    <AppHeader
      brand={<Logo />}
      center={
        <BusinessSwitcher
          businesses={[
            { id: 12, name: 'Luxe Los Angeles', detail: 'America/Los_Angeles' },
            { id: 13, name: 'Luxe Denver', detail: 'America/Denver' },
          ]}
          value={12}
          onChange={() => undefined}
        />
      }
      end={<UserMenu name="Olivia Owner" email="owner@salondesk.demo" role="Owner" onLogout={() => undefined} />}
    />
  </div>
);
