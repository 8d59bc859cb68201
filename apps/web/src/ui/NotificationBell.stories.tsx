import type { Story } from '@ladle/react';
import { NotificationBell } from './NotificationBell';
import { sampleNotifications } from './NotificationList.stories';

const frame = (children: React.ReactNode) => <div className="flex h-96 justify-end p-4">{children}</div>;

export const WithUnread: Story = () =>
  frame(<NotificationBell unread={2} items={sampleNotifications} connection="Live" onMarkAllRead={() => undefined} footer={<a href="#all" className="text-xs font-medium text-brand-700">All notifications</a>} />);

export const Empty: Story = () => frame(<NotificationBell unread={0} items={[]} connection="Live" onMarkAllRead={() => undefined} />);

export const Loading: Story = () => frame(<NotificationBell unread={0} items={undefined} connection="Connecting…" onMarkAllRead={() => undefined} />);

export const Failed: Story = () =>
  frame(<NotificationBell unread={0} items={undefined} error="The notifications could not be loaded. Try again." onRetry={() => undefined} onMarkAllRead={() => undefined} />);

export const ManyUnread: Story = () => frame(<NotificationBell unread={140} items={sampleNotifications} onMarkAllRead={() => undefined} />);
