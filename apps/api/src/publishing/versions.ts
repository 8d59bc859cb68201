import { randomBytes } from 'node:crypto';
import {
  type BuildLogEntry,
  type BuildStep,
  isWebcode,
  PREVIEW_LINK_HOURS,
  previewUrl,
  type SiteKind,
  type SiteVersion,
  type SiteVersionList,
  type SiteVersionStatus,
  siteUrl,
  versionsToPrune,
  VERSIONS_KEPT,
  webcodeFrom,
} from '@salondesk/core';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { businesses, users } from '../db/schema';
import type { ObjectStore } from '../storage';
import type { Executor } from '../db/executor';
import { siteBuildLog, sitePreviews, siteVersions } from './schema';

export type VersionRow = typeof siteVersions.$inferSelect;

/** Where sites are reached: the API's own address (`/sites/…` under it), or a CDN in front of the bucket. */
export interface SiteAddresses {
  /** The base of live sites: `{base}/sites/{webcode}/`. */
  siteBase: string;
  /** The base of previews (always the API, which checks the token): `{base}/sites/adminpreview/{token}/`. */
  previewBase: string;
}

/** The objects of a version in the `sites` store. */
export const versionPrefix = (v: Pick<VersionRow, 'business_id' | 'kind' | 'id'>): string => `${v.business_id}/${v.kind}/${v.id}/`;

/** Serialises numbering and going live per business (both kinds: a cheap lock, rarely contended). */
export const lockSites = (tx: Executor, businessId: number) => tx.execute(sql`select pg_advisory_xact_lock(17017, ${businessId})`);

/**
 * The business's site code, given at its first publish: `info.webcode`, `info.code` or its name
 * made into a code (core's `webcodeFrom`), with `-2`, `-3`, … when another business has it.
 */
export async function ensureWebcode(db: Database, businessId: number): Promise<string> {
  const [row] = await db.select({ webcode: businesses.webcode, name: businesses.name, info: businesses.info }).from(businesses).where(eq(businesses.id, businessId));
  if (!row) throw new Error(`No business ${businessId}`);
  if (row.webcode) return row.webcode;
  const info = row.info as { webcode?: unknown; code?: unknown };
  const given = [info.webcode, info.code].find((v): v is string => typeof v === 'string' && isWebcode(v.trim().toLowerCase()));
  const base = given ? given.trim().toLowerCase() : webcodeFrom(row.name);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 36)}-${n}`;
    const updated = await db
      .update(businesses)
      .set({ webcode: candidate })
      .where(and(eq(businesses.id, businessId), isNull(businesses.webcode), sql`not exists (select 1 from businesses b where b.webcode = ${candidate})`))
      .returning({ webcode: businesses.webcode })
      .catch((error: unknown) => {
        // Another business took it at the same moment (the unique index): try the next one.
        if ((error as { code?: string }).code === '23505') return [];
        throw error;
      });
    if (updated[0]?.webcode) return updated[0].webcode;
    const [again] = await db.select({ webcode: businesses.webcode }).from(businesses).where(eq(businesses.id, businessId));
    if (again?.webcode) return again.webcode;
  }
  throw new Error(`No free site code for business ${businessId}`);
}

/** A new preview token of a version, valid for `PREVIEW_LINK_HOURS`. */
export async function createPreview(db: Executor, version: Pick<VersionRow, 'id' | 'business_id'>, userId: number | null, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + PREVIEW_LINK_HOURS * 3_600_000);
  await db.insert(sitePreviews).values({ version_id: version.id, business_id: version.business_id, token, expires_at: expiresAt, created_at: now, created_by: userId });
  return { token, expiresAt };
}

/**
 * A new version of the business's `kind`, `queued`, numbered after the last one (under the
 * business's lock, so two publishes at once get two numbers in the order they came), with its
 * preview token.
 */
export async function createVersion(
  db: Database,
  input: { businessId: number; kind: SiteKind; makeLive: boolean; userId: number | null; now: Date },
): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    await lockSites(tx, input.businessId);
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${siteVersions.number}), 0)::int` })
      .from(siteVersions)
      .where(and(eq(siteVersions.business_id, input.businessId), eq(siteVersions.kind, input.kind)));
    const [row] = await tx
      .insert(siteVersions)
      .values({
        business_id: input.businessId,
        kind: input.kind,
        number: (last?.number ?? 0) + 1,
        status: 'queued',
        make_live: input.makeLive,
        created_at: input.now,
        created_by: input.userId,
      })
      .returning();
    await createPreview(tx, row!, input.userId, input.now);
    return row!;
  });
}

/** A version of the business, or undefined. */
export async function findVersion(db: Executor, businessId: number, versionId: number): Promise<VersionRow | undefined> {
  const [row] = await db.select().from(siteVersions).where(and(eq(siteVersions.id, versionId), eq(siteVersions.business_id, businessId)));
  return row;
}

/** The live version of a business's `kind`, or undefined. */
export async function liveVersion(db: Executor, businessId: number, kind: SiteKind): Promise<VersionRow | undefined> {
  const [row] = await db
    .select()
    .from(siteVersions)
    .where(and(eq(siteVersions.business_id, businessId), eq(siteVersions.kind, kind), eq(siteVersions.status, 'live')));
  return row;
}

/**
 * Makes `version` live in one transaction under the business's lock: the live one becomes
 * `superseded`. Returns the version as it is now, and the one it replaced.
 */
export async function switchLive(tx: Executor, version: VersionRow, now: Date): Promise<{ live: VersionRow; replaced: VersionRow | undefined }> {
  const [replaced] = await tx
    .update(siteVersions)
    .set({ status: 'superseded' })
    .where(and(eq(siteVersions.business_id, version.business_id), eq(siteVersions.kind, version.kind), eq(siteVersions.status, 'live')))
    .returning();
  const [live] = await tx.update(siteVersions).set({ status: 'live', live_at: now }).where(eq(siteVersions.id, version.id)).returning();
  return { live: live!, replaced };
}

/** Deletes the versions beyond `VERSIONS_KEPT` (never the live or an unfinished one) with their files. */
export async function pruneVersions(db: Database, store: ObjectStore, businessId: number, kind: SiteKind): Promise<number> {
  const rows = await db
    .select({ id: siteVersions.id, number: siteVersions.number, status: siteVersions.status, business_id: siteVersions.business_id, kind: siteVersions.kind })
    .from(siteVersions)
    .where(and(eq(siteVersions.business_id, businessId), eq(siteVersions.kind, kind)));
  const prune = versionsToPrune(
    rows.map((r) => ({ ...r, status: r.status as SiteVersionStatus })),
    VERSIONS_KEPT,
  );
  if (prune.length === 0) return 0;
  // The rows go first (under the lock, re-checking their status): a file never outlives its row's
  // reason to exist, and a version made live meanwhile is kept.
  const deleted = await db.transaction(async (tx) => {
    await lockSites(tx, businessId);
    return tx
      .delete(siteVersions)
      .where(and(inArray(siteVersions.id, prune), inArray(siteVersions.status, ['ready', 'failed', 'superseded'])))
      .returning({ id: siteVersions.id, business_id: siteVersions.business_id, kind: siteVersions.kind });
  });
  for (const row of deleted) await store.deletePrefix(versionPrefix(row));
  return deleted.length;
}

/** The build log of versions, oldest first, by version id. */
async function buildLogs(db: Executor, versionIds: number[]): Promise<Map<number, BuildLogEntry[]>> {
  const logs = new Map<number, BuildLogEntry[]>();
  if (versionIds.length === 0) return logs;
  const rows = await db.select().from(siteBuildLog).where(inArray(siteBuildLog.version_id, versionIds)).orderBy(asc(siteBuildLog.id));
  for (const row of rows) {
    const list = logs.get(row.version_id) ?? [];
    list.push({ step: row.step as BuildStep, at: row.at.toISOString(), message: row.message });
    logs.set(row.version_id, list);
  }
  return logs;
}

/** The newest still-valid preview of each version. */
async function validPreviews(db: Executor, versionIds: number[], now: Date): Promise<Map<number, { token: string; expiresAt: Date }>> {
  const previews = new Map<number, { token: string; expiresAt: Date }>();
  if (versionIds.length === 0) return previews;
  const rows = await db
    .select({ version_id: sitePreviews.version_id, token: sitePreviews.token, expires_at: sitePreviews.expires_at })
    .from(sitePreviews)
    .where(and(inArray(sitePreviews.version_id, versionIds), gt(sitePreviews.expires_at, now)))
    .orderBy(asc(sitePreviews.expires_at));
  for (const row of rows) previews.set(row.version_id, { token: row.token, expiresAt: row.expires_at });
  return previews;
}

/** Versions as the wire has them, with their creators' names, previews and (when asked) logs. */
export async function toSiteVersions(
  db: Executor,
  rows: VersionRow[],
  options: { addresses: SiteAddresses; webcode: string | null; now: Date; withLogs: boolean },
): Promise<SiteVersion[]> {
  const ids = rows.map((r) => r.id);
  const creatorIds = [...new Set(rows.map((r) => r.created_by).filter((id): id is number => id !== null))];
  const creators = new Map(
    creatorIds.length === 0 ? [] : (await db.select({ id: users.id, name: users.fullname }).from(users).where(inArray(users.id, creatorIds))).map((u) => [u.id, u.name] as const),
  );
  const logs = options.withLogs ? await buildLogs(db, ids) : new Map<number, BuildLogEntry[]>();
  const previews = await validPreviews(db, ids, options.now);
  return rows.map((row) => {
    const preview = row.status === 'failed' ? undefined : previews.get(row.id);
    return {
      id: row.id,
      businessId: row.business_id,
      kind: row.kind as SiteKind,
      number: row.number,
      status: row.status as SiteVersionStatus,
      createdAt: row.created_at.toISOString(),
      createdBy: row.created_by === null ? null : (creators.get(row.created_by) ?? null),
      liveAt: row.live_at?.toISOString() ?? null,
      url: options.webcode ? siteUrl(options.addresses.siteBase, options.webcode, row.kind as SiteKind) : null,
      previewUrl: preview ? previewUrl(options.addresses.previewBase, preview.token) : null,
      previewExpiresAt: preview?.expiresAt.toISOString() ?? null,
      error: row.error,
      buildLog: logs.get(row.id) ?? [],
    };
  });
}

export async function webcodeOf(db: Executor, businessId: number): Promise<string | null> {
  const [row] = await db.select({ webcode: businesses.webcode }).from(businesses).where(eq(businesses.id, businessId));
  return row?.webcode ?? null;
}

/** One version with its log, as the wire has it. */
export async function versionAnswer(db: Executor, row: VersionRow, addresses: SiteAddresses, now: Date): Promise<SiteVersion> {
  const [answer] = await toSiteVersions(db, [row], { addresses, webcode: await webcodeOf(db, row.business_id), now, withLogs: true });
  return answer!;
}

/** The versions of a kind, newest first. */
export async function versionList(db: Executor, businessId: number, kind: SiteKind, addresses: SiteAddresses, now: Date): Promise<SiteVersionList> {
  const rows = await db
    .select()
    .from(siteVersions)
    .where(and(eq(siteVersions.business_id, businessId), eq(siteVersions.kind, kind)))
    .orderBy(desc(siteVersions.number));
  const webcode = await webcodeOf(db, businessId);
  const live = rows.find((r) => r.status === 'live');
  return {
    kind,
    webcode,
    url: live && webcode ? siteUrl(addresses.siteBase, webcode, kind) : null,
    liveVersionId: live?.id ?? null,
    versions: await toSiteVersions(db, rows, { addresses, webcode, now, withLogs: false }),
  };
}
