import { formatMoney } from '@salondesk/core';
import { hashedName, type SiteFiles, type SiteImage, type SiteInput } from '../files';
import { SITE_CSS } from './styles';

/**
 * The business's website: static HTML and CSS (no script), one page for the business (booking,
 * hours, contact, team) and one for the whole price list, a 404 page, `sitemap.xml`, `robots.txt`
 * and a favicon. Structured data for a local business (JSON-LD `BeautySalon`) is in the home page.
 * Every page has its language, a description, a canonical address, landmarks, a skip link and
 * headings in order; colours meet WCAG AA; the layout is one column on phones. Staff photos and
 * service images (copied into the version: `SiteInput.images`) have their size and a text
 * alternative, and load lazily below the fold.
 */

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** HTML-escapes text for element content and attribute values. */
export const esc = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text can end the element. */
const jsonLd = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => [...part][0]!.toUpperCase())
    .join('') || '?';

/** `09:00` → `9:00 AM` (the sites are read by the public, in the business's own clock). */
function clock(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${suffix}`;
}

export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
/** A phone number as link text: it never wraps (non-breaking spaces and hyphens). */
export const telText = (text: string): string => esc(text).replace(/ /g, '&nbsp;').replace(/-/g, '&#8209;');

export function duration(minutes: number | null): string {
  if (minutes === null) return '';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h} h${m > 0 ? ` ${m} min` : ''}` : `${m} min`;
}

interface Page {
  /** The file and its address relative to the site's root (`index.html` → ``). */
  file: string;
  title: string;
  description: string;
  body: string;
  head?: string;
}

function layout(input: SiteInput, page: Page, cssFile: string): string {
  const b = input.business;
  const canonical = `${input.siteUrl}${page.file === 'index.html' ? '' : page.file}`;
  const nav = [
    ['index.html', 'Home'],
    ['services.html', 'Services and prices'],
  ]
    .map(([file, label]) => `<li><a href="${file === 'index.html' ? './' : file}"${file === page.file ? ' aria-current="page"' : ''}>${label}</a></li>`)
    .join('');
  return `<!DOCTYPE html>
<html lang="${esc(b.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)}</title>
<meta name="description" content="${esc(page.description)}">
<meta name="generator" content="Salondesk site v${input.version.number}">
<link rel="canonical" href="${esc(canonical)}">
<link rel="icon" href="favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${cssFile}">
<meta name="theme-color" content="#5b2a86">
${page.head ?? ''}</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<div class="wrap header-row">
<p class="brand"><a href="./">${esc(b.name)}</a></p>
<nav aria-label="Main"><ul class="nav">${nav}</ul></nav>
</div>
</header>
<main id="main" tabindex="-1">
${page.body}
</main>
<footer class="site-footer">
<div class="wrap">
<p>${esc(b.name)}${b.address ? ` · ${esc(b.address)}` : ''}${b.phone ? ` · <a href="${telHref(b.phone)}">${telText(b.phone)}</a>` : ''}</p>
<p class="small">Updated ${esc(input.builtAt.toISOString().slice(0, 10))} · version ${input.version.number}</p>
</div>
</footer>
</body>
</html>
`;
}

export function hoursTable(input: Pick<SiteInput, 'hours'>): string {
  // The week as people read it: Monday first, Sunday last.
  const rows = [1, 2, 3, 4, 5, 6, 0]
    .map((dow) => input.hours.find((h) => h.dow === dow)!)
    .map((h) => `<tr><th scope="row">${DAY_NAMES[h.dow]}</th><td>${h.open ? `${clock(h.start)} – ${clock(h.end)}` : 'Closed'}</td></tr>`)
    .join('');
  return `<table class="hours"><caption class="sr-only">Opening hours</caption><tbody>${rows}</tbody></table>`;
}

/**
 * An image of the page with its size and text alternative; `lazy` for one below the fold (the
 * browser fetches it when it nears the screen), eager for one a visitor sees at once.
 */
export function imageTag(image: SiteImage, className: string, lazy: boolean): string {
  return `<img class="${className}" src="${esc(image.src)}" alt="${esc(image.alt)}" width="${image.width}" height="${image.height}"${lazy ? ' loading="lazy"' : ''} decoding="async">`;
}

/**
 * The services by category; `level` is the categories' heading level (services are one below).
 * The first `eagerImages` images are loaded at once (the top of a page), the others lazily.
 */
function serviceList(input: SiteInput, level: 2 | 3, options: { limitPerCategory?: number; eagerImages?: number } = {}): string {
  const h = `h${level}`;
  const hs = `h${level + 1}`;
  let eager = options.eagerImages ?? 0;
  return input.categories
    .map((category) => {
      const shown = options.limitPerCategory ? category.services.slice(0, options.limitPerCategory) : category.services;
      const items = shown
        .map((s) => {
          const meta = [duration(s.durationMinutes)].filter(Boolean).join(' · ');
          const book = s.bookingUrl ? ` <a class="book-link" href="${esc(s.bookingUrl)}">Book<span class="sr-only"> ${esc(s.name)}</span></a>` : '';
          const image = s.image ? imageTag(s.image, 'service-img', eager-- <= 0) : '';
          return `<li class="service">${image}<div class="service-main"><${hs} class="service-name">${esc(s.name)}</${hs}>${s.description ? `<p class="service-desc">${esc(s.description)}</p>` : ''}${meta ? `<p class="service-meta">${esc(meta)}</p>` : ''}</div><p class="price">${esc(formatMoney(s.priceCents, input.business.currencySymbol))}${book}</p></li>`;
        })
        .join('');
      return `<section class="category" aria-labelledby="cat-${category.id}"><${h} id="cat-${category.id}">${esc(category.name)}</${h}><ul class="services">${items}</ul></section>`;
    })
    .join('\n');
}

function team(input: SiteInput): string {
  if (input.staff.length === 0) return '';
  const people = input.staff
    .map(
      (m) =>
        `<li class="person">${
          m.photo
            ? imageTag(m.photo, 'avatar', true)
            : `<span class="avatar" aria-hidden="true">${esc(initials(m.displayName))}</span>`
        }<p class="person-name">${esc(m.displayName)}</p>${m.title ? `<p class="person-title">${esc(m.title)}</p>` : ''}</li>`,
    )
    .join('');
  return `<section class="band" aria-labelledby="team"><div class="wrap"><h2 id="team">Our team</h2><ul class="people">${people}</ul></div></section>`;
}

function structuredData(input: SiteInput): unknown {
  const b = input.business;
  return {
    '@context': 'https://schema.org',
    '@type': 'BeautySalon',
    '@id': `${input.siteUrl}#business`,
    name: b.name,
    url: input.siteUrl,
    ...(b.phone ? { telephone: b.phone } : {}),
    ...(b.address ? { address: { '@type': 'PostalAddress', streetAddress: b.address } } : {}),
    currenciesAccepted: b.currency,
    openingHoursSpecification: input.hours
      .filter((h) => h.open)
      .map((h) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${SCHEMA_DAYS[h.dow]}`, opens: h.start, closes: h.end })),
    ...(input.bookingUrl ? { potentialAction: { '@type': 'ReserveAction', target: input.bookingUrl } } : {}),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: 'Services',
      itemListElement: input.categories.map((c) => ({
        '@type': 'OfferCatalog',
        name: c.name,
        itemListElement: c.services.map((s) => ({
          '@type': 'Offer',
          price: (s.priceCents / 100).toFixed(2),
          priceCurrency: b.currency,
          itemOffered: { '@type': 'Service', name: s.name, ...(s.image ? { image: new URL(s.image.src, input.siteUrl).href } : {}) },
        })),
      })),
    },
  };
}

function homePage(input: SiteInput): Page {
  const b = input.business;
  const open = input.hours.filter((h) => h.open).length;
  const serviceCount = input.categories.reduce((n, c) => n + c.services.length, 0);
  const body = `<section class="hero" aria-labelledby="title"><div class="wrap">
<h1 id="title">${esc(b.name)}</h1>
<p class="lead">${serviceCount > 0 ? `${serviceCount} services` : 'Services'}${open > 0 ? `, open ${open} days a week` : ''}${b.address ? ` at ${esc(b.address)}` : ''}.</p>
<p class="actions">${input.bookingUrl ? `<a class="button" href="${esc(input.bookingUrl)}">Book an appointment</a>` : ''}${b.phone ? ` <a class="button secondary" href="${telHref(b.phone)}">${telText(`Call ${b.phone}`)}</a>` : ''}</p>
</div></section>
<div class="wrap grid">
<section aria-labelledby="hours-title"><h2 id="hours-title">Opening hours</h2>${hoursTable(input)}<p class="small">Times are local (${esc(b.timezone.replace(/_/g, ' '))}).</p></section>
<section aria-labelledby="visit-title"><h2 id="visit-title">Visit us</h2>${b.address ? `<address><p>${esc(b.address)}</p>` : '<address>'}${b.phone ? `<p><a href="${telHref(b.phone)}">${telText(b.phone)}</a></p>` : ''}</address>${input.appUrl ? `<p><a href="${esc(input.appUrl)}">Get our app</a> for your phone.</p>` : ''}</section>
</div>
${input.categories.length > 0 ? `<section class="band alt" aria-labelledby="popular"><div class="wrap"><h2 id="popular">Popular services</h2><div class="service-columns">${serviceList(input, 3, { limitPerCategory: 3 })}</div><p><a href="services.html">All services and prices</a></p></div></section>` : ''}
${team(input)}`;
  return {
    file: 'index.html',
    title: `${b.name}${b.address ? ` – ${b.address}` : ''}`,
    description: `${b.name}: services and prices, opening hours, our team and online booking${b.address ? ` at ${b.address}` : ''}.`.slice(0, 300),
    body,
    head: `<script type="application/ld+json">${jsonLd(structuredData(input))}</script>\n`,
  };
}

function servicesPage(input: SiteInput): Page {
  const b = input.business;
  const body = `<div class="wrap"><h1>Services and prices</h1>
<p class="lead">Prices in ${esc(b.currency)}.${input.bookingUrl ? ` <a href="${esc(input.bookingUrl)}">Book online</a>.` : ''}</p>
${input.categories.length > 0 ? serviceList(input, 2, { eagerImages: 3 }) : '<p>Our services will be listed here soon.</p>'}
</div>`;
  return { file: 'services.html', title: `Services and prices – ${b.name}`, description: `Every service of ${b.name} with its price and duration.`, body };
}

function notFoundPage(input: SiteInput): Page {
  return {
    file: '404.html',
    title: `Page not found – ${input.business.name}`,
    description: `This page of ${input.business.name}'s site does not exist.`,
    body: `<div class="wrap"><h1>Page not found</h1><p>This page does not exist. <a href="./">Go to the home page</a>.</p></div>`,
  };
}

function favicon(input: SiteInput): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5b2a86"/><text x="32" y="42" font-family="system-ui,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#fff">${esc(initials(input.business.name))}</text></svg>`;
}

/** The website's files (see `SiteFiles`). */
export function renderWebsite(input: SiteInput): SiteFiles {
  const cssFile = `assets/${hashedName('site.css', SITE_CSS)}`;
  const pages = [homePage(input), servicesPage(input), notFoundPage(input)];
  const files: SiteFiles = {
    ...input.images,
    [cssFile]: { body: SITE_CSS, contentType: 'text/css; charset=utf-8', immutable: true },
    'favicon.svg': { body: favicon(input), contentType: 'image/svg+xml' },
    'robots.txt': { body: `User-agent: *\nAllow: /\nSitemap: ${input.siteUrl}sitemap.xml\n`, contentType: 'text/plain; charset=utf-8' },
    'sitemap.xml': {
      body: `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${['', 'services.html']
        .map((p) => `<url><loc>${esc(input.siteUrl + p)}</loc><lastmod>${input.builtAt.toISOString().slice(0, 10)}</lastmod></url>`)
        .join('\n')}\n</urlset>\n`,
      contentType: 'application/xml; charset=utf-8',
    },
  };
  for (const page of pages) files[page.file] = { body: layout(input, page, cssFile), contentType: 'text/html; charset=utf-8' };
  return files;
}
