import type { SiteFile, SiteFiles, SiteInput } from '../files';
import type { AppLook } from './appInput';
import { colourForName, isHexColour, textOn } from './colors';
import { APP_ICONS, renderIcon } from './icons';
import { appCss, appJs, homePage, installPage, offlinePage, type PageTheme } from './pages';
import { serviceWorkerSource } from './serviceWorker';

// Every file keeps its name from version to version (the manifest, the worker and the pages
// name each other), so none is `immutable`: each is revalidated by its ETag on a visit, which is
// what a service worker needs to see a new version.
const utf8 = (contentType: string, text: string): SiteFile => ({ body: Buffer.from(text, 'utf8'), contentType });

/** The web app manifest (name, colours, icons, start and scope relative to the app's address). */
export function appManifest(input: SiteInput, theme: PageTheme): Record<string, unknown> {
  const name = input.business.name;
  return {
    id: './',
    name,
    short_name: name.length <= 12 ? name : [...name].slice(0, 12).join('').trim(),
    description: `Services, prices, opening hours and online booking at ${name}.`,
    lang: input.business.language,
    start_url: './',
    scope: './',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: theme.theme,
    background_color: theme.background,
    categories: ['lifestyle', 'beauty'],
    icons: APP_ICONS.filter((i) => i.purpose !== 'apple').map((i) => ({ src: i.path, sizes: `${i.size}x${i.size}`, type: 'image/png', purpose: i.purpose })),
  };
}

/**
 * The installable app of a business (the spec's "mobile app deploy"): a PWA whose pages hold
 * its info, services and hours, a manifest with its name, colours and icons (drawn with sharp from
 * its logo or initials), a service worker that keeps all of it for offline use and lets booking
 * open online, and a page showing how to install it on iOS and Android. Every path is relative,
 * so the same files work wherever the version is served. Pure: the same input gives the same files.
 */
export async function renderApp(input: SiteInput, look: AppLook = {}): Promise<SiteFiles> {
  const chosen = look.colors && isHexColour(look.colors.theme) && isHexColour(look.colors.background) ? look.colors : null;
  const themeColour = chosen?.theme ?? colourForName(input.business.name);
  const theme: PageTheme = { theme: themeColour, background: chosen?.background ?? '#ffffff', text: textOn(themeColour) };

  const files: SiteFiles = {
    // The staff photos and service images, kept for offline use with everything else.
    ...input.images,
    'index.html': utf8('text/html; charset=utf-8', homePage(input, theme)),
    'install.html': utf8('text/html; charset=utf-8', installPage(input, theme)),
    'offline.html': utf8('text/html; charset=utf-8', offlinePage(input, theme)),
    'app.css': utf8('text/css; charset=utf-8', appCss(theme)),
    'app.js': utf8('text/javascript; charset=utf-8', appJs()),
    'manifest.webmanifest': utf8('application/manifest+json', `${JSON.stringify(appManifest(input, theme), null, 2)}\n`),
  };
  for (const icon of APP_ICONS) {
    files[icon.path] = { body: await renderIcon(icon, { name: input.business.name, theme: theme.theme, logo: look.logo ?? null }), contentType: 'image/png' };
  }
  const cachePrefix = `salondesk-app-${input.business.webcode}-`;
  files['sw.js'] = utf8('text/javascript; charset=utf-8', serviceWorkerSource({ cacheName: `${cachePrefix}v${input.version.number}`, cachePrefix, files: Object.keys(files) }));
  return files;
}
