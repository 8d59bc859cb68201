import { type MediaImage } from '@salondesk/core';
import { useUploadImage } from '@salondesk/react';
import { useState } from 'react';
import type { UploadItem } from '../ui/UploadDropZone';

/**
 * Uploads files one after the other with their progress, for `ui/UploadDropZone`: each file's
 * line says how far it is, then "Uploaded", or the server's reason for refusing it.
 */
export function useImageUploads(businessId: number, onUploaded?: (image: MediaImage) => void) {
  const upload = useUploadImage(businessId);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const patch = (key: string, change: Partial<UploadItem>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  const start = async (files: readonly File[]) => {
    const batch = files.map((file, i) => ({ file, item: { key: `${Date.now()}-${i}-${file.name}`, name: file.name, progress: 0, status: 'uploading' as const } }));
    setUploads((all) => [...batch.map((b) => b.item), ...all].slice(0, 20));
    for (const { file, item } of batch) {
      try {
        const image = await upload.mutateAsync({ file, onProgress: (sent, total) => patch(item.key, { progress: total > 0 ? sent / total : 0 }) });
        patch(item.key, { progress: 1, status: 'done' });
        onUploaded?.(image);
      } catch (error) {
        patch(item.key, { status: 'error', message: error instanceof Error ? error.message : String(error) });
      }
    }
  };
  return { uploads, start, busy: upload.isPending };
}
