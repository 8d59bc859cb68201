import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { MESSAGES, mediaNameTypeMismatch } from '../messages';
import { MEDIA_LIMITS, MEDIA_TYPE, mediaTagList, mediaUploadFields } from '../models/media';
import { extensionOf, mediaDisplayName, mediaExtensionProblem, mediaFileNameProblem } from './media';

describe('media upload rules', () => {
  it('refuses names with folders, .., control characters, or too long; takes plain ones', () => {
    for (const name of ['../../etc/passwd', '..\\..\\boot.ini', 'a/b.jpg', 'photo..jpg', 'a\u0000.jpg', 'line\nbreak.png', 'tab\t.png', 'del\u007f.png']) {
      expect(mediaFileNameProblem(name), JSON.stringify(name)).toBe(MESSAGES.mediaBadFileName);
    }
    expect(mediaFileNameProblem(`${'a'.repeat(252)}.jpg`)).toBe(MESSAGES.mediaFileNameTooLong);
    expect(mediaFileNameProblem('   ')).toBe(MESSAGES.mediaFileMissing);
    for (const name of ['photo.jpg', 'Ava at the salon.JPG', 'café.png', '💇 team.webp', 'no-extension', `${'a'.repeat(251)}.jpg`]) expect(mediaFileNameProblem(name), name).toBeNull();
  });

  test.prop([fc.string({ unit: 'binary', maxLength: 300 })])('a name it takes has no folder, no .., no control character and at most 255 characters', (name) => {
    if (mediaFileNameProblem(name) !== null) return;
    expect(name.includes('/') || name.includes('\\') || name.includes('..')).toBe(false);
    expect(/[\u0000-\u001f\u007f-\u009f]/.test(name)).toBe(false);
    expect([...name].length).toBeLessThanOrEqual(MEDIA_LIMITS.maxFileName);
  });

  it('holds a name to the type the bytes show: a PNG named .jpg is refused, a name without extension is fine', () => {
    expect(mediaExtensionProblem('photo.jpg', MEDIA_TYPE.PNG)).toBe(mediaNameTypeMismatch('PNG', 'jpg', 'png'));
    expect(mediaExtensionProblem('photo.JPEG', MEDIA_TYPE.JPEG)).toBeNull();
    expect(mediaExtensionProblem('photo', MEDIA_TYPE.GIF)).toBeNull();
    expect(mediaExtensionProblem('cat.png', MEDIA_TYPE.WEBP)).toBe(mediaNameTypeMismatch('WebP', 'png', 'webp'));
    expect(mediaExtensionProblem('.profile', MEDIA_TYPE.PNG)).toBeNull();
    expect(extensionOf('a.tar.GZ')).toBe('gz');
  });

  it('names an upload after its file', () => {
    expect(mediaDisplayName('Ava_at  the salon.JPG')).toBe('Ava at the salon');
    expect(mediaDisplayName('.jpg')).toBe('.jpg');
    expect(mediaDisplayName('___.png')).toBe('Image');
    expect([...mediaDisplayName(`${'é'.repeat(300)}.png`)].length).toBe(MEDIA_LIMITS.maxName);
  });

  test.prop([fc.array(fc.string({ maxLength: 12 }), { maxLength: 10 })])('tags typed with commas: trimmed, none empty, each once whatever its case', (parts) => {
    const tags = mediaTagList(parts.join(','));
    expect(tags.every((t) => t === t.trim() && t !== '')).toBe(true);
    expect(new Set(tags.map((t) => t.toLowerCase())).size).toBe(tags.length);
    expect(mediaTagList(tags.join(', '))).toEqual(tags);
  });

  it('takes the uploader’s tags as one text and checks each', () => {
    expect(mediaUploadFields.parse({ tags: 'Team, staff ,team,' })).toEqual({ tags: ['Team', 'staff'] });
    expect(mediaUploadFields.safeParse({ tags: 'x'.repeat(41) }).success).toBe(false);
    expect(mediaUploadFields.safeParse({ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }).success).toBe(false);
  });
});
