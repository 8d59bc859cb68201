import { MEDIA_RENDITION } from '@salondesk/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/executor';

/**
 * The demo's media library (issue 18), in SQL: a photo for every staff member and an image for
 * every service category (its services use it), tagged, each used where it shows — so "used in"
 * has something to say. Only the rows are written here (quick; the seed has no object store): a
 * demo image's `sha256` is its recipe (`demo:staff:<staff id>`, `demo:category:<category id>`),
 * and its files are drawn with sharp the first time one is asked for (`media/demo.ts`), into
 * whichever store the server has.
 */
export async function seedMedia(tx: Executor, businessIds: readonly number[]): Promise<void> {
  const ids = sql.join(businessIds.map((id) => sql`${id}`), sql`, `);
  await tx.execute(sql`
    insert into media (business_id, name, filename, content_type, width, height, bytes, sha256, created_at)
    select s.business_id, s.full_name, 'staff-' || s.id || '.png', 'image/png', 600, 600, 0, 'demo:staff:' || s.id, now() - make_interval(days => 30 + s.id % 200)
    from staff s where s.business_id in (${ids}) and s.deleted_at is null
    union all
    select c.business_id, c.name, lower(regexp_replace(c.name, '[^A-Za-z0-9]+', '-', 'g')) || '.jpg', 'image/jpeg', 800, 600, 0, 'demo:category:' || c.id, now() - make_interval(days => 200 + c.id % 100)
    from categories c where c.business_id in (${ids}) and c.deleted_at is null and c.giftcard = 0
      and exists (select 1 from services sv where sv.category_id = c.id)
    order by 1, 8`);
  await tx.execute(sql`
    insert into media_renditions (media_id, rendition, key, content_type, width, height, bytes)
    select m.id, r.rendition,
      'b' || m.business_id || '/m' || m.id || '/' || r.rendition || '.' || case when r.rendition in ('webp', 'thumb') then 'webp' when m.content_type = 'image/png' then 'png' else 'jpg' end,
      case when r.rendition in ('webp', 'thumb') then 'image/webp' else m.content_type end,
      case when r.rendition = 'thumb' then 320 else m.width end,
      case when r.rendition = 'thumb' then 320 else m.height end,
      0
    from media m
    cross join (values (${MEDIA_RENDITION.ORIGINAL}), (${MEDIA_RENDITION.WEB}), (${MEDIA_RENDITION.WEBP}), (${MEDIA_RENDITION.THUMB})) as r(rendition)
    where m.business_id in (${ids}) and m.sha256 like 'demo:%'`);
  // Used where they show: the "used in" index follows through the triggers.
  await tx.execute(sql`update staff set photo_media_id = m.id from media m where m.sha256 = 'demo:staff:' || staff.id and staff.business_id in (${ids})`);
  await tx.execute(sql`update services set image_media_id = m.id from media m where m.sha256 = 'demo:category:' || services.category_id and services.business_id in (${ids})`);
  // Tags: "Staff" on the photos, "Services" and the category's name on the category images.
  await tx.execute(sql`
    insert into media_tags (business_id, name)
    select b.id, t.name from businesses b cross join (values ('Staff'), ('Services')) as t(name) where b.id in (${ids})
    union
    select c.business_id, c.name from categories c join media m on m.sha256 = 'demo:category:' || c.id
    on conflict do nothing`);
  await tx.execute(sql`
    insert into media_tag_links (media_id, tag_id)
    select m.id, t.id from media m join media_tags t on t.business_id = m.business_id
    where m.business_id in (${ids}) and (
      (m.sha256 like 'demo:staff:%' and t.name = 'Staff')
      or (m.sha256 like 'demo:category:%' and (t.name = 'Services' or lower(t.name) = lower(m.name))))
    on conflict do nothing`);
}
