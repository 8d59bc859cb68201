import { MESSAGES } from '@salondesk/core';
import { useMediaLibrary } from '@salondesk/react';
import { useState } from 'react';
import { Button } from '../ui/Button';
import { EmptyState } from '../ui/EmptyState';
import { MediaGrid } from '../ui/MediaGrid';
import { Modal } from '../ui/Modal';
import { Skeleton } from '../ui/Skeleton';
import { TextField } from '../ui/TextField';
import { UploadDropZone } from '../ui/UploadDropZone';
import { LoadError } from './LoadError';
import { MEDIA_UPLOAD_HINT, mediaGridItem } from './mediaItems';
import { useImageUploads } from './useImageUploads';

export interface MediaPickerProps {
  businessId: number;
  open: boolean;
  title: string;
  /** The image chosen now, if any. */
  currentId: number | null;
  /** May upload a new image here too (`setting.editsetting`). */
  mayUpload: boolean;
  onChoose: (imageId: number) => void;
  onClose: () => void;
  /** Saving the choice is under way. */
  saving?: boolean;
}

/**
 * Chooses an image from the business's media library (a staff photo, a service image): the grid,
 * a search by name, and — for those who may — an upload whose image is then chosen.
 */
export function MediaPicker({ businessId, open, title, currentId, mayUpload, onChoose, onClose, saving }: MediaPickerProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(currentId);
  const library = useMediaLibrary(open ? businessId : 0, { search: search.trim() || undefined });
  const uploads = useImageUploads(businessId, (image) => setChosen(image.id));
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="wide"
      actions={
        <>
          <Button disabled={chosen === null || chosen === currentId} loading={saving} onClick={() => chosen !== null && onChoose(chosen)}>
            Use this image
          </Button>
          <Button variant="ghost" onClick={onClose}>Cancel</Button>
        </>
      }
    >
      <div className="space-y-4">
        {mayUpload ? <UploadDropZone hint={MEDIA_UPLOAD_HINT} uploads={uploads.uploads} onFiles={(files) => void uploads.start(files)} /> : null}
        <TextField label="Search by name" value={search} onChange={(e) => setSearch(e.target.value)} />
        {library.isError ? (
          <LoadError error={library.error} fallback={MESSAGES.failedToFetchDataBang} onRetry={() => void library.refetch()} headingLevel={3} />
        ) : !library.data ? (
          <Skeleton className="h-40 w-full" />
        ) : library.data.images.length === 0 ? (
          <EmptyState headingLevel={3} title={MESSAGES.noImagesFound} />
        ) : (
          <MediaGrid label="Images of the library" verb="Choose" items={library.data.images.map(mediaGridItem)} selectedId={chosen} onChoose={setChosen} />
        )}
      </div>
    </Modal>
  );
}
