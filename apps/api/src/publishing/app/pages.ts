import { formatMoney } from '@salondesk/core';
import type { SiteImage, SiteInput } from '../files';
import { initialsOf } from './icons';
import { duration, esc as escapeHtml, hoursTable, telHref, telText } from '../site/renderWebsite';


export interface PageTheme {
  theme: string;
  background: string;
  text: string;
}

/** The head every page of the app shares: the manifest, the colours, Apple's icon and title. */
function head(input: SiteInput, theme: PageTheme, title: string, description: string): string {
  const name = escapeHtml(input.business.name);
  return `<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${escapeHtml(description)}">
<meta name="theme-color" content="${theme.theme}">
<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="icons/icon-192.png" type="image/png">
<link rel="apple-touch-icon" href="icons/apple-touch-icon.png">
<meta name="apple-mobile-web-app-capable" content="yes">
<meta name="mobile-web-app-capable" content="yes">
<meta name="apple-mobile-web-app-title" content="${name}">
<meta name="apple-mobile-web-app-status-bar-style" content="default">
<link rel="stylesheet" href="app.css">
<script src="app.js" defer></script>
</head>`;
}

function page(input: SiteInput, theme: PageTheme, title: string, description: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(input.business.language)}">
${head(input, theme, title, description)}
<body>
<header class="bar"><a class="brand" href="./"><img src="icons/icon-192.png" alt="" width="40" height="40"><span>${escapeHtml(input.business.name)}</span></a></header>
<main id="main">
${body}
</main>
</body>
</html>
`;
}

/** A library image in the app at `size` CSS pixels (its file has at least twice as many), loaded when it nears the screen. */
const appImage = (image: SiteImage, className: string, size: number): string =>
  `<img class="${className}" src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="${size}" height="${size}" loading="lazy" decoding="async">`;

function servicesSection(input: SiteInput): string {
  const categories = input.categories.filter((c) => c.services.length > 0);
  if (categories.length === 0) return `<section aria-labelledby="services"><h2 id="services">Services</h2><p>Ask us about our services.</p></section>`;
  const groups = categories
    .map(
      (category) => `<h3>${escapeHtml(category.name)}</h3>
<ul class="services">
${category.services
  .map(
    (s) =>
      `<li>${s.image ? appImage(s.image, 'thumb', 48) : ''}<span class="name">${escapeHtml(s.name)}${s.durationMinutes ? ` <span class="muted">· ${duration(s.durationMinutes)}</span>` : ''}</span><span class="price">${escapeHtml(formatMoney(s.priceCents, input.business.currencySymbol))}</span></li>`,
  )
  .join('\n')}
</ul>`,
    )
    .join('\n');
  return `<section aria-labelledby="services"><h2 id="services">Services</h2>\n${groups}\n</section>`;
}

/** The team, with their photos (the staff visible in appointments). */
function teamSection(input: SiteInput): string {
  if (input.staff.length === 0) return '';
  const people = input.staff
    .map((m) => `<li>${m.photo ? appImage(m.photo, 'face', 64) : `<span class="face" aria-hidden="true">${escapeHtml(initialsOf(m.displayName))}</span>`}<span>${escapeHtml(m.displayName)}${m.title ? `<br><span class="muted">${escapeHtml(m.title)}</span>` : ''}</span></li>`)
    .join('\n');
  return `<section aria-labelledby="team"><h2 id="team">Our team</h2>\n<ul class="team">\n${people}\n</ul>\n</section>`;
}

function hoursSection(input: SiteInput): string {
  if (input.hours.length === 0) return '';
  return `<section aria-labelledby="hours"><h2 id="hours">Opening hours</h2>${hoursTable(input)}<p class="muted">Times are local (${escapeHtml(input.business.timezone.replace(/_/g, ' '))}).</p></section>`;
}

function contactSection(input: SiteInput): string {
  const { address, phone } = input.business;
  const lines = [
    address ? `<p><span class="label">Address</span> ${escapeHtml(address)}</p>` : '',
    phone ? `<p><span class="label">Phone</span> <a href="${telHref(phone)}">${telText(phone)}</a></p>` : '',
    input.websiteUrl ? `<p><a href="${escapeHtml(input.websiteUrl)}">Our website</a></p>` : '',
  ].filter(Boolean);
  return lines.length ? `<section aria-labelledby="visit"><h2 id="visit">Visit us</h2>\n${lines.join('\n')}\n</section>` : '';
}

function bookingBlock(input: SiteInput): string {
  if (!input.bookingUrl) return '';
  return `<p class="book"><a class="button" href="${escapeHtml(input.bookingUrl)}" rel="noopener">Book online</a></p>
<p class="offline-note" hidden>You are offline. Booking opens when you are back online; the information here is kept on your phone.</p>`;
}

/** The app's home: booking, services and prices, hours, how to reach the business. */
export function homePage(input: SiteInput, theme: PageTheme): string {
  const body = `<h1>${escapeHtml(input.business.name)}</h1>
${bookingBlock(input)}
${servicesSection(input)}
${teamSection(input)}
${hoursSection(input)}
${contactSection(input)}
<p class="install-link"><a href="install.html">Install this app on your phone</a></p>`;
  return page(input, theme, input.business.name, `Services, prices, opening hours and online booking at ${input.business.name}.`, body);
}

/** How to install the app on iOS and Android (with the browser's own install button where it offers one). */
export function installPage(input: SiteInput, theme: PageTheme): string {
  const name = escapeHtml(input.business.name);
  const body = `<h1>Install the ${name} app</h1>
<p>Keep our services, prices and hours on your home screen, even offline, and book in one tap.</p>
<p><button type="button" class="button" id="install" hidden>Install app</button></p>
<section aria-labelledby="ios"><h2 id="ios">iPhone and iPad</h2>
<ol>
<li>Open this page in <strong>Safari</strong>.</li>
<li>Tap the <strong>Share</strong> button (the square with an arrow pointing up).</li>
<li>Scroll down and tap <strong>Add to Home Screen</strong>.</li>
<li>Tap <strong>Add</strong>. The ${name} icon appears on your home screen.</li>
</ol></section>
<section aria-labelledby="android"><h2 id="android">Android</h2>
<ol>
<li>Open this page in <strong>Chrome</strong>.</li>
<li>Tap <strong>Install app</strong> above, or open the menu (<span aria-hidden="true">⋮</span><span class="sr-only">three dots</span>) and tap <strong>Install app</strong> (on some phones <strong>Add to Home screen</strong>).</li>
<li>Confirm with <strong>Install</strong>. The ${name} icon appears with your apps.</li>
</ol></section>
<p><a href="./">Back to ${name}</a></p>`;
  return page(input, theme, `Install the ${input.business.name} app`, `How to install the ${input.business.name} app on iPhone, iPad and Android.`, body);
}

/** Shown for a page of the app that was never kept, while offline. */
export function offlinePage(input: SiteInput, theme: PageTheme): string {
  const body = `<h1>You are offline</h1>
<p>This page is not on your phone yet. Our services, prices and hours are: <a href="./">open the ${escapeHtml(input.business.name)} app</a>.</p>`;
  return page(input, theme, `Offline · ${input.business.name}`, `${input.business.name} while offline.`, body);
}

/** The app's stylesheet: system fonts, readable on the business's colour, large touch targets. */
export function appCss(theme: PageTheme): string {
  return `:root{color-scheme:light;--theme:${theme.theme};--on-theme:${theme.text};--bg:${theme.background}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#0f172a;background:var(--bg)}
.bar{background:var(--theme);color:var(--on-theme);padding:max(.75rem,env(safe-area-inset-top)) 1rem .75rem}
.brand{display:flex;align-items:center;gap:.75rem;color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem}
.brand img{border-radius:.5rem}
main{max-width:40rem;margin:0 auto;padding:1rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
h3{font-size:1rem;margin:1.25rem 0 .25rem;color:#334155}
a{color:#1d4ed8}
.button{display:inline-block;min-height:44px;padding:.625rem 1.25rem;border:0;border-radius:.5rem;background:var(--theme);color:var(--on-theme);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.services{list-style:none;margin:0;padding:0}
.services li{display:flex;align-items:center;gap:.75rem;padding:.5rem 0;border-bottom:1px solid #e2e8f0}
.services .name{flex:1 1 auto;min-width:0}
.thumb{flex:none;width:48px;height:48px;border-radius:.5rem;object-fit:cover;background:#e2e8f0}
.team{list-style:none;margin:0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:.75rem}
.team li{display:flex;align-items:center;gap:.75rem}
.face{flex:none;display:inline-flex;align-items:center;justify-content:center;width:64px;height:64px;border-radius:50%;object-fit:cover;background:var(--theme);color:var(--on-theme);font-weight:700}
.price{font-variant-numeric:tabular-nums;white-space:nowrap;font-weight:600}
.muted{color:#475569;font-weight:400}
.hours{border-collapse:collapse}
.hours th,.hours td{text-align:left;padding:.25rem 1.5rem .25rem 0;font-weight:400}
.hours th{color:#334155}
.label{display:inline-block;min-width:5rem;color:#475569}
.offline-note{padding:.5rem .75rem;border-radius:.5rem;background:#fef3c7;color:#78350f}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
ol li{margin:.25rem 0}
`;
}

/**
 * The app's script: registers the service worker; offers the browser's install prompt on the
 * button when there is one; says booking needs a connection while offline.
 */
export function appJs(): string {
  return `'use strict';
if ('serviceWorker' in navigator) {
  window.addEventListener('load', function () {
    navigator.serviceWorker.register('sw.js').catch(function () {});
  });
}
var deferred = null;
window.addEventListener('beforeinstallprompt', function (event) {
  event.preventDefault();
  deferred = event;
  var button = document.getElementById('install');
  if (button) button.hidden = false;
});
document.addEventListener('click', function (event) {
  var target = event.target;
  if (!deferred || !target || target.id !== 'install') return;
  deferred.prompt();
  deferred.userChoice.finally(function () {
    deferred = null;
    target.hidden = true;
  });
});
function showConnection() {
  var notes = document.querySelectorAll('.offline-note');
  for (var i = 0; i < notes.length; i++) notes[i].hidden = navigator.onLine;
}
window.addEventListener('online', showConnection);
window.addEventListener('offline', showConnection);
document.addEventListener('DOMContentLoaded', showConnection);
`;
}
