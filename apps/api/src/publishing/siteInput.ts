import { CURRENCY_SYMBOL, type Currency, type SiteKind, siteUrl, staffDisplayNames } from '@salondesk/core';
import { and, asc, desc, eq, inArray, isNull, isNotNull } from 'drizzle-orm';
import { categories, services } from '../catalogue/schema';
import { businesses } from '../db/schema';
import { staff } from '../staff/schema';
import { shortLinks } from '../epay/schema';
import { businessHours } from '../settings/schema';
import type { Executor } from '../db/executor';
import type { MediaObjectStore } from '../media/store';
import type { SiteImage, SiteInput } from './files';
import { imageKey, siteImages, type WantedImage } from './siteImages';
import { siteVersions } from './schema';
import type { SiteAddresses, VersionRow } from './versions';

/** Categories and services the public sees: active, in-salon only and seasonal ones; never hidden, inactive or the prepaid kinds. */
const SHOWN_CATEGORY_STATUSES = [0, 2, 4];
const SHOWN_SERVICE_STATUSES = [0, 2];

/** A site's input, and the library images it could not copy (their files are missing or broken: shown as no image). */
export type LoadedSiteInput = SiteInput & { imagesLeftOut: number[] };

/**
 * What a renderer draws from, read from the business's own data: name, address, phone, hours (the
 * Business Hours group), services by category (with their images), staff visible in appointments
 * (by display name, with their photos), booking links (short links), translation data (the
 * currency symbol) and currency. The images are copied from the media library (`media`) into the
 * version's files (`siteImages`).
 */
export async function loadSiteInput(
  db: Executor,
  version: Pick<VersionRow, 'id' | 'number' | 'business_id' | 'kind'>,
  options: { addresses: SiteAddresses; publicUrl: string; now: Date; media: MediaObjectStore },
): Promise<LoadedSiteInput> {
  const [business] = await db.select().from(businesses).where(eq(businesses.id, version.business_id));
  if (!business) throw new Error(`No business ${version.business_id}`);
  if (!business.webcode) throw new Error(`Business ${business.id} has no site code`);
  const info = business.info as { address?: string; phone?: string; currency?: string; translationData?: { currencySymbol?: string; language?: string } };
  const currency = (info.currency ?? 'USD') as Currency;

  const hours = await db.select().from(businessHours).where(eq(businessHours.business_id, business.id)).orderBy(asc(businessHours.dow));
  const categoryRows = await db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .where(and(eq(categories.business_id, business.id), isNull(categories.deleted_at), inArray(categories.categorystatus, SHOWN_CATEGORY_STATUSES), eq(categories.giftcard, 0)))
    .orderBy(asc(categories.order), asc(categories.name), asc(categories.id));
  const serviceRows = await db
    .select({
      id: services.id,
      category_id: services.category_id,
      name: services.name,
      price: services.price,
      duration: services.duration_minutes,
      status: services.servicestatus,
      attributes: services.attributes,
      image_media_id: services.image_media_id,
    })
    .from(services)
    .where(and(eq(services.business_id, business.id), isNull(services.deleted_at), inArray(services.servicestatus, SHOWN_SERVICE_STATUSES), eq(services.giftcard, 0)))
    .orderBy(asc(services.order), asc(services.name), asc(services.id));
  const links = await db
    .select({ code: shortLinks.code, service_id: shortLinks.service_id })
    .from(shortLinks)
    .where(and(eq(shortLinks.business_id, business.id), isNotNull(shortLinks.service_id)))
    .orderBy(desc(shortLinks.visits), asc(shortLinks.id));
  const base = options.publicUrl.replace(/\/+$/, '');
  const linkOf = new Map<number, string>();
  for (const link of links) if (link.service_id !== null && !linkOf.has(link.service_id)) linkOf.set(link.service_id, `${base}/s/${link.code}`);

  const roster = await db
    .select({
      id: staff.id,
      name: staff.name,
      nickname: staff.nickname,
      full_name: staff.full_name,
      visible: staff.visible_in_appointment,
      status: staff.status,
      deleted_at: staff.deleted_at,
      attributes: staff.attributes,
      order: staff.order,
      photo_media_id: staff.photo_media_id,
    })
    .from(staff)
    .where(eq(staff.business_id, business.id))
    .orderBy(asc(staff.order), asc(staff.name), asc(staff.id));
  const names = staffDisplayNames(roster);
  const shownStaff = roster.filter((m) => m.visible && m.deleted_at === null && m.status === 'ACTIVE');
  const shownCategories = new Set(categoryRows.map((c) => c.id));

  // The photos and images the pages show, copied into the version.
  const wanted: WantedImage[] = [
    ...shownStaff.filter((m) => m.photo_media_id !== null).map((m) => ({ mediaId: m.photo_media_id as number, use: 'staff' as const })),
    ...serviceRows.filter((s) => s.image_media_id !== null && shownCategories.has(s.category_id)).map((s) => ({ mediaId: s.image_media_id as number, use: 'service' as const })),
  ];
  const copied = await siteImages(db, options.media, business.id, wanted);
  const imageOf = (mediaId: number | null, use: WantedImage['use'], alt: string): SiteImage | null => {
    const found = mediaId === null ? undefined : copied.images.get(imageKey({ mediaId, use }));
    return found ? { ...found, alt } : null;
  };

  const kindUrl = (kind: SiteKind) => siteUrl(options.addresses.siteBase, business.webcode!, kind);
  const live = await db
    .select({ kind: siteVersions.kind })
    .from(siteVersions)
    .where(and(eq(siteVersions.business_id, business.id), eq(siteVersions.status, 'live')));
  const shown = (kind: SiteKind) => (kind === version.kind || live.some((l) => l.kind === kind) ? kindUrl(kind) : null);
  return {
    business: {
      id: business.id,
      name: business.name,
      webcode: business.webcode,
      address: info.address?.trim() || null,
      phone: info.phone?.trim() || null,
      timezone: business.timezone,
      currency,
      currencySymbol: info.translationData?.currencySymbol ?? CURRENCY_SYMBOL[currency] ?? currency,
      language: typeof info.translationData?.language === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(info.translationData.language) ? info.translationData.language : 'en',
    },
    hours: Array.from({ length: 7 }, (_, dow) => {
      const row = hours.find((h) => h.dow === dow);
      return row ? { dow, open: row.open, start: row.start, end: row.end } : { dow, open: false, start: '00:00', end: '00:00' };
    }),
    categories: categoryRows
      .map((category) => ({
        id: category.id,
        name: category.name,
        services: serviceRows
          .filter((s) => s.category_id === category.id)
          .map((s) => {
            const description = typeof s.attributes.description === 'string' && s.attributes.description.trim() !== '' ? s.attributes.description.trim() : null;
            return {
              id: s.id,
              name: s.name,
              description,
              priceCents: s.price,
              durationMinutes: s.duration > 0 ? s.duration : null,
              image: imageOf(s.image_media_id, 'service', s.name),
              bookingUrl: s.status === 0 ? (linkOf.get(s.id) ?? null) : null,
            };
          }),
      }))
      .filter((c) => c.services.length > 0),
    staff: shownStaff.map((m) => {
      const displayName = names.get(m.id) ?? m.full_name;
      return {
        id: m.id,
        displayName,
        title: typeof m.attributes.title === 'string' && m.attributes.title.trim() !== '' ? m.attributes.title.trim() : null,
        // Named as the dashboard names a photo.
        photo: imageOf(m.photo_media_id, 'staff', `Photo of ${displayName}`),
      };
    }),
    images: copied.files,
    imagesLeftOut: copied.leftOut,
    // The business's most visited booking short link: it leads to its booking page (spec 001 Epay).
    bookingUrl: links[0] ? `${base}/s/${links[0].code}` : null,
    siteUrl: kindUrl(version.kind as SiteKind),
    websiteUrl: shown('website'),
    appUrl: shown('app'),
    version: { id: version.id, number: version.number },
    builtAt: options.now,
  };
}
