import type { Story } from '@ladle/react';
import { NotificationList, type NotificationListItem } from './NotificationList';

export const sampleNotifications: NotificationListItem[] = [
  { id: 3, title: 'Message from Ada Admin', body: 'Maintenance tonight from 22:00 to 23:00 UTC.', createdAt: '2026-03-02T09:15:00Z', read: false, tag: 'Message' },
  {
    id: 2,
    title: 'Sign-in locked',
    body: 'Sign-in locked for the account frontdesk after 10 wrong passwords in 15 minutes. It reopens 15 minutes after the last try.',
    createdAt: '2026-03-02T08:02:00Z',
    read: false,
    tag: 'Security',
    alert: true,
  },
  { id: 1, title: 'Message from Ben Admin', body: 'New location goes live on Monday.', createdAt: '2026-03-01T17:40:00Z', read: true, tag: 'Message' },
];

export const Default: Story = () => (
  <div className="max-w-xl rounded-xl bg-white ring-1 ring-slate-200">
    <NotificationList items={sampleNotifications} onMarkRead={() => undefined} />
  </div>
);

export const Compact: Story = () => (
  <div className="w-96 rounded-xl bg-white ring-1 ring-slate-200">
    <NotificationList items={sampleNotifications} compact />
  </div>
);
