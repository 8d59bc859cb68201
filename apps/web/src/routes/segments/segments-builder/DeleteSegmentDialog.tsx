import { MESSAGES, type Segment } from '@salondesk/core';
import { useSegmentMutations } from '@salondesk/react';
import { useNavigate } from 'react-router-dom';
import { toasts } from '../../../app/toasts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

/** "Delete …?": the segment goes; its clients and their tickets stay. */
export function DeleteSegmentDialog({ businessId, segment, onClose }: { businessId: number; segment: Segment; onClose: () => void }) {
  const navigate = useNavigate();
  const { remove } = useSegmentMutations(businessId);
  return (
    <ConfirmDialog
      title={`Delete ${segment.name}?`}
      description="The segment goes; its clients and their tickets stay as they are."
      confirmLabel="Delete"
      cancelLabel="Cancel"
      pending={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        remove.mutate(segment.id, {
          onSuccess: () => {
            toasts.success(MESSAGES.segmentDeleted);
            navigate(`/${businessId}/segments`);
          },
          onError: (error) => toasts.error(error.message),
        })
      }
    />
  );
}
