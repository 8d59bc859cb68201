import type { Story } from '@ladle/react';
import { MediaGrid, type MediaGridItem } from './MediaGrid';

const swatch = (hue: number) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320"><rect width="320" height="320" fill="hsl(${hue},55%,65%)"/><circle cx="160" cy="135" r="64" fill="hsl(${(hue + 180) % 360},40%,88%)"/></svg>`)}`;

const items: MediaGridItem[] = [
  { id: 1, name: 'Ava Bennett', thumbUrl: swatch(20), tags: ['Staff'], usedIn: ['Staff photo: Ava B.'] },
  { id: 2, name: 'Hair', thumbUrl: swatch(200), tags: ['Services', 'Hair'], usedIn: ['Service image: Balayage', 'Service image: Cut & style'] },
  { id: 3, name: 'Summer window display with a very long name that is cut', thumbUrl: swatch(300), tags: [], usedIn: [] },
];

export const Library: Story = () => <MediaGrid label="Images" items={items} onChoose={() => {}} />;
export const Picker: Story = () => <MediaGrid label="Choose a photo" verb="Choose" items={items} selectedId={1} onChoose={() => {}} />;
