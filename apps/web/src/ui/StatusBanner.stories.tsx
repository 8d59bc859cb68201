import type { Story } from '@ladle/react';
import { StatusBanner } from './StatusBanner';

export const Offline: Story = () => <StatusBanner title="You are offline.">What is on screen may be out of date. It updates by itself when the connection is back.</StatusBanner>;

export const Neutral: Story = () => <StatusBanner tone="neutral" title="Maintenance tonight." />;
