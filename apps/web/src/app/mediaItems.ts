import { MEDIA_LIMITS, MEDIA_TYPE_LABEL, MEDIA_USE_LABEL, type MediaImage } from '@salondesk/core';
import type { MediaGridItem } from '../ui/MediaGrid';

/** An image of the library as the grid shows it: its thumbnail and where it is used, named. */
export const mediaGridItem = (image: MediaImage): MediaGridItem => ({
  id: image.id,
  name: image.name,
  thumbUrl: image.renditions.find((r) => r.rendition === 'thumb')?.url,
  tags: image.tags,
  usedIn: image.usedIn.map((u) => `${MEDIA_USE_LABEL[u.kind]}: ${u.name}`),
});

/** What the upload area says it takes. */
export const MEDIA_UPLOAD_HINT = `${Object.values(MEDIA_TYPE_LABEL).join(', ')} · at most ${MEDIA_LIMITS.maxBytes / (1024 * 1024)} MB each. Photos lose their location and camera data.`;
