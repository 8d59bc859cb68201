import { eq } from 'drizzle-orm';
import type { Executor } from '../db/executor';
import { checkUpload, makeRenditions } from './process';
import { sampleImage } from './samples';
import { type media, mediaRenditions } from './schema';
import { MEDIA_CACHE_CONTROL, type MediaObjectStore } from './store';

type MediaRow = typeof media.$inferSelect;

const DEMO_RECIPE = /^demo:(staff|category):(\d+)$/;

/** Whether an image is one of the demo's (its `sha256` holds its recipe: `demo/seed-media.ts`). */
export const isDemoImage = (row: Pick<MediaRow, 'sha256'>): boolean => DEMO_RECIPE.test(row.sha256);

/**
 * Draws a demo image and puts its renditions into the store under the keys the seed gave them,
 * through the same checks and renditions as an upload (the rows are left as seeded: a GET writes
 * nothing to the database; a demo image's sizes read 0). Called when
 * a demo image's file is asked for and the store does not have it (a new data folder, a test's
 * store, a fresh bucket). The drawing is deterministic, so two at once write the same objects.
 */
export async function materializeDemoImage(db: Executor, store: MediaObjectStore, row: MediaRow): Promise<void> {
  const match = DEMO_RECIPE.exec(row.sha256);
  if (!match) throw new Error(`media ${row.id} is not a demo image`);
  const [, kind, ref] = match;
  const hue = (Number(ref) * 47) % 360;
  const bytes =
    kind === 'staff'
      ? await sampleImage('png', { width: row.width, height: row.height, hue, subject: 'portrait' })
      : await sampleImage('jpeg', { width: row.width, height: row.height, hue, subject: 'still' });
  const checked = await checkUpload({ filename: row.filename, bytes });
  if (!checked.ok) throw new Error(`the demo image ${row.id} does not pass the upload checks: ${checked.refusal.message}`);
  const made = await makeRenditions(bytes, checked.upload);
  if ('refusal' in made) throw new Error(`the demo image ${row.id} could not be drawn: ${made.refusal.message}`);
  const keys = new Map((await db.select().from(mediaRenditions).where(eq(mediaRenditions.media_id, row.id))).map((r) => [r.rendition, r.key]));
  for (const file of made.files) {
    const key = keys.get(file.rendition);
    if (key) await store.put(key, file.body, { contentType: file.contentType, cacheControl: MEDIA_CACHE_CONTROL });
  }
}
