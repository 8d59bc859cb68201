import { type MediaImage, MESSAGES } from '@salondesk/core';
import { fail, ok } from '@salondesk/core/testing';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeProvider } from './testing/fakeProvider';
import { useChooseStaffPhoto, useMediaLibrary, useUploadImage } from './useMedia';

const image = (id: number, usedIn: MediaImage['usedIn'] = []): MediaImage => ({
  id,
  business_id: 3,
  name: `Image ${id}`,
  filename: `image-${id}.jpg`,
  contentType: 'image/jpeg',
  width: 800,
  height: 600,
  bytes: 12_345,
  created_at: '2026-11-02T17:00:00.000Z',
  tags: ['Staff'],
  renditions: [{ rendition: 'thumb', url: `/media/file/${id}/thumb?s=abc`, contentType: 'image/webp', width: 320, height: 320, bytes: 4000 }],
  usedIn,
});

describe('media hooks', () => {
  it('a staff photo chosen from the library refetches the library, whose image now says where it is used', async () => {
    let photo: number | null = null;
    const { wrapper, api } = fakeProvider({
      'GET /media/business/3/getallimages': () => ok({ images: [image(5, photo === 5 ? [{ kind: 'staff', refId: 9, name: 'Ava B.' }] : [])], tags: [] }),
      'POST /protected/business/3/staff/9/property/update': async (request) => {
        const body = (await request.json()) as { key: string; value: number | null };
        photo = body.value;
        return ok({ id: 9, business_id: 3, username: null, name: 'Ava', nickname: null, full_name: 'Ava Bennett', display_name: 'Ava B.', status: 'ACTIVE', order: 1, attributes: {}, visible_in_appointment: true, deleted: false, deleted_at: null, acl: { blocks: [], units: {}, restrictions: [] }, photo_media_id: photo, photo_url: null });
      },
    });
    const { result } = renderHook(() => ({ library: useMediaLibrary(3), choose: useChooseStaffPhoto(3) }), { wrapper });
    await waitFor(() => expect(result.current.library.data?.images[0]?.usedIn).toEqual([]));
    await act(() => result.current.choose.mutateAsync({ staffId: 9, imageId: 5 }));
    await waitFor(() => expect(result.current.library.data?.images[0]?.usedIn).toEqual([{ kind: 'staff', refId: 9, name: 'Ava B.' }]));
    expect(api.calls.filter((c) => c.startsWith('GET /media')).length).toBe(2);
  });

  it('uploads a file as a multipart form with its fields, and gives the server’s refusal as it is', async () => {
    const seen: { name: string | null; tags: string | null; bytes: number | null }[] = [];
    let refuse = false;
    const { wrapper } = fakeProvider({
      'GET /media/business/3/getallimages': () => ok({ images: [], tags: [] }),
      'POST /media/business/3/uploader': async (request) => {
        const form = await request.formData();
        const file = form.get('file');
        seen.push({ name: form.get('name') as string | null, tags: form.get('tags') as string | null, bytes: typeof file === 'object' && file !== null ? (file as Blob).size : null });
        return refuse ? fail(413, MESSAGES.mediaFileTooLarge) : ok(image(6));
      },
    });
    const { result } = renderHook(() => useUploadImage(3), { wrapper });
    const progress: number[] = [];
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'Ava.jpg', { type: 'image/jpeg' });
    const saved = await act(() => result.current.mutateAsync({ file, fields: { name: 'Ava', tags: 'Staff' }, onProgress: (sent) => progress.push(sent) }));
    expect(saved.id).toBe(6);
    // (jsdom's FormData loses a file's name on its way into Node's Request; the journey checks names in a real browser.)
    expect(seen).toEqual([{ name: 'Ava', tags: 'Staff', bytes: 3 }]);
    expect(progress).toEqual([3]);
    refuse = true;
    await expect(act(() => result.current.mutateAsync({ file }))).rejects.toMatchObject({ status: 413, message: MESSAGES.mediaFileTooLarge });
  });
});
