import { z } from 'zod/mini';
import { MESSAGES } from '../messages';
import { day, id, instant } from './ids';
import { boundedInt, text, wholeNumber } from './input';

/**
 * Waivers (spec 001 §3 Waiver: id, version, template; assignable to services and to categories;
 * Business `waiversEnabled`; §7 Waivers; issue 18). A waiver's text is published as numbered
 * versions that never change (the database refuses an update): editing the text publishes a new
 * version. A client signs one version on a public page (typed name, drawn signature, consent); the
 * signature keeps that version's id and a SHA-256 of its exact text, the time, the IP address and
 * the browser's user agent, so viewing a signature always shows the text that was signed.
 */

/** The longest waiver name and text, and the longest typed name on a signature. */
export const WAIVER_NAME_MAX = 120;
export const WAIVER_TEMPLATE_MAX = 20_000;
export const SIGNED_NAME_MAX = 120;

/**
 * A drawn signature: strokes of points on a canvas of `SIGNATURE_CANVAS.width` ×
 * `SIGNATURE_CANVAS.height` units, each point `[x, y]` in whole units. Limits keep a signature small
 * (at most `SIGNATURE_MAX_STROKES` strokes and `SIGNATURE_MAX_POINTS` points in all).
 */
export const SIGNATURE_CANVAS = { width: 600, height: 200 } as const;
export const SIGNATURE_MAX_STROKES = 100;
export const SIGNATURE_MAX_POINTS = 5_000;

/** Rows of signatures one `waiver/get-info` page holds at most (spec 001 §9: page and limit). */
export const WAIVER_INFO_LIMIT_MAX = 100;
export const WAIVER_INFO_LIMIT_DEFAULT = 25;
/** The longest range a waiver report or signature list covers (a year and a day). */
export const WAIVER_RANGE_MAX_DAYS = 366;
/** Rows a report's lists hold at most; `truncated` says when more matched. */
export const WAIVER_REPORT_MAX_ROWS = 2_000;
/** Services, categories or locations one assignment or copy names at most. */
export const WAIVER_ASSIGN_MAX = 200;
/** How long a signing link stays valid. */
export const WAIVER_LINK_DAYS = 30;

/** The public signing page's path; it contains `waiver` and an unguessable token. */
export const WAIVER_SIGNING_PATH = '/waiver/{token}';
/** Where the dashboard shows one signature with the version signed (the client profile links here). */
export const WAIVER_SIGNATURE_ROUTE = '/waivers/signatures/{signatureId}';
/** A signing link's token: 43 URL-safe characters (32 random bytes). */
export const waiverToken = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: MESSAGES.waiverLinkNotValid }));

// ── Building blocks ──────────────────────────────────────────────────────────────────────────

export const waiverName = text(WAIVER_NAME_MAX, { min: 1, trim: true, tooShort: MESSAGES.waiverNameRequired });
/** A waiver's text exactly as typed (not trimmed: its hash is of these characters). */
export const waiverTemplate = text(WAIVER_TEMPLATE_MAX).check(
  z.refine((t) => t.trim().length > 0, { error: MESSAGES.waiverTextRequired }),
);
const point = z.tuple([boundedInt(0, SIGNATURE_CANVAS.width), boundedInt(0, SIGNATURE_CANVAS.height)]);
/** The drawn signature: at least one stroke with at least one point. */
export const signatureStrokes = z.array(z.array(point).check(z.minLength(1), z.maxLength(SIGNATURE_MAX_POINTS))).check(
  z.minLength(1, { error: MESSAGES.waiverSignatureRequired }),
  z.maxLength(SIGNATURE_MAX_STROKES, { error: MESSAGES.waiverSignatureTooLong }),
  z.refine((strokes) => strokes.reduce((n, s) => n + s.length, 0) <= SIGNATURE_MAX_POINTS, { error: MESSAGES.waiverSignatureTooLong }),
);
export type SignatureStrokes = z.infer<typeof signatureStrokes>;
const idList = z.array(id).check(z.maxLength(WAIVER_ASSIGN_MAX, { error: `At most ${WAIVER_ASSIGN_MAX}` }));
/** SHA-256 in lowercase hex. */
export const sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/));

// ── What the API answers ─────────────────────────────────────────────────────────────────────

/** A waiver with its current (latest) version and where it is assigned. */
export const waiver = z.object({
  id,
  business_id: id,
  name: z.string(),
  /** The current version: its number, id, text and the hash of that text. */
  version: z.number(),
  version_id: id,
  template: z.string(),
  sha256: sha256Hex,
  published_at: instant,
  /** Services and service categories that need it signed. */
  services: z.array(id),
  categories: z.array(id),
  /** Signatures of any of its versions. */
  signatures: z.number(),
  created_at: instant,
});
export type Waiver = z.infer<typeof waiver>;

/** `waivers/get`: whether waivers are on for the location (Business `waiversEnabled`) and its waivers, by name. */
export const waiverList = z.object({ waiversEnabled: z.boolean(), waivers: z.array(waiver) });
export type WaiverList = z.infer<typeof waiverList>;

/** One published version: never changed once written. */
export const waiverVersion = z.object({
  id,
  waiver_id: id,
  version: z.number(),
  template: z.string(),
  sha256: sha256Hex,
  published_at: instant,
  /** Who published it (the user's full name), null when not known (the demo, a copy). */
  published_by: z.nullable(z.string()),
  signatures: z.number(),
});
export type WaiverVersion = z.infer<typeof waiverVersion>;

/** `waiver/{waiverId}/versions`: every version, newest first. */
export const waiverVersionHistory = z.object({ waiver_id: id, name: z.string(), versions: z.array(waiverVersion) });
export type WaiverVersionHistory = z.infer<typeof waiverVersionHistory>;

/** One signature as lists show it. */
export const waiverSignature = z.object({
  id,
  waiver_id: id,
  waiver_name: z.string(),
  version_id: id,
  /** The version signed, and the waiver's current version (a newer one may need signing). */
  version: z.number(),
  current_version: z.number(),
  /** The client, null when the client record is gone. */
  customer_id: z.nullable(id),
  /** The client's name when signing. */
  customer_name: z.string(),
  /** The name typed on the page. */
  signed_name: z.string(),
  signed_at: instant,
  sha256: sha256Hex,
  ip: z.string(),
  user_agent: z.string(),
});
export type WaiverSignature = z.infer<typeof waiverSignature>;

/** `waiver/signature/{signatureId}`: a signature with the exact text of the version signed and the drawn strokes. */
export const waiverSignatureDetail = z.extend(waiverSignature, {
  template: z.string(),
  strokes: signatureStrokes,
  consent: z.literal(true),
  /** The text's hash computed again now; equal to `sha256` unless the stored text was tampered with. */
  verified: z.boolean(),
});
export type WaiverSignatureDetail = z.infer<typeof waiverSignatureDetail>;

/** `waiver/customer/{customerId}/signatures`: what a client signed, newest first (the client profile shows it). */
export const customerWaiverSignatures = z.object({ customer_id: id, signatures: z.array(waiverSignature) });
export type CustomerWaiverSignatures = z.infer<typeof customerWaiverSignatures>;

/** `waiver/get-info`: a page of signatures in a range (spec 001 §9: page and limit). */
export const waiverInfoQuery = z.object({
  page: z._default(wholeNumber(1, 1_000_000), 1),
  limit: z._default(wholeNumber(1, WAIVER_INFO_LIMIT_MAX), WAIVER_INFO_LIMIT_DEFAULT),
  start: day,
  end: day,
  waiver_id: z.optional(id),
});
export type WaiverInfoQuery = z.input<typeof waiverInfoQuery>;
export const waiverInfoPage = z.object({
  rows: z.array(waiverSignature),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});
export type WaiverInfoPage = z.infer<typeof waiverInfoPage>;

/** `waiver/report/get`: who signed what in the range, and who must still sign before an upcoming appointment in it. */
export const waiverReportQuery = z.object({ start: day, end: day });
export type WaiverReportQuery = z.infer<typeof waiverReportQuery>;

/** Signatures per waiver and version in the range. */
export const waiverReportSigned = z.object({ waiver_id: id, waiver_name: z.string(), version: z.number(), signatures: z.number() });
/** An upcoming appointment whose service (or its category) needs a waiver the client has not signed in its current version. */
export const waiverDue = z.object({
  appointment_id: id,
  starts_at: instant,
  /** The appointment's day in the location's time zone. */
  day,
  customer_id: id,
  customer_name: z.string(),
  service_id: id,
  service_name: z.string(),
  waiver_id: id,
  waiver_name: z.string(),
  version: z.number(),
  /** The newest version the client signed, null when never signed. */
  signed_version: z.nullable(z.number()),
});
export type WaiverDue = z.infer<typeof waiverDue>;
export const waiverReport = z.object({
  start: day,
  end: day,
  summary: z.array(waiverReportSigned),
  signed: z.array(waiverSignature),
  due: z.array(waiverDue),
  /** A list was cut at `WAIVER_REPORT_MAX_ROWS`. */
  truncated: z.boolean(),
});
export type WaiverReport = z.infer<typeof waiverReport>;

/** Per-service and per-category assignment: the waivers it needs. */
export const serviceWaivers = z.object({ service_id: id, waiver_ids: z.array(id) });
export type ServiceWaivers = z.infer<typeof serviceWaivers>;
export const categoryWaivers = z.object({ category_id: id, waiver_ids: z.array(id) });
export type CategoryWaivers = z.infer<typeof categoryWaivers>;

/** A signing link for one client (`waiver/{waiverId}/link`). */
export const waiverLink = z.object({ token: z.string(), path: z.string(), expires_at: instant });
export type WaiverLink = z.infer<typeof waiverLink>;

/** The public signing page (`/waiver/{token}/get`): the version to sign, or what was signed. */
export const waiverSigningPage = z.object({
  business_name: z.string(),
  waiver_name: z.string(),
  customer_name: z.string(),
  version_id: id,
  version: z.number(),
  template: z.string(),
  sha256: sha256Hex,
  expires_at: instant,
  /** Set once the link was used: the version signed and when. */
  signed: z.nullable(z.object({ signature_id: id, version: z.number(), signed_at: instant, signed_name: z.string() })),
});
export type WaiverSigningPage = z.infer<typeof waiverSigningPage>;

// ── What requests carry ──────────────────────────────────────────────────────────────────────

export const waiverCreate = z.object({
  name: waiverName,
  template: waiverTemplate,
  services: z.optional(idList),
  categories: z.optional(idList),
});
export type WaiverCreate = z.input<typeof waiverCreate>;
/** `waiver/{waiverId}/update`: the name (the text changes only by publishing a version). */
export const waiverUpdate = z.object({ name: waiverName });
/** `waivertemplate/{waiverId}/update`: publishes `template` as the next version, if `base_version_id` is still the current one. */
export const waiverTemplateUpdate = z.object({ template: waiverTemplate, base_version_id: id });
export type WaiverTemplateUpdate = z.infer<typeof waiverTemplateUpdate>;
/** `waiver/{waiverId}/copy`: to other locations of the network (or the same one: a copy named `Copy of …`). */
export const waiverCopy = z.object({ business_ids: idList.check(z.minLength(1, { error: MESSAGES.waiverCopyTargetRequired })) });
export const waiverCopyResult = z.object({ copies: z.array(z.object({ business_id: id, waiver_id: id })) });
export const waiverAssignment = z.object({ waiver_ids: idList });
export const waiverLinkCreate = z.object({ customer_id: id });
export const waiverSettingsUpdate = z.object({ waiversEnabled: z.boolean() });
export const waiverSettings = z.object({ waiversEnabled: z.boolean() });
export const waiverDeleted = z.object({ id, deleted: z.literal(true) });

/** The public page's answer: typed name, drawn signature, consent, and the version read. */
export const waiverSign = z.object({
  version_id: id,
  signed_name: text(SIGNED_NAME_MAX, { min: 1, trim: true, tooShort: MESSAGES.waiverSignedNameRequired }),
  strokes: signatureStrokes,
  consent: z.literal(true, { error: MESSAGES.waiverConsentRequired }),
});
export type WaiverSign = z.infer<typeof waiverSign>;
export const waiverSigned = z.object({ signature_id: id, version: z.number(), signed_at: instant, sha256: sha256Hex });

