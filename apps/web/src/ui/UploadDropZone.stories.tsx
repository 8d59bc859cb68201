import type { Story } from '@ladle/react';
import { UploadDropZone } from './UploadDropZone';

const hint = 'JPEG, PNG, WebP or GIF, at most 20 MB each.';

export const Empty: Story = () => <UploadDropZone hint={hint} uploads={[]} onFiles={() => {}} />;
export const Uploading: Story = () => (
  <UploadDropZone
    hint={hint}
    onFiles={() => {}}
    uploads={[
      { key: 'a', name: 'Ava at the salon.jpg', progress: 0.42, status: 'uploading' },
      { key: 'b', name: 'logo.png', progress: 1, status: 'done' },
      { key: 'c', name: 'logo.svg', progress: 1, status: 'error', message: 'SVG images are not accepted (they can carry scripts): upload a JPEG, PNG, WebP or GIF.' },
    ]}
  />
);
