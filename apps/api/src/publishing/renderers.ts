import type { SiteKind } from '@salondesk/core';
import { renderApp } from './app/renderApp';
import type { SiteRenderer } from './files';
import { renderWebsite } from './site/renderWebsite';

/** The renderer of each kind: the website, and the installable app. */
export const SITE_RENDERERS: Record<SiteKind, SiteRenderer> = {
  website: renderWebsite,
  app: (input) => renderApp(input),
};
