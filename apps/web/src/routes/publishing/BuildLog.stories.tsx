import type { Story } from '@ladle/react';
import { BuildLog, type BuildLogEntry } from './BuildLog';

const entries: BuildLogEntry[] = [
  { id: '1', label: 'Queued', tone: 'neutral', message: 'Website version 5 queued by Olivia Park', when: '10:02:11 AM', at: '2026-10-02T17:02:11Z' },
  { id: '2', label: 'Building', tone: 'info', message: 'Rendering 14 pages', when: '10:02:12 AM', at: '2026-10-02T17:02:12Z' },
  { id: '3', label: 'Ready', tone: 'info', message: '', when: '10:02:15 AM', at: '2026-10-02T17:02:15Z' },
  { id: '4', label: 'Live', tone: 'success', message: 'https://luxe-los-angeles.salondesk.example/', when: '10:02:16 AM', at: '2026-10-02T17:02:16Z' },
];

export const Finished: Story = () => <BuildLog label="Build log of version 5" status="ready" entries={entries} />;
export const Running: Story = () => <BuildLog label="Build log of version 5" status="ready" entries={entries.slice(0, 2)} running />;
export const Failed: Story = () => (
  <BuildLog
    label="Build log of version 6"
    status="ready"
    entries={[entries[0]!, entries[1]!, { id: '3', label: 'Failed', tone: 'danger', message: 'The template could not be rendered', when: '10:04:01 AM', at: '2026-10-02T17:04:01Z' }]}
  />
);
export const Loading: Story = () => <BuildLog label="Build log" status="loading" entries={[]} />;
export const LoadFailed: Story = () => <BuildLog label="Build log" status="error" entries={[]} error="Ooops Something went wrong" onRetry={() => undefined} />;
