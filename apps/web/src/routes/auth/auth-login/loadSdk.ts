/** The SDK chunk: fetched on a sign-in screen's first interaction, awaited on submit. */
export const loadSdk = () => import('../../../app/sdk');

/**
 * Whether the server runs in demo mode (the developer outbox exists): it marks the page it serves
 * with `<meta name="salondesk-demo" content="1">`, so no request is needed to know.
 */
export const isDemoPage = (doc: Document | undefined = globalThis.document): boolean =>
  doc?.querySelector('meta[name="salondesk-demo"]')?.getAttribute('content') === '1';
