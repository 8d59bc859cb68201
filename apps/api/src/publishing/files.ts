import { createHash } from 'node:crypto';

/**
 * What a site renderer returns (the website's `renderWebsite`, the app's `renderApp`): its files
 * by path relative to the site's root (`index.html`, `assets/site.3f2a9c1b.css`, `manifest.webmanifest`),
 * each with its body and content type. The build job stores them as one immutable version and
 * serves them at `/sites/{webcode}/` (the app at `/sites/{webcode}/app/`).
 *
 * `immutable: true` for a file whose name changes when its content does (a hash in the name): it is
 * cached for a year; every other file is revalidated by its ETag on each visit.
 */
export interface SiteFile {
  body: Buffer | string;
  /** `text/html; charset=utf-8`, `text/css; charset=utf-8`, `image/png`, `application/manifest+json`, … */
  contentType: string;
  immutable?: boolean;
}

/** A site's files by path: `index.html` must be one of them. */
export type SiteFiles = Record<string, SiteFile>;

/** A path a site file may have: relative, `/`-separated, no `.` or `..` segment, no backslash, at most 200 characters. */
const SITE_PATH = /^(?!.*(?:^|\/)\.{1,2}(?:\/|$))[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/;
export const isSitePath = (path: string): boolean => path.length <= 200 && SITE_PATH.test(path);

/** Why a file map cannot be published, or null. */
export function siteFilesProblem(files: SiteFiles): string | null {
  const paths = Object.keys(files);
  if (!paths.includes('index.html')) return 'The site has no index.html';
  for (const path of paths) {
    if (!isSitePath(path)) return `Not a file path a site may have: ${JSON.stringify(path.slice(0, 80))}`;
    const file = files[path]!;
    if (typeof file.contentType !== 'string' || file.contentType === '') return `${path} has no content type`;
    if (typeof file.body !== 'string' && !Buffer.isBuffer(file.body)) return `${path} has no body`;
  }
  return null;
}

/** `name.3f2a9c1b.ext`: a file name carrying the first 8 hex digits of its content's SHA-256 (for `immutable` files). */
export function hashedName(name: string, body: Buffer | string): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 8);
  const dot = name.lastIndexOf('.');
  return dot < 0 ? `${name}.${hash}` : `${name.slice(0, dot)}.${hash}${name.slice(dot)}`;
}

/** How big each kind of image is on the pages, in CSS pixels: a staff photo, a service image (their files are twice that). */
export const SITE_IMAGE_SIZE = { staff: 96, service: 72 } as const;

/**
 * An image a page shows (a staff photo, a service image): its file in the version, relative to the
 * site's root (`images/staff-12.3f2a9c1b.webp`, one of `SiteInput.images`), its size on the page in
 * CSS pixels (the file has twice as many, for sharp screens) and its text alternative.
 */
export interface SiteImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

/** The business's data a renderer draws from (the website's and the app's). */
export interface SiteInput {
  business: {
    id: number;
    name: string;
    webcode: string;
    address: string | null;
    phone: string | null;
    timezone: string;
    /** ISO 4217 (`USD`), and the symbol its translation data gives (`$`). */
    currency: string;
    currencySymbol: string;
    /** BCP 47 language of the site (`en`). */
    language: string;
  };
  /** Opening hours by weekday, 0 = Sunday … 6 = Saturday (the Business Hours group); closed days have `open: false`. */
  hours: { dow: number; open: boolean; start: string; end: string }[];
  /** Services by category, in their catalogue order; prices in cents. */
  categories: {
    id: number;
    name: string;
    /** `image`: the service's image from the media library, or null. */
    services: { id: number; name: string; description: string | null; priceCents: number; durationMinutes: number | null; image: SiteImage | null; bookingUrl: string | null }[];
  }[];
  /** Staff visible in appointments, by display name; `photo` from the media library, or null (drawn as initials). */
  staff: { id: number; displayName: string; title: string | null; photo: SiteImage | null }[];
  /**
   * The files of every `SiteImage` above, copied from the media library into the version
   * (`publishing/siteImages.ts`): a renderer that shows an image adds these to its files.
   */
  images: SiteFiles;
  /** The booking page (a short link when one exists), or null. */
  bookingUrl: string | null;
  /** Where this site will be served: `https://…/sites/{webcode}/` (the app: `…/app/`), for canonical links and the sitemap. */
  siteUrl: string;
  /** Each kind's address while a version of it is live (the kind being built: always), else null: a link to the app only when it is live. */
  websiteUrl: string | null;
  appUrl: string | null;
  /** The version being built. */
  version: { id: number; number: number };
  /** When the build started (the "updated" date a page may show). */
  builtAt: Date;
}

/** A renderer: the business's data in, the site's files out (pure apart from image work). */
export type SiteRenderer = (input: SiteInput) => SiteFiles | Promise<SiteFiles>;
