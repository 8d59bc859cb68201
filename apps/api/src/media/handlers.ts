import { MEDIA_USE_LABEL, MESSAGES, mediaDisplayName, mediaEndpoints, mediaInUse } from '@salondesk/core';
import { and, eq } from 'drizzle-orm';
import { fileDownload } from '../http/file-download';
import { HttpError } from '../http/errors';
import { type HandlerContext, implement, businessOf } from '../http/registry';
import type { Executor } from '../db/executor';
import { checkUpload, makeRenditions } from './process';
import { isDemoImage, materializeDemoImage } from './demo';
import { loadImage, loadImages, loadTags, setImageTags, usagesOf } from './queries';
import { media, mediaRenditions, mediaTags } from './schema';
import { MEDIA_CACHE_CONTROL, type MediaObjectStore, mediaPrefix, renditionKey } from './store';
import { validMediaSignature } from './urls';

const imageNotFound = () => new HttpError(404, MESSAGES.mediaImageNotFound);

/** An image of the business's library, locked for the transaction's change, or a 404. */
async function lockImage(tx: Executor, businessId: number, imageId: number): Promise<{ id: number }> {
  const [row] = await tx.select({ id: media.id }).from(media).where(and(eq(media.business_id, businessId), eq(media.id, imageId))).for('update');
  if (!row) throw imageNotFound();
  return row;
}

async function imageOf(ctx: HandlerContext, businessId: number, mediaId: number | undefined) {
  const image = mediaId === undefined ? undefined : await loadImage(ctx.db, businessId, mediaId);
  if (!image) throw imageNotFound();
  return image;
}

/** Whether a database error is a foreign key refusing a delete (SQLSTATE 23503). */
const isForeignKeyViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23503') return true;
  return false;
};

export interface MediaHandlerOptions {
  /** The object store the renditions go to (`objectStore('media')`; tests: one on a temp dir). */
  store: MediaObjectStore;
}

/**
 * The media library's calls (core's `mediaEndpoints`). An upload is checked whole
 * (`checkUpload`) and its renditions made (`makeRenditions`) before anything is written: a
 * refused upload leaves no row and no object. Then one transaction writes the rows while the
 * objects go to the store; if anything fails, the objects written are removed again.
 */
export function mediaHandlers(options: MediaHandlerOptions) {
  const { store } = options;
  return [
    implement(mediaEndpoints.list, async ({ query }, ctx) => {
      const business = businessOf(ctx);
      const [images, tags] = await Promise.all([loadImages(ctx.db, business.id, query), loadTags(ctx.db, business.id)]);
      return { images, tags };
    }),

    implement(mediaEndpoints.upload, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const checked = await checkUpload(ctx.file);
      if (!checked.ok) throw new HttpError(checked.refusal.status, checked.refusal.message);
      const file = ctx.file as NonNullable<typeof ctx.file>;
      const made = await makeRenditions(file.bytes, checked.upload);
      if ('refusal' in made) throw new HttpError(made.refusal.status, made.refusal.message);

      let written: number | null = null;
      try {
        const mediaId = await ctx.db.transaction(async (tx) => {
          const [row] = await tx
            .insert(media)
            .values({
              business_id: business.id,
              name: body.name ?? mediaDisplayName(file.filename),
              filename: file.filename,
              content_type: checked.upload.type,
              width: checked.upload.width,
              height: checked.upload.height,
              bytes: file.bytes.length,
              sha256: made.sha256,
              created_by: ctx.auth?.user.id ?? null,
            })
            .returning({ id: media.id });
          if (!row) throw new Error('insert returned nothing');
          written = row.id;
          const files = made.files.map((f) => ({ ...f, key: renditionKey(business.id, row.id, f.rendition, f.extension) }));
          for (const f of files) await store.put(f.key, f.body, { contentType: f.contentType, cacheControl: MEDIA_CACHE_CONTROL });
          await tx.insert(mediaRenditions).values(
            files.map((f) => ({ media_id: row.id, rendition: f.rendition, key: f.key, content_type: f.contentType, width: f.width, height: f.height, bytes: f.body.length })),
          );
          await setImageTags(tx, business.id, row.id, body.tags ?? []);
          return row.id;
        });
        const image = await loadImage(ctx.db, business.id, mediaId);
        if (!image) throw new Error('the new image is gone');
        return image;
      } catch (error) {
        if (written !== null) {
          const prefix = mediaPrefix(business.id, written);
          await store.deletePrefix(prefix).catch((cause: unknown) => ctx.request.log.error({ err: cause, prefix }, 'Media: could not remove the objects of a failed upload'));
        }
        throw error;
      }
    }),

    /** Refused while the image is used anywhere ("used in"), naming the places; the foreign keys refuse it again if one is added meanwhile. */
    implement(mediaEndpoints.remove, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      try {
        await ctx.db.transaction(async (tx) => {
          const row = await lockImage(tx, business.id, body.imageId);
          const usages = (await usagesOf(tx, business.id, [row.id])).get(row.id) ?? [];
          if (usages.length > 0) throw new HttpError(409, mediaInUse(usages.map((u) => `${MEDIA_USE_LABEL[u.kind]}: ${u.name}`)));
          await tx.delete(media).where(eq(media.id, row.id));
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw new HttpError(409, mediaInUse(['another place']));
        throw error;
      }
      const prefix = mediaPrefix(business.id, body.imageId);
      await store.deletePrefix(prefix).catch((cause: unknown) => ctx.request.log.error({ err: cause, prefix }, 'Media: could not remove the objects of a deleted image'));
      return { id: body.imageId };
    }),

    implement(mediaEndpoints.rename, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await ctx.db
        .update(media)
        .set({ name: body.name })
        .where(and(eq(media.business_id, business.id), eq(media.id, body.imageId)))
        .returning({ id: media.id });
      return imageOf(ctx, business.id, row?.id);
    }),

    implement(mediaEndpoints.setTags, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      await ctx.db.transaction(async (tx) => {
        const row = await lockImage(tx, business.id, body.imageId);
        await setImageTags(tx, business.id, row.id, body.tags);
      });
      return imageOf(ctx, business.id, body.imageId);
    }),

    implement(mediaEndpoints.removeTag, async ({ body }, ctx) => {
      const business = businessOf(ctx);
      const [row] = await ctx.db
        .delete(mediaTags)
        .where(and(eq(mediaTags.business_id, business.id), eq(mediaTags.id, body.tagId)))
        .returning({ id: mediaTags.id });
      if (!row) throw new HttpError(404, MESSAGES.mediaTagNotFound);
      return { id: row.id };
    }),

    /** A rendition by its signed address (`mediaUrl`); a wrong signature is the same 404 as no image, so ids cannot be counted. */
    implement(mediaEndpoints.file, async ({ params, query }, ctx) => {
      if (!validMediaSignature(params.mediaId, params.rendition, query.s)) throw new HttpError(404, MESSAGES.mediaLinkInvalid);
      const [row] = await ctx.db
        .select()
        .from(mediaRenditions)
        .where(and(eq(mediaRenditions.media_id, params.mediaId), eq(mediaRenditions.rendition, params.rendition)))
        .limit(1);
      if (!row) throw new HttpError(404, MESSAGES.mediaLinkInvalid);
      let object = await store.get(row.key);
      if (!object) {
        // A demo image is drawn the first time it is asked for (media/demo.ts).
        const [image] = await ctx.db.select().from(media).where(eq(media.id, row.media_id)).limit(1);
        if (image && isDemoImage(image)) {
          await materializeDemoImage(ctx.db, store, image);
          object = await store.get(row.key);
        }
      }
      if (!object) throw new HttpError(404, MESSAGES.mediaLinkInvalid);
      ctx.reply.header('cache-control', MEDIA_CACHE_CONTROL);
      ctx.reply.header('content-length', String(object.size));
      ctx.reply.header('x-content-type-options', 'nosniff');
      return fileDownload({ filename: `image-${row.media_id}-${row.key.slice(row.key.lastIndexOf('/') + 1)}`, contentType: row.content_type, body: object.body });
    }),
  ];
}

